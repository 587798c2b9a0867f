import Foundation
import Testing
@testable import WaymarkKit

/// HabitBull's CSV export, on the four files Loop Habit Tracker tests its importer with
/// (shared/real-exports/habitbull-csv). The figures were counted independently with a few lines
/// of Python's csv module: habits in order of first appearance, and per habit the distinct days
/// with a Value above 0 (habitbull.csv repeats each "No-arms pushup" row twice); values outside
/// 0…1,000,000 listed with their line. Loop's own tests (ImportTest.kt) expect the same habit
/// counts (4, 6, 2, 1), H3 checked on 2019-04-11 and 2019-05-07 but not 2019-06-14, and Pushups
/// at 30 on 2021-09-01 and 100 on 2022-01-08. Columns in messages are Python's str.index + 1.
struct HabitBullImporterTests {
    static let folder = TestPaths.shared.appendingPathComponent("real-exports/habitbull-csv")

    static func real(_ name: String) -> SourcePart {
        let path = folder.appendingPathComponent(name).path
        let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
        return HabitBullImporter.read(SourceFile.memory(name, bytes), ImportContext())
    }

    static func read(_ text: String) -> SourcePart {
        HabitBullImporter.read(SourceFile.memory("HabitBullData.csv", text), ImportContext())
    }

    static func checks(_ part: SourcePart) -> [String: Int] {
        Dictionary(grouping: part.export.points, by: { $0.name ?? "" }).mapValues(\.count)
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> Moment {
        LocalDate(year: y, month: m, day: d).map(Moment.day) ?? .instant(0)
    }

    @Test(.enabled(if: TestPaths.hasShared)) func firstFileHasFourHabits() {
        let part = Self.real("habitbull.csv")
        #expect(part.diagnostics.isEmpty)
        let tags = part.export.tags
        #expect(tags.map(\.name) == ["Breed dragons", "Reduce sleep", "No-arms pushup", "Grow spiritually"])
        #expect(tags.map(\.describe) == ["with love and fire", "only 2 hours per day", "Become like water my friend!",
                                         "transcend ego, practice compassion, smile and breath"])
        #expect(tags.map { $0.habit?.category } == ["Diet & Food", "Time Management", "Fitness", "Meditation"])
        #expect(tags.allSatisfy { $0.point == nil && $0.habit?.source == "HabitBull" })
        #expect(Self.checks(part) == ["Breed dragons": 3, "Reduce sleep": 4, "No-arms pushup": 4, "Grow spiritually": 3])
        #expect(part.dropped == [.init("rows repeated (same habit, day and value)", 4)])
        // Checks are whole days; the comment is the check's description; yes/no habits have no value.
        let first = part.export.points[0]
        #expect(first.date == Self.day(2016, 3, 18) && first.describe == "text" && first.value == nil && first.type == "tag")
        #expect(!part.export.points.contains { $0.name == "Breed dragons" && $0.date == Self.day(2016, 3, 20) })
    }

    @Test(.enabled(if: TestPaths.hasShared)) func outOfRangeValuesAreReportedAtTheirLine() {
        let part = Self.real("habitbull2.csv")
        #expect(part.export.tags.map(\.name) == ["H1", "H2", "H3", "H4", "H5", "H6"])
        #expect(Self.checks(part) == ["H1": 1, "H3": 57, "H4": 3, "H5": 4, "H6": 5])
        // Warnings: the rest of the file is built without --skip-invalid.
        #expect(part.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(part.diagnostics.map(\.description) == [
            "habitbull2.csv:3:18: a Value outside 0…1,000,000; the row is not imported (got \"-2150000000\")",
            "habitbull2.csv:73:26: a Value outside 0…1,000,000; the row is not imported (got \"-2150000000\")",
        ])
        #expect(part.dropped == [.init("days marked not done (Value 0)", 9), .init("comments on days marked not done", 1)])
        // M/D/YYYY: 4/11/2019 is April 11th.
        let h3 = part.export.points.filter { $0.name == "H3" }
        #expect(h3.first?.date == Self.day(2019, 4, 11) && h3.first?.describe == "text")
        #expect(h3.contains { $0.date == Self.day(2019, 5, 7) })
        #expect(!h3.contains { $0.date == Self.day(2019, 6, 14) })
        #expect(part.remarks.isEmpty)
    }

    @Test(.enabled(if: TestPaths.hasShared)) func numericalHabitsKeepTheirValues() {
        let part = Self.real("habitbull3.csv")
        #expect(part.diagnostics.isEmpty)
        #expect(Self.checks(part) == ["Pushups": 7, "run": 3])
        let pushups = part.export.points.filter { $0.name == "Pushups" }
        #expect(pushups.map(\.value) == [30, 100, 100, 100, 100, 100, 100])
        #expect(pushups.first?.date == Self.day(2021, 9, 1) && pushups[1].date == Self.day(2022, 1, 8))
        #expect(part.export.points.filter { $0.name == "run" }.allSatisfy { $0.value == nil })
        #expect(part.remarks == ["numerical habits (values other than 0 and 1): “Pushups”"])
        // HabitBull states no unit: numerical with an empty unit, never a guessed one.
        #expect(part.export.tags.map { $0.habit?.unit } == ["", nil])
        #expect(part.export.tags.map { $0.habit?.isNumerical } == [true, false])

        let caffeine = Self.real("habitbull4.csv")
        #expect(caffeine.export.tags.map(\.name) == ["Caffeine"])
        #expect(caffeine.export.tags.first?.describe == nil && caffeine.export.tags.first?.habit?.category == "Coffee Consumption")
        #expect(caffeine.export.points.map(\.value) == [80, 80])
        #expect(caffeine.export.points.map(\.date) == [Self.day(2022, 11, 21), Self.day(2022, 11, 22)])
    }

    @Test func quirks() {
        // BOM, CRLF, a date-time, a value as -2.15E+09 (as issue iSoron/uhabits#762 quotes it),
        // a value that is no number, a row without a name, and two values for one day.
        let part = Self.read("\u{FEFF}HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\r\n"
            + "Read,,Books,2017-01-03T00:00:00.000,2.5,\"Chapter 3, \"\"Night\"\"\"\r\n"
            + "Read,,Books,2017-01-04T00:00:00.000,-2.15E+09,\r\n"
            + "Read,,Books,2017-01-05,lots,\r\n"
            + ",,Books,2017-01-06,1,\r\n"
            + "Read,,Books,2017-01-03,3,\r\n"
            + "Read,,Books,2017-02-30,1,\r\n")
        #expect(part.export.tags.map(\.name) == ["Read"])
        #expect(part.export.points.map(\.value) == [2.5])
        #expect(part.export.points.first?.describe == "Chapter 3, \"Night\"")
        #expect(part.export.points.first?.date == Self.day(2017, 1, 3))
        #expect(part.diagnostics.map(\.description) == [
            "HabitBullData.csv:3:37: a Value outside 0…1,000,000; the row is not imported (got \"-2.15E+09\")",
            "HabitBullData.csv:4:24: the Value is not a number (got \"lots\")",
            "HabitBullData.csv:5:1: a row without a HabitName (got \"\")",
            "HabitBullData.csv:6: “Read” on 2017-01-03 already has the value 2.5 (line 2); this row's 3 is left out",
            "HabitBullData.csv:7:13: not a date such as 2016-03-18 or 3/18/2016 (got \"2017-02-30\")",
        ])
        #expect(part.diagnostics.filter { $0.severity == .error }.allSatisfy { $0.dropsRecord })
    }

    /// The example in docs/import.md, with what the text says it gives.
    @Test func documentedExample() {
        let part = Self.read("""
            HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText
            Pushups,,Fitness,2021-09-01,30,
            Pushups,,Fitness,2022-01-08,100,
            H2,,C2,11/5/2020,-2150000000,
            """)
        #expect(part.export.tags.map(\.name) == ["Pushups", "H2"])
        #expect(part.export.points.map(\.value) == [30, 100])
        #expect(part.diagnostics.map(\.description) == [
            "HabitBullData.csv:4:18: a Value outside 0…1,000,000; the row is not imported (got \"-2150000000\")",
        ])
    }

    @Test func dayFirstDatesAreRecognisedPerFile() {
        let part = Self.read("""
            HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText
            Walk,,,4/5/2020,1,
            Walk,,,13/5/2020,1,
            """)
        #expect(part.export.points.map(\.date) == [Self.day(2020, 5, 4), Self.day(2020, 5, 13)])
        #expect(part.remarks == ["dates such as 13/4/2019 read as day/month/year"])
        #expect(HabitBullDate.order(of: ["4/5/2020", "5/13/2020", "13/5/2020"]) == .monthFirst)
        #expect(HabitBullDate.parse("4/5/20", order: .monthFirst) == nil)
    }

    @Test func recognisedByHeaderNotByName() {
        let header = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"
        #expect(HabitBullImporter.recognises(SourceFile.memory("backup (2).txt", header)))
        #expect(HabitBullImporter.recognises(SourceFile.memory("h.csv", "\u{FEFF}" + header.lowercased())))
        for other in ["full_date,date,weekday,time,mood,activities,note_title,note", "date,habit,value,unit,note",
                      "HabitName,CalendarDate,Value", "Date,Meditate,Run"] {
            #expect(!HabitBullImporter.recognises(SourceFile.memory("HabitBullData.csv", other + "\n")), "\(other)")
        }
    }

    /// A CalendarDate whose offset moves it out of years 1 to 9999 in UTC says what it is in UTC;
    /// one that stays inside is read on its UTC day (0001-01-01T14:00:00+14:00 is the first
    /// second of year 1).
    @Test func offsetsThatLeaveYears1To9999InUTCAreExplained() {
        let part = Self.read("""
            HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText
            Run,,,0001-01-01T00:00:00+14:00,1,
            Run,,,9999-12-31T23:00:00-02:00,1,
            Run,,,2016-02-30,1,
            Run,,,0001-01-01T14:00:00+14:00,1,
            """)
        #expect(part.diagnostics.map(\.description) == [
            "HabitBullData.csv:2:7: not a date such as 2016-03-18 or 3/18/2016 (got \"0001-01-01T00:00:00+14:00\"); that is 0000-12-31T10:00:00Z, before year 1 in UTC, and Waymark reads years 1 to 9999",
            "HabitBullData.csv:3:7: not a date such as 2016-03-18 or 3/18/2016 (got \"9999-12-31T23:00:00-02:00\"); that is 10000-01-01T01:00:00Z, after year 9999 in UTC, and Waymark reads years 1 to 9999",
            "HabitBullData.csv:4:7: not a date such as 2016-03-18 or 3/18/2016 (got \"2016-02-30\")",
        ])
        #expect(part.export.points.map(\.date) == [Self.day(1, 1, 1)])
    }
}
