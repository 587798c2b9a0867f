import CSQLite
import Foundation
import Testing
@testable import WaymarkKit

/// Loop backups of a database in WAL mode, whose newest changes (or every table) are still in the
/// write-ahead log `NAME-wal`. Each expected value is what SQLite itself reads from the same
/// files, opened normally (read-write, so that it recovers the log) in a scratch folder.
struct LoopWriteAheadLogTests {
    typealias F = LoopFixtures

    /// Writes `name` and `name-wal` into `dir`: a live WAL-mode database where `checkpointed` ran
    /// before a checkpoint (so it is in the file) and `logged` after it (so it is only in the log),
    /// copied while the connection is open, as a copy of the app's files would be.
    static func walDatabase(in dir: TemporaryDirectory, _ name: String, checkpointed: String, logged: String) {
        let live = dir.file(".live/" + name)
        dir.write(".live/.keep", "")
        var db: OpaquePointer?
        guard sqlite3_open_v2(live, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else { return }
        defer { sqlite3_close(db) }
        func run(_ sql: String) {
            var error: UnsafeMutablePointer<CChar>?
            if sqlite3_exec(db, sql, nil, nil, &error) != SQLITE_OK {
                Issue.record("fixture SQL failed: \(error.map { String(cString: $0) } ?? "?")")
                sqlite3_free(error)
            }
        }
        run("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;")
        if !checkpointed.isEmpty { run(checkpointed + "; PRAGMA wal_checkpoint(TRUNCATE);") }
        run(logged)
        let fm = FileManager.default
        try? fm.copyItem(atPath: live, toPath: dir.file(name))
        try? fm.copyItem(atPath: live + "-wal", toPath: dir.file(name + "-wal"))
    }

    /// What SQLite reads from `name` with its log: habit names and check timestamps, in id order.
    static func sqliteReads(_ dir: TemporaryDirectory, _ name: String) -> (habits: [String], checks: [Int64]) {
        let scratch = TemporaryDirectory()
        try? FileManager.default.copyItem(atPath: dir.file(name), toPath: scratch.file("x.db"))
        try? FileManager.default.copyItem(atPath: dir.file(name + "-wal"), toPath: scratch.file("x.db-wal"))
        var db: OpaquePointer?
        guard sqlite3_open_v2(scratch.file("x.db"), &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { return ([], []) }
        defer { sqlite3_close(db) }
        func column(_ sql: String) -> [String] {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { return [] }
            defer { sqlite3_finalize(statement) }
            var out: [String] = []
            while sqlite3_step(statement) == SQLITE_ROW { out.append(String(cString: sqlite3_column_text(statement, 0))) }
            return out
        }
        return (column("SELECT name FROM Habits ORDER BY id"),
                column("SELECT timestamp FROM Repetitions WHERE value = 2 ORDER BY id").compactMap { Int64($0) })
    }

    static let walk = "INSERT INTO Habits (id, color, freq_den, freq_num, name, position) VALUES (1, 0, 1, 1, 'Walk', 0)"
    static func check(_ day: String, habit: Int = 1) -> String {
        "INSERT INTO Repetitions (habit, timestamp, value) VALUES (\(habit), \(F.ms(day)), 2)"
    }

    static func reader() -> SourceReader { SourceReader(importers: [LoopDBImporter.importer, LoopCSVImporter.importer]) }

    static func names(_ export: Export) -> [String] { export.tags.compactMap(\.name) }
    static func stamps(_ export: Export) -> [Int64] {
        export.points.map { Int64($0.date.localDate(in: .utc).dayNumber) * 86_400_000 }
    }

    @Test func aBackupWhoseTablesAreAllInItsLogIsRead() throws {
        let dir = TemporaryDirectory()
        Self.walDatabase(in: dir, "backup.db", checkpointed: "",
                         logged: F.schema25 + "; PRAGMA user_version = 25; " + Self.walk + "; " + Self.check("2025-01-02") + "; " + Self.check("2025-01-05"))
        // The file alone has no table: its head names none.
        let head = try #require(FileManager.default.contents(atPath: dir.file("backup.db")))
        #expect(head[18] == 2 && !LoopDBImporter.mentions("Habits", in: Array(head)))
        let expected = Self.sqliteReads(dir, "backup.db")
        #expect(expected.habits == ["Walk"])
        #expect(expected.checks == [F.ms("2025-01-02"), F.ms("2025-01-05")])

        for source in [dir.file("backup.db"), dir.path] {
            let out = Self.reader().read([source])
            #expect(out.imported.errors.isEmpty)
            #expect(Self.names(out.imported.export) == expected.habits)
            #expect(Self.stamps(out.imported.export) == expected.checks)
            let part = try #require(out.reports.first?.parts.first)
            #expect(part.files.map { $0.hasSuffix("backup.db-wal") } == [false, true])
            #expect(part.remarks.contains { $0.hasPrefix("read with its write-ahead log backup.db-wal, which held ") && $0.hasSuffix(" committed page writes newer than backup.db") })
        }
        // Nothing was written beside the user's files (SQLite's mode=ro would have made a -shm).
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [".live", "backup.db", "backup.db-wal"])
    }

    @Test func changesNewerThanTheFileAreReadFromTheLog() throws {
        let dir = TemporaryDirectory()
        Self.walDatabase(in: dir, "backup.db",
                         checkpointed: F.schema25 + "; PRAGMA user_version = 25; " + Self.walk + "; " + Self.check("2025-01-02"),
                         logged: "INSERT INTO Habits (id, color, freq_den, freq_num, name, position) VALUES (2, 0, 1, 1, 'Read', 1); "
                             + Self.check("2025-01-03") + "; " + Self.check("2025-01-03", habit: 2))
        let expected = Self.sqliteReads(dir, "backup.db")
        #expect(expected.habits == ["Walk", "Read"])
        #expect(expected.checks.count == 3)
        let out = Self.reader().read([dir.file("backup.db")])
        #expect(out.imported.errors.isEmpty)
        #expect(Self.names(out.imported.export) == expected.habits)
        #expect(Self.stamps(out.imported.export).sorted() == expected.checks.sorted())

        // Inside a zip, the log beside the database in the archive is applied the same way.
        let db = try #require(FileManager.default.contents(atPath: dir.file("backup.db")))
        let log = try #require(FileManager.default.contents(atPath: dir.file("backup.db-wal")))
        F.writeZip(dir.file("phone.zip"), [("Phone/backup.db", Array(db)), ("Phone/backup.db-wal", Array(log))])
        let zipped = Self.reader().read([dir.file("phone.zip")])
        #expect(zipped.imported.errors.isEmpty)
        #expect(Self.names(zipped.imported.export) == expected.habits)
        #expect(zipped.reports.first?.ignored == [])
    }

    @Test func aDamagedLastFrameLeavesTheCommitsBeforeIt() throws {
        let dir = TemporaryDirectory()
        Self.walDatabase(in: dir, "backup.db", checkpointed: "",
                         logged: F.schema25 + "; PRAGMA user_version = 25; " + Self.walk + "; " + Self.check("2025-01-02") + "; " + Self.check("2025-01-09"))
        // Flip a byte in the last frame's page: its checksum fails, so its commit is not applied.
        var log = try #require(FileManager.default.contents(atPath: dir.file("backup.db-wal")))
        log[log.count - 100] ^= 0xFF
        try log.write(to: URL(fileURLWithPath: dir.file("backup.db-wal")))
        let expected = Self.sqliteReads(dir, "backup.db")
        #expect(expected.checks == [F.ms("2025-01-02")])
        let out = Self.reader().read([dir.file("backup.db")])
        #expect(out.imported.errors.isEmpty)
        #expect(Self.stamps(out.imported.export) == expected.checks)
    }

    @Test func aBackupWithoutItsLogSaysWhy() throws {
        let dir = TemporaryDirectory()
        Self.walDatabase(in: dir, "backup.db", checkpointed: "", logged: F.schema25 + "; " + Self.walk)
        try FileManager.default.removeItem(atPath: dir.file("backup.db-wal"))
        let why = "an SQLite database in WAL mode whose tables are all still in its write-ahead log, backup.db-wal, which is not beside it; if it is a Loop Habit Tracker backup, open Loop and export the backup again, or copy backup.db-wal beside it"

        // Given alone: an error saying so, where it said "not a format Waymark knows".
        let alone = Self.reader().read([dir.file("backup.db")])
        #expect(alone.imported.errors.map(\.description) == [dir.file("backup.db") + ": " + why])
        #expect(alone.imported.errors.map(\.kind) == [.badData])

        // In a folder: a warning on the file, then the folder holds nothing Waymark knows.
        try FileManager.default.removeItem(atPath: dir.file(".live"))
        let folder = Self.reader().read([dir.path])
        #expect(folder.imported.warnings.map(\.description) == [dir.file("backup.db") + ": not read: " + why])
        #expect(folder.imported.errors.count == 1)
    }
}
