import Foundation
import Testing
@testable import WaymarkKit

struct LoopDBImporterTests {
    typealias F = LoopFixtures

    private func checks(_ part: SourcePart, _ habit: String) -> [LocalDate] {
        part.export.points.filter { $0.name == habit }.map { $0.date.localDate(in: .utc) }
    }

    // MARK: The real backups (uhabits' own test databases)

    /// uhabits' ImportTest.testLoopDB: 9 habits, "Wake up early" 3 times per 7 days, checked on
    /// 2016-03-14 and 16, not on 17. The row counts per habit were counted with the sqlite3 tool.
    @Test(.enabled(if: TestPaths.hasShared)) func realVersion12Backup() throws {
        let files = F.scan(F.shared("loop-habit-tracker-db/loop-v12.db"))
        let units = LoopDBImporter.importer.claim(files)
        #expect(units.count == 1)
        let part = LoopDBImporter.importer.read(try #require(units.first), ImportContext())
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.name) == ["Wake up early", "brush teeth", "Sleep early", "Vegan", "Sport", "I love you",
                                                 "Vegan (2)", "Sport (2)", "I love you (2)"])
        let wake = part.export.tags[0]
        #expect(wake.habit?.frequency == Frequency(numerator: 3, denominator: 7))
        #expect(wake.color?.description == "#00897b")  // ARGB -16742021 = 0xFF00897B
        #expect(wake.point == nil)
        #expect(wake.habit?.source == "Loop Habit Tracker")
        #expect(wake.habit?.unit == nil && wake.habit?.archived == false)
        let days = checks(part, "Wake up early")
        #expect(days.contains(F.day("2016-03-14")) && days.contains(F.day("2016-03-16")))
        #expect(!days.contains(F.day("2016-03-17")))
        #expect(days.count == 33)
        #expect(days.first == F.day("2016-01-01") && days.last == F.day("2016-03-18"))
        // Before version 23 the description is the question.
        #expect(part.export.tags[1].habit?.question == "I want to have beautiful teeth!")
        #expect(part.export.tags[1].describe == nil)
        #expect(part.export.tags[2].habit?.frequency == Frequency(numerator: 1, denominator: 5))
        #expect(part.export.tags[6].color?.description == "#e64a19")  // -1684967 = 0xFFE64A19
        #expect(checks(part, "Vegan").count == 15 && checks(part, "Vegan (2)").count == 43)
        #expect(part.export.points.count == 164)
        #expect(part.export.points.allSatisfy { $0.point == 0 && $0.type == "tag" && $0.value == nil })
        #expect(part.remarks.contains("backup of schema version 12 (PRAGMA user_version)"))
    }

    /// uhabits' 022.db: "Work out" (question in description, colour index 8) checked on 2020-01-01.
    @Test(.enabled(if: TestPaths.hasShared)) func realVersion22Backup() throws {
        let files = F.scan(F.shared("loop-habit-tracker-db/loop-v22.db"))
        let part = LoopDBImporter.importer.read(try #require(LoopDBImporter.importer.claim(files).first), ImportContext())
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.name) == ["Work out", "Test"])
        #expect(part.export.tags[0].habit?.question == "Did you work out?")
        #expect(part.export.tags[1].habit?.question == nil)
        #expect(part.export.tags[0].color?.description == "#00897b")
        #expect(part.export.tags[0].habit?.frequency == .daily)
        #expect(part.export.points == [PointRecord(point: 0, type: "tag", name: "Work out", date: .day(F.day("2020-01-01")))])
    }

    // MARK: Schema versions

    @Test func version12HasNoValueColumnEveryRowIsACheck() throws {
        let bytes = F.database(version: 12, F.schema12 + """
            INSERT INTO Habits VALUES (1, 0, -2937041, 'Floss every night', 1, 1, 0, 'Floss', 0, 127, NULL, NULL);
            INSERT INTO Repetitions (habit, timestamp) VALUES (1, \(F.ms("2016-03-14"))), (1, \(F.ms("2016-03-15")));
            """)
        let part = LoopDBImporter.read([.memory("Loop Habits Backup 2016-03-20.db", bytes)])
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.count == 1)
        #expect(part.export.tags[0].habit?.question == "Floss every night")
        #expect(part.export.tags[0].color?.description == "#d32f2f")
        #expect(checks(part, "Floss") == [F.day("2016-03-14"), F.day("2016-03-15")])
    }

    /// Version 25: question and description apart, notes on entries, an archived habit, a
    /// numerical habit (values × 1000, target in the unit), and every entry code.
    @Test func version25NotesQuestionArchivedNumerical() throws {
        let bytes = F.database(version: 25, F.schema25 + """
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, name, position, type, target_type, target_value, unit, question)
                VALUES (1, 1, 3, 'Books, not screens', 7, 3, 'Read', 1, 0, 0, 0, '', 'Did you read today?'),
                       (2, 0, 19, '', 7, 1, 'Run', 0, 1, 0, 20.5, 'km', 'How far did you run?'),
                       (3, 0, 8, '', 1, 1, 'Sugar', 2, 1, 1, 3, '', '');
            INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES
                (1, \(F.ms("2024-05-01")), 2, 'Dune, chapter 3'),
                (1, \(F.ms("2024-05-02")), 1, ''),
                (1, \(F.ms("2024-05-03")), 0, 'Sick'),
                (1, \(F.ms("2024-05-04")), 3, NULL),
                (1, \(F.ms("2024-05-05")), -1, NULL),
                (2, \(F.ms("2024-05-01")), 5200, 'Along the river'),
                (2, \(F.ms("2024-05-02")), 0, NULL),
                (2, \(F.ms("2024-05-03")), 3, NULL),
                (2, \(F.ms("2024-05-04")), 12000, NULL),
                (3, \(F.ms("2024-05-01")), 2000, NULL);
            """)
        let part = LoopDBImporter.read([.memory("backup.db", bytes)])
        #expect(part.diagnostics.isEmpty)
        // Ordered by position.
        #expect(part.export.tags.map(\.name) == ["Run", "Read", "Sugar"])
        let run = part.export.tags[0], read = part.export.tags[1], sugar = part.export.tags[2]
        #expect(read.habit?.question == "Did you read today?")
        #expect(read.describe == "Books, not screens")
        #expect(read.habit?.archived == true)
        #expect(read.habit?.unit == nil && read.habit?.target == nil)
        #expect(read.color?.description == "#ff8f00")
        #expect(run.habit?.unit == "km" && run.habit?.target == 20.5 && run.habit?.targetKind == .atLeast)
        #expect(run.habit?.frequency == Frequency(numerator: 1, denominator: 7))
        #expect(run.color?.description == "#aaaaaa")
        #expect(sugar.habit?.unit == "" && sugar.habit?.targetKind == .atMost && sugar.habit?.isNumerical == true)
        #expect(sugar.habit?.question == nil)
        #expect(part.export.points == [
            PointRecord(point: 0, type: "tag", name: "Run", describe: "Along the river", date: .day(F.day("2024-05-01")), value: 5.2),
            PointRecord(point: 0, type: "tag", name: "Run", date: .day(F.day("2024-05-02")), value: 0),
            PointRecord(point: 0, type: "tag", name: "Run", date: .day(F.day("2024-05-04")), value: 12),
            PointRecord(point: 0, type: "tag", name: "Read", describe: "Dune, chapter 3", date: .day(F.day("2024-05-01"))),
            PointRecord(point: 0, type: "tag", name: "Sugar", date: .day(F.day("2024-05-01")), value: 2),
        ])
        #expect(Set(part.export.skips) == [HabitDay(habit: "Read", day: F.day("2024-05-04")), HabitDay(habit: "Run", day: F.day("2024-05-03"))])
        #expect(part.export.notes.count == 1)
        #expect(part.export.notes.first?.body == "Sick")
        #expect(part.export.notes.first?.tag == "Read")
        #expect(part.export.notes.first?.date == .day(F.day("2024-05-03")))
        #expect(part.dropped.contains(.init(LoopPartBuilder.automatic, 1)))
        #expect(part.dropped.contains(.init(LoopPartBuilder.no, 1)))
        #expect(part.dropped.contains(.init(LoopPartBuilder.unknown, 1)))
        #expect(!part.dropped.contains { $0.reason.contains("zero") })
    }

    /// Version 23 moved the question out of the description; notes came only in 25.
    @Test func version23HasAQuestionButNoNotes() throws {
        let bytes = F.database(version: 23, """
            CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer, description text,
                freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer,
                reminder_min integer, reminder_days integer not null default 127, type integer not null default 0,
                target_type integer not null default 0, target_value real not null default 0, unit text not null default "",
                question text);
            CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer not null references habits(id),
                timestamp integer not null, value integer not null);
            INSERT INTO Habits (id, color, description, freq_den, freq_num, name, position, question)
                VALUES (4, 13, '', 1, 1, 'Journal', 0, 'Did you write?');
            INSERT INTO Repetitions (habit, timestamp, value) VALUES (4, \(F.ms("2021-07-01")), 2);
            """)
        let part = LoopDBImporter.read([.memory("v23.db", bytes)])
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.first?.habit?.question == "Did you write?")
        #expect(part.export.tags.first?.describe == nil)
        #expect(part.export.tags.first?.color?.description == "#5e35b1")
        #expect(part.export.points == [PointRecord(point: 0, type: "tag", name: "Journal", date: .day(F.day("2021-07-01")))])
    }

    /// Before version 22 a habit may have two rows on one day and rows of deleted habits; Loop's
    /// migration 22 keeps the lowest row id and deletes the rest, and so does Waymark.
    @Test func duplicatesOrphansAndBadValues() throws {
        let bytes = F.database(version: 18, """
            CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer, description text,
                freq_den integer, freq_num integer, highlight integer, name text, position integer, type integer not null default 0);
            CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer, timestamp integer, value integer not null default 2);
            INSERT INTO Habits (id, color, freq_den, freq_num, name, position) VALUES (1, 5, 1, 1, 'Stretch', 0), (2, 99, 0, 1, '', 1);
            INSERT INTO Repetitions (id, habit, timestamp, value) VALUES
                (10, 1, \(F.ms("2019-02-01")), 2), (11, 1, \(F.ms("2019-02-01")), 0), (12, 7, \(F.ms("2019-02-01")), 2),
                (13, 1, \(F.ms("2019-02-02")), 7), (14, 2, \(F.ms("2019-02-02")), 2), (15, 1, NULL, 2),
                (16, 1, \(F.ms("2019-02-03") + 3_600_000), 2);
            """)
        let part = LoopDBImporter.read([.memory("old.db", bytes)])
        #expect(part.export.tags.map(\.name) == ["Stretch"])
        #expect(part.export.tags[0].color?.description == "#00897b")  // old palette 5 is teal
        #expect(checks(part, "Stretch") == [F.day("2019-02-01"), F.day("2019-02-03")])
        #expect(part.dropped.contains(.init(LoopPartBuilder.duplicate, 1)))
        #expect(part.dropped.contains(.init(LoopDBReader.orphan, 1)))
        #expect(part.dropped.contains(.init(LoopDBReader.undated, 1)))
        #expect(part.dropped.contains(.init(LoopDBReader.unreadHabit, 1)))
        #expect(part.remarks.contains("1 timestamp is not at midnight UTC; read as the UTC day it falls on"))
        let errors = part.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.location) == [.row(table: "Habits", id: 2), .row(table: "Repetitions", id: 13)])
        #expect(errors.allSatisfy { $0.dropsRecord })
        #expect(errors.last?.description == "old.db: Repetitions row 13: value 7 is not one of Loop's codes for a yes/no habit (2 done, 1 automatic, 0 not done, 3 skipped, -1 unknown)")
    }

    @Test func paletteAcrossVersions() {
        #expect(LoopPalette.color(stored: -16742021, schemaVersion: 12)?.description == "#00897b")
        #expect(LoopPalette.color(stored: 12, schemaVersion: 20)?.description == "#aaaaaa")  // old 12 → 19
        #expect(LoopPalette.color(stored: 2, schemaVersion: 14)?.description == "#f9a825")   // old 2 → 4
        #expect(LoopPalette.color(stored: 2, schemaVersion: 21)?.description == "#f57c00")
        #expect(LoopPalette.color(stored: 13, schemaVersion: 20) == nil)
        #expect(LoopPalette.color(stored: 20, schemaVersion: 25) == nil)
        #expect(LoopPalette.color(stored: -1, schemaVersion: 25) == nil)
        #expect(LoopPalette.color(stored: Int64.max, schemaVersion: 12) == nil)
    }

    // MARK: Detection

    @Test func recognisedByContentNotName() throws {
        let loop = F.database(version: 25, F.schema25)
        let other = F.database(version: 3, "CREATE TABLE notes (id integer primary key, body text)")
        // A view called Habits is not Loop's table.
        let views = F.database(version: 25, "CREATE TABLE r (x); CREATE VIEW Habits AS SELECT 1 AS name; CREATE TABLE Repetitions (habit, timestamp)")
        let files: [SourceFile] = [.memory("renamed.bin", loop), .memory("other.db", other), .memory("views.db", views),
                                   .memory("Habits.csv", "Position,Name\n"), .memory("short.db", Array(LoopDBImporter.magic))]
        #expect(LoopDBImporter.importer.claim(files).map { $0.map(\.path) } == [["renamed.bin"]])
    }

    // MARK: Damaged databases

    @Test(.enabled(if: TestPaths.hasShared)) func damagedDatabasesFailCleanly() throws {
        let real = try Array(Data(contentsOf: URL(fileURLWithPath: F.shared("loop-habit-tracker-db/loop-v22.db"))))
        // Cut after the first page: the schema is there, the tables' pages are not.
        let truncated = SourceFile.memory("truncated.db", Array(real.prefix(4096)))
        #expect(LoopDBImporter.recognises(truncated))
        let part = LoopDBImporter.read([truncated])
        #expect(part.diagnostics.count == 1)
        #expect(part.diagnostics.first?.severity == .error)
        #expect(part.diagnostics.first?.location == .file)
        #expect(part.diagnostics.first?.message.hasPrefix("cannot be read: the database is damaged") == true)

        // The header, then garbage: nothing says Loop, so it is not claimed (the reader then
        // reports a file no importer knows).
        var garbage = Array(LoopDBImporter.magic)
        var seed: UInt64 = 42
        for _ in 0..<8192 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            garbage.append(UInt8(truncatingIfNeeded: seed >> 33))
        }
        #expect(!LoopDBImporter.recognises(.memory("garbage.db", garbage)))
        let forced = LoopDBImporter.read([.memory("garbage.db", garbage)])
        #expect(forced.diagnostics.map(\.severity) == [.error])
        #expect(forced.export.tags.isEmpty)

        // The first page intact, every later page garbage.
        var scrambled = real
        for i in 4096..<scrambled.count { scrambled[i] = garbage[i % garbage.count] }
        let damaged = LoopDBImporter.read([.memory("scrambled.db", scrambled)])
        #expect(damaged.diagnostics.contains { $0.severity == .error })
    }

    @Test func wrongSchemaFailsCleanly() {
        // Loop's table names without Loop's columns.
        let bytes = F.database(version: 25, "CREATE TABLE Habits (id integer primary key, title text); CREATE TABLE Repetitions (id, habit, timestamp)")
        let file = SourceFile.memory("odd.db", bytes)
        #expect(LoopDBImporter.recognises(file))
        let part = LoopDBImporter.read([file])
        #expect(part.diagnostics.map(\.description) == ["odd.db: cannot be read: its Habits table has no name column, so it is not a Loop Habit Tracker backup"])
        let newer = LoopDBImporter.read([.memory("new.db", F.database(version: 26, F.schema25))])
        #expect(newer.diagnostics.map(\.severity) == [.warning])
    }

    // MARK: On disk and in a zip

    /// A backup on disk is read where it is and nothing is written beside it, not even for a
    /// database in WAL mode (which `mode=ro` would give a -wal and -shm file).
    @Test func diskFileIsReadInPlaceWithoutWriting() throws {
        let dir = TemporaryDirectory()
        var bytes = F.database(version: 25, F.schema25 + """
            INSERT INTO Habits (id, color, freq_den, freq_num, name, position) VALUES (1, 0, 1, 1, 'Walk', 0);
            INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, \(F.ms("2025-01-02")), 2);
            """)
        bytes[18] = 2  // WAL mode, as the app's own database file may be
        bytes[19] = 2
        dir.write("Loop Habits Backup 2025-01-03.db", bytes)
        let files = F.scan(dir.path)
        #expect(files.first?.diskPath != nil)
        let units = LoopDBImporter.importer.claim(files)
        let part = LoopDBImporter.importer.read(try #require(units.first), ImportContext())
        #expect(part.diagnostics.isEmpty)
        #expect(checks(part, "Walk") == [F.day("2025-01-02")])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["Loop Habits Backup 2025-01-03.db"])
        #expect(SQLiteDatabase.uri("/a b/x?y#z%.db") == "file:///a b/x%3fy%23z%25.db?immutable=1")
        #expect(SQLiteDatabase.uri("//host/x.db") == "file:////host/x.db?immutable=1")
    }

    @Test func backupInsideAZipIsReadFromMemory() throws {
        let dir = TemporaryDirectory()
        let bytes = F.database(version: 25, F.schema25 + """
            INSERT INTO Habits (id, color, freq_den, freq_num, name, position) VALUES (1, 0, 1, 1, 'Walk', 0);
            INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, \(F.ms("2025-01-02")), 2), (1, \(F.ms("2025-01-04")), 2);
            """)
        F.writeZip(dir.file("backups.zip"), [("Phone/Loop/backup.db", bytes), ("Phone/readme.txt", Array("hello".utf8))])
        let outcome = SourceReader(importers: [LoopDBImporter.importer, LoopCSVImporter.importer]).read([dir.file("backups.zip")])
        #expect(outcome.imported.export.points.count == 2)
        #expect(outcome.reports.first?.parts.map(\.kind) == [LoopDBImporter.name])
        #expect(outcome.reports.first?.ignored == [dir.file("backups.zip") + "/Phone/readme.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["backups.zip"])
    }
}
