import Foundation
import Testing
@testable import WaymarkKit

/// The generic habits CSV (`date,habit[,value][,unit][,note]`), and detection among the three
/// habit formats through `SourceReader`. Instants were worked out with Python's zoneinfo.
struct GenericHabitsImporterTests {
    static let berlin = ImportContext(zone: Zone(identifier: "Europe/Berlin") ?? .utc)

    static func read(_ text: String) -> SourcePart {
        GenericHabitsImporter.read(SourceFile.memory("habits.csv", text), berlin)
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> Moment {
        LocalDate(year: y, month: m, day: d).map(Moment.day) ?? .instant(0)
    }

    @Test func checksWithValuesUnitsAndNotes() {
        let part = Self.read("""
            date,habit,value,unit,note
            2024-03-01,Run,5.2,km,"easy pace, windy"
            2024-03-01 07:30,Meditate,,,
            2024-03-02,Run,,,forgot the watch
            2024-03-03T06:00:00Z,Run,10,km,
            2024-03-04,Floss
            """)
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.name) == ["Run", "Meditate", "Floss"])
        #expect(part.export.tags.map { $0.habit?.unit } == ["km", nil, nil])
        #expect(part.export.tags.allSatisfy { $0.point == nil && $0.habit?.source == "CSV" })
        #expect(part.export.points.map(\.name) == ["Run", "Meditate", "Run", "Run", "Floss"])
        #expect(part.export.points.map(\.value) == [5.2, nil, nil, 10, nil])
        #expect(part.export.points.map(\.describe) == ["easy pace, windy", nil, "forgot the watch", nil, nil])
        // A day stays a day; a wall time is read in the zone (07:30 CET is 06:30Z); an offset is kept.
        #expect(part.export.points.map(\.date) == [Self.day(2024, 3, 1), .instant(1_709_274_600), Self.day(2024, 3, 2),
                                                   .instant(1_709_445_600), Self.day(2024, 3, 4)])
        #expect(part.export.points.allSatisfy { $0.type == "tag" && $0.point == 0 })
    }

    @Test func minimalFileAndColumnsInAnyOrder() {
        let part = Self.read("Habit,Date\r\nStretch,2024-01-01\r\nStretch,2024-01-02\r\n")
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.name) == ["Stretch"])
        #expect(part.export.points.map(\.date) == [Self.day(2024, 1, 1), Self.day(2024, 1, 2)])
        #expect(part.export.points.allSatisfy { $0.value == nil })
    }

    /// Columns counted with Python's str.index + 1.
    @Test func problemsAreReportedWithTheirLine() {
        let part = Self.read("""
            date,habit,value,unit,note
            2024-13-01,Run,5,km,
            2024-03-02,,5,km,
            2024-03-03,Run,-1,km,
            2024-03-04,Run,many,km,
            2024-03-05,Run,0,km,
            2024-03-06,Run,3,miles,
            2024-03-07,Run,3,km,,extra
            2024-03-08,Read,,pages,
            """)
        #expect(part.diagnostics.map(\.description) == [
            "habits.csv:2:1: not a date or date-time such as 2024-03-01 or 2024-03-01 07:30 (got \"2024-13-01\")",
            "habits.csv:3:12: the habit's name is empty (got \"\")",
            "habits.csv:4:16: a value outside 0…1,000,000,000 (got \"-1\")",
            "habits.csv:5:16: the value is not a number (got \"many\")",
            "habits.csv:7:18: “Run” was given the unit “km” on line 6; this row's “miles” is ignored",
            "habits.csv:8:22: more fields than the header's 5 (got 6; the extra one holds \"extra\")",
        ])
        #expect(part.diagnostics.filter { $0.severity == .error }.allSatisfy { $0.dropsRecord })
        #expect(part.dropped == [.init("rows with the value 0 (not done)", 1)])
        #expect(part.export.points.map(\.value) == [3, nil])
        #expect(part.export.tags.map { $0.habit?.unit } == ["km", nil])
        #expect(part.remarks == ["“Read” has a unit but no values; it is read as a yes/no habit"])
    }

    /// A date-time whose offset moves it out of years 1 to 9999 in UTC says what it is in UTC;
    /// one that stays inside is read as the instant it names (9999-12-31 22:59:59 −01:00 is the
    /// last second of year 9999, 253,402,300,799 s).
    @Test func offsetsThatLeaveYears1To9999InUTCAreExplained() {
        let part = Self.read("""
            date,habit
            0001-01-01T00:00:00+00:01,Run
            9999-12-31 23:30-01:00,Run
            9999-12-31 22:59:59-01:00,Run
            """)
        #expect(part.diagnostics.map(\.description) == [
            "habits.csv:2:1: not a date or date-time such as 2024-03-01 or 2024-03-01 07:30 (got \"0001-01-01T00:00:00+00:01\"); that is 0000-12-31T23:59:00Z, before year 1 in UTC, and Waymark reads years 1 to 9999",
            "habits.csv:3:1: not a date or date-time such as 2024-03-01 or 2024-03-01 07:30 (got \"9999-12-31 23:30-01:00\"); that is 10000-01-01T00:30:00Z, after year 9999 in UTC, and Waymark reads years 1 to 9999",
        ])
        #expect(part.export.points.map(\.date) == [.instant(253_402_300_799)])
    }

    /// The example in docs/import.md, with what the text says it gives.
    @Test func documentedExample() {
        let part = Self.read("""
            date,habit,value,unit,note
            2024-03-01,Run,5.2,km,"easy pace, windy"
            2024-03-01 07:30,Meditate,,,
            2024-03-02,Floss
            """)
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.name) == ["Run", "Meditate", "Floss"])
        #expect(part.export.tags.map { $0.habit?.unit } == ["km", nil, nil])
        #expect(part.export.points.map(\.value) == [5.2, nil, nil])
        #expect(part.export.points.first?.describe == "easy pace, windy")
        #expect(part.export.points[1].date == .instant(1_709_274_600))
    }

    @Test func claimsOnlyItsExactHeader() {
        for header in ["date,habit", "Date,Habit,Value", "habit,date,note", "date,habit,value,unit,note", "\u{FEFF}date,habit"] {
            #expect(GenericHabitsImporter.recognises(SourceFile.memory("x.csv", header + "\n")), "\(header)")
        }
        for header in ["date,kg", "date,habit,kg", "date,name", "day,habit", "date,habit,habit", "Date,Meditate,Run",
                       "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText",
                       "full_date,date,weekday,time,mood,activities,note_title,note", "habit", ""] {
            #expect(!GenericHabitsImporter.recognises(SourceFile.memory("habits.csv", header + "\n")), "\(header)")
        }
    }

    /// Renamed files go to the right importer, the weights CSV to the weights one; a text file is left alone.
    @Test func detectionAmongTheHabitFormats() {
        let folder = TemporaryDirectory()
        folder.write("a/export (3).csv", "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRun,,,2020-01-01,1,\n")
        folder.write("b/mood.txt", "full_date,date,weekday,time,mood,activities,note_title,note\n2020-01-01,January 1,Wednesday,21:00,rad,Run,,\n")
        folder.write("c/log.csv", "date,habit\n2020-01-02,Run\n")
        folder.write("d/weights.csv", "date,kg\n2020-01-01,70.5\n")
        folder.write("e/notes.txt", "date,habit are my column names\n")
        let outcome = SourceReader(importers: SourceImporters.all).read([folder.path])
        let parts = outcome.reports.first?.parts ?? []
        // Parts come in the order of the importers that claimed them.
        #expect(parts.map(\.kind) == [DaylioImporter.name, HabitBullImporter.name, GenericHabitsImporter.name, GenericWeightsImporter.name])
        #expect(parts.map { $0.files.map { String($0.dropFirst(folder.path.count + 1)) } } == [["b/mood.txt"], ["a/export (3).csv"], ["c/log.csv"], ["d/weights.csv"]])
        #expect(outcome.reports.first?.ignored.map { String($0.dropFirst(folder.path.count + 1)) } == ["e/notes.txt"])
        // "Run" from the three files is one habit with three checks.
        #expect(outcome.imported.export.tags.map(\.name) == ["Run"])
        #expect(outcome.imported.export.points.count == 3)
        #expect(outcome.imported.export.moods.map(\.mood) == ["rad"])
    }
}
