#if os(Linux)
import CArchiveLinux  // the same header as WaymarkKit's; the test target links libarchive itself
#else
import CArchive
#endif
import CSQLite
import Foundation
import Testing
@testable import WaymarkKit

/// Builds the Loop Habit Tracker inputs the tests need: small SQLite databases from SQL (so each
/// test shows the schema version and rows it reads), zip archives, and source files as the
/// scanner makes them.
enum LoopFixtures {
    /// The bytes of a database made by running `sql` (then `PRAGMA user_version = version`).
    static func database(version: Int, _ sql: String) -> [UInt8] {
        var db: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_close(db) }
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(db, sql + "; PRAGMA user_version = \(version);", nil, nil, &error)
        if status != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? "?"
            sqlite3_free(error)
            Issue.record("fixture SQL failed: \(message)")
            return []
        }
        var size: sqlite3_int64 = 0
        guard let data = sqlite3_serialize(db, "main", &size, 0) else { return [] }
        defer { sqlite3_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: Int(size)))
    }

    /// Loop's tables as schema version 12 has them (uhabits' migrations 09 to 12): no value column.
    static let schema12 = """
        CREATE TABLE Habits (Id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER, description TEXT,
            freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER, reminder_days INTEGER,
            reminder_hour INTEGER, reminder_min INTEGER);
        CREATE TABLE Repetitions (Id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(Id), timestamp INTEGER);
        """

    /// Loop's tables as schema version 25 has them (migrations 09 to 25).
    static let schema25 = """
        CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer, description text,
            freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer,
            reminder_min integer, reminder_days integer not null default 127, type integer not null default 0,
            target_type integer not null default 0, target_value real not null default 0, unit text not null default "",
            question text, uuid text);
        CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer not null references habits(id),
            timestamp integer not null, value integer not null, notes text);
        CREATE UNIQUE INDEX idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);
        """

    /// Milliseconds at UTC midnight of `day` (`yyyy-MM-dd`), as Loop stores a day.
    static func ms(_ day: String) -> Int64 {
        Int64(Self.day(day).dayNumber) * 86_400_000
    }

    static func day(_ text: String) -> LocalDate {
        guard case .day(let date)? = DateTimeText.parse(text) else {
            Issue.record("not a day: \(text)")
            return LocalDate(dayNumber: 0)
        }
        return date
    }

    /// Writes a zip archive of `entries` (path inside, bytes) at `path`.
    static func writeZip(_ path: String, _ entries: [(String, [UInt8])]) {
        guard let archive = archive_write_new() else { return }
        defer { archive_write_free(archive) }
        archive_write_set_format_zip(archive)
        archive_write_open_filename(archive, path)
        for (name, bytes) in entries {
            guard let entry = archive_entry_new() else { continue }
            archive_entry_set_pathname(entry, name)
            archive_entry_set_filetype(entry, 0o100000)
            archive_entry_set_perm(entry, 0o644)
            archive_entry_set_size(entry, Int64(bytes.count))
            archive_write_header(archive, entry)
            bytes.withUnsafeBytes { _ = archive_write_data(archive, $0.baseAddress, $0.count) }
            archive_entry_free(entry)
        }
        archive_write_close(archive)
    }

    /// The files of a folder, zip or file as the importers get them.
    static func scan(_ path: String) -> [SourceFile] {
        guard case .success(let scanned) = SourceScanner(fileSystem: .local).scan(path), case .files(let files) = scanned.shape else { return [] }
        return files
    }

    /// The files of a Loop export folder in `real-exports`.
    static func shared(_ relative: String) -> String {
        TestPaths.shared.appendingPathComponent("real-exports/" + relative).path
    }

    /// The habits of one of Loop's own CSV exports in `real-exports/loop-habit-tracker-csv/`
    /// (its exporter test data), as of the end of 2015-01-25 in UTC, the day the data ends.
    static func exporterTestLog(_ folder: String) throws -> HabitLog {
        let unit = try #require(LoopCSVImporter.importer.claim(scan(shared("loop-habit-tracker-csv/" + folder))).first)
        let export = LoopCSVImporter.importer.read(unit, ImportContext()).export
        return HabitLog(export: export, now: Int64(day("2015-01-25").dayNumber) * 86_400 + 86_399, zone: .utc)
    }
}
