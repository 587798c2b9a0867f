import Foundation
import Testing
@testable import WaymarkKit

struct LoopCSVImporterTests {
    typealias F = LoopFixtures

    private func checks(_ part: SourcePart, _ habit: String) -> [LocalDate] {
        part.export.points.filter { $0.name == habit }.map { $0.date.localDate(in: .utc) }
    }

    private func read(_ files: [SourceFile]) throws -> SourcePart {
        let units = LoopCSVImporter.importer.claim(files)
        #expect(units.count == 1)
        return LoopCSVImporter.importer.read(try #require(units.first), ImportContext())
    }

    /// "Wake up early" in uhabits' exporter test: YES_MANUAL on 2015-01-16, 17, 20, 21, 22 and 25,
    /// YES_AUTO on 18, 19 and 23, NO on 24 (counted in the files by hand).
    static let wakeUpEarlyChecks = ["2015-01-16", "2015-01-17", "2015-01-20", "2015-01-21", "2015-01-22", "2015-01-25"]

    @Test(.enabled(if: TestPaths.hasShared)) func realCurrentExport() throws {
        let files = F.scan(F.shared("loop-habit-tracker-csv/csv_export"))
        let units = LoopCSVImporter.importer.claim(files)
        // Habits.csv, the two summaries and two files in each of the two habit folders.
        #expect(units.map(\.count) == [7])
        let part = LoopCSVImporter.importer.read(try #require(units.first), ImportContext())
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.name) == ["Meditate", "Wake up early"])
        let meditate = part.export.tags[0], wake = part.export.tags[1]
        #expect(meditate.habit?.question == "Did you meditate this morning?")
        #expect(meditate.habit?.frequency == .daily)
        #expect(meditate.color?.description == "#ff8f00")
        #expect(wake.habit?.frequency == Frequency(numerator: 2, denominator: 3))
        #expect(wake.color?.description == "#00897b")
        #expect(wake.point == nil && wake.habit?.source == "Loop Habit Tracker" && wake.habit?.archived == false)
        #expect(wake.habit?.unit == nil)
        #expect(checks(part, "Wake up early") == Self.wakeUpEarlyChecks.map(F.day))
        #expect(part.export.points.allSatisfy { $0.point == 0 && $0.type == "tag" && $0.value == nil && $0.describe == nil })
        #expect(part.dropped.contains(.init(LoopPartBuilder.automatic, 3)))
        #expect(part.dropped.contains(.init(LoopPartBuilder.no, 1)))
        // Notes on a NO day and on two automatic days are kept as notes of the habit.
        #expect(part.export.notes.map(\.body) == ["\"Vacation\"", "Forgot to do it, really", "Sick"])
        #expect(part.export.notes.map { $0.date?.localDate(in: .utc) } == ["2015-01-19", "2015-01-23", "2015-01-24"].map(F.day))
        #expect(part.export.notes.allSatisfy { $0.tag == "Wake up early" })
        #expect(part.remarks.contains("Scores.csv of 2 habits not read: Waymark computes habit strength itself"))
    }

    @Test(.enabled(if: TestPaths.hasShared)) func realLegacyExport() throws {
        let files = F.scan(F.shared("loop-habit-tracker-csv/csv_export_legacy_pre2025"))
        let part = try read(files)
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.name) == ["Meditate", "Wake up early"])
        #expect(part.export.tags[1].habit?.frequency == Frequency(numerator: 2, denominator: 3))
        #expect(part.export.tags[1].habit?.question == "Did you wake up before 6am?")
        #expect(part.export.tags[1].habit?.unit == nil)  // codes 2, 1, 0 only: yes/no
        #expect(checks(part, "Wake up early") == Self.wakeUpEarlyChecks.map(F.day))
        #expect(checks(part, "Meditate").isEmpty)  // an empty (0-byte) file
        #expect(part.dropped.contains(.init(LoopPartBuilder.automatic, 3)))
        #expect(part.export.notes.isEmpty)
    }

    /// The current format with a BOM and CRLF line ends, a name with a comma (quoted in
    /// Habits.csv, dropped from the folder's name as Loop does), a multi-line description, an
    /// archived habit, numerical habits with values × 1000 and a header-only file.
    @Test func currentFormatQuirks() throws {
        let bom = "\u{FEFF}"
        let habits = bom + [
            "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?",
            "001,\"Read, write\",YES_NO,Did you read?,\"Two lines\r\nof description\",3,7,#D32F2F,,,,true",
            "002,Run,NUMERICAL,How far?,,1,7,#00897B,km,AT_LEAST,20.5,false",
            "003,Sugar,NUMERICAL,,,1,1,#aaaaaa,,AT_MOST,3.0,false",
        ].joined(separator: "\r\n") + "\r\n"
        let files: [SourceFile] = [
            .memory("Habits.csv", habits),
            .memory("001 Read write/Checkmarks.csv", bom + "Date,Value,Notes\r\n2025-03-02,YES_MANUAL,\"Chapter 1, 2\"\r\n2025-03-01,SKIP,\r\n"),
            .memory("002 Run/Checkmarks.csv", "Date,Value,Notes\n2025-03-03,5200,\n2025-03-02,NO,\n2025-03-01,12000,Long one\n"),
            .memory("003 Sugar/Checkmarks.csv", "Date,Value,Notes\n"),
        ]
        let part = try read(files)
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.name) == ["Read, write", "Run", "Sugar"])
        let readWrite = part.export.tags[0], run = part.export.tags[1], sugar = part.export.tags[2]
        #expect(readWrite.describe == "Two lines\nof description")
        #expect(readWrite.habit?.question == "Did you read?")
        #expect(readWrite.habit?.archived == true)
        #expect(readWrite.habit?.frequency == Frequency(numerator: 3, denominator: 7))
        #expect(readWrite.color?.description == "#d32f2f")
        #expect(run.habit?.unit == "km" && run.habit?.target == 20.5 && run.habit?.targetKind == .atLeast)
        #expect(sugar.habit?.unit == "" && sugar.habit?.target == 3 && sugar.habit?.targetKind == .atMost)
        #expect(part.export.points == [
            PointRecord(point: 0, type: "tag", name: "Read, write", describe: "Chapter 1, 2", date: .day(F.day("2025-03-02"))),
            PointRecord(point: 0, type: "tag", name: "Run", describe: "Long one", date: .day(F.day("2025-03-01")), value: 12),
            // NO at a numerical habit is Loop's value 0: an entry of none, with no point.
            PointRecord(point: 0, type: "tag", name: "Run", date: .day(F.day("2025-03-02")), value: 0),
            PointRecord(point: 0, type: "tag", name: "Run", date: .day(F.day("2025-03-03")), value: 5.2),
        ])
        #expect(part.export.skips == [HabitDay(habit: "Read, write", day: F.day("2025-03-01"))])
        #expect(part.dropped.isEmpty)
    }

    /// The legacy format does not say which habits are numerical; values beyond the codes do.
    @Test func legacyNumericalHabitAndEmptyFile() throws {
        let files: [SourceFile] = [
            .memory("Habits.csv", "Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,Pushups,How many?,,1,1,#FF8F00\n002,Floss,,,1,1,#00897B\n"),
            .memory("001 Pushups/Checkmarks.csv", "2020-01-03,3\n2020-01-02,30000\n2020-01-01,0\n"),
            .memory("001 Pushups/Scores.csv", "2020-01-03,0.1000\n"),
            .memory("002 Floss/Checkmarks.csv", ""),
        ]
        let part = try read(files)
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.habit?.unit) == ["", nil])
        #expect(part.export.points == [PointRecord(point: 0, type: "tag", name: "Pushups", date: .day(F.day("2020-01-01")), value: 0),
                                       PointRecord(point: 0, type: "tag", name: "Pushups", date: .day(F.day("2020-01-02")), value: 30)])
        #expect(part.export.skips == [HabitDay(habit: "Pushups", day: F.day("2020-01-03"))])
        #expect(part.dropped.isEmpty)
        #expect(part.remarks.contains("“Pushups” read as a numerical habit (values are amounts × 1000): this export does not say"))
    }

    /// The oldest Habits.csv (until 2019) has no Question column: the description was the question.
    @Test func oldestHeaderDescriptionIsTheQuestion() throws {
        let files: [SourceFile] = [
            .memory("Habits.csv", "Position,Name,Description,NumRepetitions,Interval,Color\n001,Stretch,Did you stretch?,5,7,#7CB342\n"),
            .memory("001 Stretch/Checkmarks.csv", "2018-06-01,2\n"),
        ]
        let part = try read(files)
        #expect(part.export.tags.first?.habit?.question == "Did you stretch?")
        #expect(part.export.tags.first?.describe == nil)
        #expect(part.export.tags.first?.habit?.frequency == Frequency(numerator: 5, denominator: 7))
        #expect(checks(part, "Stretch") == [F.day("2018-06-01")])
    }

    /// Each bad row is reported at its line and column and dropped. Walk is a yes/no habit by its
    /// Type, so 7 is an error (without a Type column, 7 would make it a numerical habit).
    @Test func badRowsArePointedAt() throws {
        let files: [SourceFile] = [
            .memory("Habits.csv", "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color\n001,Walk,YES_NO,,,1,1,#00897B\n002,,YES_NO,,,1,1,red\n"),
            .memory("001 Walk/Checkmarks.csv", "2020-01-04,2\n2020-13-01,2\n2020-01-02,MAYBE\n2020-01-01,7\n2020-01-05\n"),
            .memory("002 x/Checkmarks.csv", "2020-01-01,2\n2020-01-02,2\n"),
            .memory("004 Swim/Checkmarks.csv", "2020-01-01,2\n"),
            .memory("005 Bike/Checkmarks.csv", [0xFF, 0xFE, 0x32, 0x00]),
        ]
        let part = try read(files)
        #expect(part.diagnostics.map(\.description) == [
            "Habits.csv:3:1: the habit has no name; skipped with its entries",
            "001 Walk/Checkmarks.csv:2:1: not a date yyyy-MM-dd (got \"2020-13-01\")",
            "001 Walk/Checkmarks.csv:3:12: expected YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN or a number (got \"MAYBE\")",
            "001 Walk/Checkmarks.csv:5:1: expected a date and a value (got \"2020-01-05\")",
            "005 Bike/Checkmarks.csv:1:1: the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8",
            "004 Swim/Checkmarks.csv: Habits.csv has no habit numbered 4; read as habit “Swim”",
            "001 Walk/Checkmarks.csv:4:12: 7 is not one of Loop's codes for a yes/no habit (2 done, 1 automatic, 0 not done, 3 skipped, -1 unknown)",
        ])
        #expect(part.diagnostics.filter { $0.severity == .error }.allSatisfy { $0.dropsRecord || $0.location == .lineColumn(line: 1, column: 1) })
        #expect(checks(part, "Walk") == [F.day("2020-01-04")])
        #expect(checks(part, "Swim") == [F.day("2020-01-01")])
        #expect(part.dropped.contains(.init(LoopDBReader.unreadHabit, 2)))
    }

    @Test func twoHabitsOfOneName() throws {
        let files: [SourceFile] = [
            .memory("Habits.csv", "Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,Vegan,,,1,1,#00897B\n002,Vegan,,,1,1,#E64A19\n"),
            .memory("001 Vegan/Checkmarks.csv", "2020-01-01,2\n"),
            .memory("002 Vegan/Checkmarks.csv", "2020-01-01,2\n2020-01-02,2\n"),
        ]
        let part = try read(files)
        #expect(part.export.tags.map(\.name) == ["Vegan", "Vegan (2)"])
        #expect(checks(part, "Vegan").count == 1 && checks(part, "Vegan (2)").count == 2)
    }

    // MARK: Detection

    @Test func claimsTheExportByItsShape() {
        let habits = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n"
        let files: [SourceFile] = [
            .memory("loop/habits (1).csv", habits),          // renamed: found by its header
            .memory("loop/Checkmarks.csv", "Date,\n"),
            .memory("loop/001 Walk/Checkmarks.csv", "Date,Value,Notes\n"),
            .memory("loop/001 Walk/Scores.csv", "Date,Score\n"),
            .memory("loop/001 Walk/photo.jpg", "x"),
            .memory("loop/misc/Checkmarks.csv", "x"),         // not a habit's folder
            .memory("loop/001 Walk/deeper/Checkmarks.csv", "x"),
            .memory("Checkmarks.csv", "2020-01-01,2\n"),       // no Habits.csv beside it
            .memory("weights.csv", "date,kg\n2020-01-01,70\n"),
            .memory("HabitBull.csv", "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"),
            .memory("Positions.csv", "Position,Name,Value\n"),
            .memory("quoted/Habits.csv", "\"Position\",\"Name\",\"Question\",\"Description\",\"NumRepetitions\",\"Interval\",\"Color\"\n"),
        ]
        let units = LoopCSVImporter.importer.claim(files)
        #expect(units.map { $0.map(\.path) } == [
            ["loop/habits (1).csv", "loop/Checkmarks.csv", "loop/001 Walk/Checkmarks.csv", "loop/001 Walk/Scores.csv"],
            ["quoted/Habits.csv"],
        ])
        #expect(LoopCSVImporter.habitNumber("001 Wake up early") == 1)
        #expect(LoopCSVImporter.habitNumber("012") == 12)
        #expect(LoopCSVImporter.habitNumber("1a") == nil)
        #expect(LoopCSVImporter.habitNumber("Walk") == nil)
    }

    /// The zip as Loop writes it, put in a folder of a bigger archive with other files: only
    /// the export's files are claimed, the rest is reported as ignored.
    @Test func zipWithExtraFolders() throws {
        let dir = TemporaryDirectory()
        let top = "Phone backup/Loop Habits CSV 2025-03-04/"
        F.writeZip(dir.file("backup.zip"), [
            ("Phone backup/readme.txt", Array("hello".utf8)),
            (top + "Habits.csv", Array("Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,Meditate,,,1,1,#FF8F00\n".utf8)),
            (top + "Checkmarks.csv", Array("Date,Meditate,\n2025-03-04,2,\n".utf8)),
            (top + "Scores.csv", Array("Date,Meditate,\n2025-03-04,0.0500,\n".utf8)),
            (top + "001 Meditate/Checkmarks.csv", Array("2025-03-04,2\n2025-03-03,1\n".utf8)),
            (top + "001 Meditate/Scores.csv", Array("2025-03-04,0.0500\n".utf8)),
            (top + "001 Meditate/notes.txt", Array("x".utf8)),
        ])
        let outcome = SourceReader(importers: [LoopDBImporter.importer, LoopCSVImporter.importer]).read([dir.file("backup.zip")])
        let report = try #require(outcome.reports.first)
        #expect(report.parts.map(\.kind) == [LoopCSVImporter.name])
        #expect(report.parts.first?.files.count == 5)
        #expect(report.ignored == [dir.file("backup.zip") + "/Phone backup/readme.txt", dir.file("backup.zip") + "/" + top + "001 Meditate/notes.txt"])
        #expect(outcome.imported.export.points.map { $0.date.localDate(in: .utc) } == [F.day("2025-03-04")])
        #expect(outcome.imported.diagnostics.isEmpty)
    }
}

extension LoopCSVImporterTests {
    /// A real export of the top-level files only (no per-habit folders): Habits.csv with 10 habits,
    /// Checkmarks.csv with 68 days (2025-04-18 back to 2025-02-10), a header and rows ending with
    /// a comma, "Vaping" numerical (× 1000). Counted with Python:
    /// `r = list(csv.reader(open('Checkmarks.csv', newline='')))`; per habit i,
    /// `Counter(row[i + 1] for row in r[1:])`: Vaping 0 ×43, -1 ×4, 21 amounts summing 2,009,000;
    /// Quit Valorant 2 ×66, -1 ×2; Walk 2 ×53, 3 ×6, -1 ×9; Wake Up Early 2 ×52, 3 ×9, -1 ×6, 0 ×1;
    /// No Pot 2 ×44, -1 ×16, 0 ×8; No Energy Drink 2 ×39, 3 ×4, -1 ×25; Coding 2 ×38, 3 ×5, -1 ×25;
    /// Shower 2 ×38, 3 ×6, -1 ×24; University 2 ×31, 3 ×5, -1 ×30, 0 ×2; Gym 2 ×17, 3 ×3, -1 ×48.
    @Test(.enabled(if: TestPaths.hasShared)) func realTopLevelFilesOnly() throws {
        let files = F.scan(F.shared("loop-habit-tracker-csv-top-level"))
        let part = try read(files)
        #expect(part.diagnostics.isEmpty)
        let names = ["Vaping", "Quit Valorant", "Walk", "Wake Up Early", "No Pot", "No Energy Drink", "Coding", "Shower", "University", "Gym"]
        #expect(part.export.tags.map(\.name) == names)
        let done = Dictionary(grouping: part.export.points, by: { $0.name ?? "" }).mapValues(\.count)
        // Vaping's 43 zeros are entries of 0 (kept: "none of it" is an answer), beside its 21 amounts.
        #expect(done == ["Vaping": 21 + 43, "Quit Valorant": 66, "Walk": 53, "Wake Up Early": 52, "No Pot": 44, "No Energy Drink": 39,
                         "Coding": 38, "Shower": 38, "University": 31, "Gym": 17])
        #expect(part.export.points.filter { $0.name == "Vaping" }.compactMap(\.value).reduce(0, +) == 2009)
        #expect(part.export.skips.count == 6 + 9 + 4 + 5 + 6 + 5 + 3)
        #expect(part.dropped.contains(.init(LoopPartBuilder.no, 1 + 8 + 2)))
        #expect(part.export.points.filter { $0.name == "Vaping" && $0.value == 0 }.count == 43)
        #expect(part.dropped.contains(.init(LoopPartBuilder.unknown, 189)))
        #expect(part.remarks.contains("10 habits' entries read from Checkmarks.csv beside Habits.csv (no folder of its own; that file has no notes)"))
        #expect(part.remarks.contains("“Vaping” read as a numerical habit (values are amounts × 1000): this export does not say"))
    }

    @Test func theSummaryGoesToHabitsByOrderAndSaysWhenANameDiffers() throws {
        let files: [SourceFile] = [
            .memory("Habits.csv", "Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,\"Read, write\",,,1,1,#5D4037\n002,Run,,,1,1,#5D4037\n"),
            // The header splits "Read, write" in two: the columns still go by order.
            .memory("Checkmarks.csv", "Date,Read, write,Run,\n2025-04-18,2,0,\n2025-04-17,-1,2,\n"),
        ]
        let part = try read(files)
        #expect(part.diagnostics.isEmpty)
        #expect(checks(part, "Read, write") == [F.day("2025-04-18")])
        #expect(checks(part, "Run") == [F.day("2025-04-17")])

        let renamed: [SourceFile] = [files[0], .memory("Checkmarks.csv", "Date,Reading,Run,\n2025-04-18,2,0,\n")]
        #expect(try read(renamed).diagnostics.map(\.description) == [
            "Checkmarks.csv:1:6: column 2 is “Reading” where Habits.csv's habit 1 is “Read, write”; read as that habit, by order",
        ])
        let short: [SourceFile] = [files[0], .memory("Checkmarks.csv", "Date,Run,\n2025-04-18,2,\n")]
        #expect(try read(short).diagnostics.map(\.description) == [
            "Checkmarks.csv:1: has 1 habit column where Habits.csv has 2 habits; not read, since its columns cannot be matched to the habits",
        ])
    }
}
