import Foundation
import Testing
@testable import WaymarkKit

/// Daylio's CSV export. No real export is at hand, so the fixtures follow the format documented by
/// people's parsers of daylio_export.csv (MichaelCurrin/daylio-csv-parser's sample.csv,
/// staticf0x/daylio-parser's test data, DeutscheGabanna/Obsidian-Daylio-Parser's test files):
/// 8 columns with note_title, 7 without it, the oldest with year + "18 May", the newest with scales.
/// Expected instants were worked out with Python's zoneinfo for Europe/Berlin.
struct DaylioImporterTests {
    static let berlin = ImportContext(zone: Zone(identifier: "Europe/Berlin") ?? .utc)

    static func fixture(_ name: String) -> SourceFile {
        let url = TestPaths.fixtures.appendingPathComponent("Import/daylio/" + name)
        let bytes = (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? []
        return SourceFile.memory(name, bytes)
    }

    static func read(_ text: String, name: String = "daylio_export.csv") -> SourcePart {
        DaylioImporter.read(SourceFile.memory(name, text), berlin)
    }

    @Test func eightColumnsWithBOMAndCRLF() {
        let file = Self.fixture("daylio_export.csv")
        #expect(file.head.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(DaylioImporter.recognises(file))
        let part = DaylioImporter.read(file, Self.berlin)
        #expect(part.diagnostics.isEmpty)
        let export = part.export

        // Activities in the order first met; "walk, long" keeps its comma (it was quoted).
        #expect(export.tags.map(\.name) == ["reading", "walk, long", "friends", "walk"])
        #expect(export.tags.allSatisfy { $0.point == nil && $0.habit?.source == "Daylio" })
        // 3 + 1 + 0 + 1 + 2 checks, each at its entry's time.
        #expect(export.points.count == 7)
        #expect(export.points.allSatisfy { $0.point == 0 && $0.type == "tag" && $0.value == nil })
        let byHabit = Dictionary(grouping: export.points, by: { $0.name ?? "" }).mapValues(\.count)
        #expect(byHabit == ["reading": 3, "walk, long": 2, "friends": 1, "walk": 1])
        // 9:30 PM in Berlin (CEST) on 2023-05-02; 12:05 AM is five past midnight; 12:00 PM noon.
        #expect(export.points[0].date == .instant(1_683_055_800))
        #expect(export.points.filter { $0.name == "walk" }.map(\.date) == [.instant(1_682_935_200)])
        #expect(export.points.last?.date == .instant(1_682_835_300))  // 8:15 am, lower case

        // One mood per entry, trimmed ("meh " in the file), custom names kept.
        #expect(export.moods.map(\.mood) == ["rad", "good", "vaguely ok", "meh", "rad"])
        #expect(export.moods[2].date == .instant(1_682_892_300))

        // Four entries have a note or a title; the fifth has neither.
        #expect(export.notes.map(\.fileName) == ["daylio/2023-05-02 2130.md", "daylio/2023-05-02 2130 (2).md",
                                                 "daylio/2023-05-01 0005.md", "daylio/2023-05-01 1200.md"])
        #expect(export.notes.map(\.title) == ["A good day", "2023-05-02 21:30", "2023-05-01 00:05", "Lunch"])
        #expect(export.notes.map(\.mood) == ["rad", "good", "vaguely ok", "meh"])
        #expect(export.notes.allSatisfy { $0.tag == nil })
        // The quoted note's comma and CRLF line break survive; the line break stays a line break.
        #expect(export.notes[0].body == "We walked to the lake, then home.\\\nDinner with Ana.")
        #expect(export.notes[2].body == "Couldn't sleep.\\\nRead a bit \\& tried again.\n\n\\*Not\\* bold: **this is**")
        #expect(export.notes[3].body == "")
        #expect(export.notes[1].date == .instant(1_683_055_800))
    }

    @Test func notePagesGetReadableSlugs() {
        let export = DaylioImporter.read(Self.fixture("daylio_export.csv"), Self.berlin).export
        // The site's slugs keep only ASCII letters and digits, dashes between runs.
        #expect(NoteRendering.plan(export.notes).slugs == ["daylio-2023-05-02-2130", "daylio-2023-05-02-2130-2",
                                                           "daylio-2023-05-01-0005", "daylio-2023-05-01-1200"])
    }

    @Test func sevenColumnsWithoutNoteTitle() {
        let file = Self.fixture("daylio_export_7_columns.csv")
        #expect(DaylioImporter.recognises(file))
        let part = DaylioImporter.read(file, Self.berlin)
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.name) == ["friends", "gaming", "programming", "nap", "shopping", "walk", "work"])
        #expect(part.export.points.count == 7)  // 4 + 2 + 0 + 1
        #expect(part.export.points[0].date == .instant(1_590_857_400))  // 18:50 on 2020-05-30, CEST
        #expect(part.export.moods.map(\.mood) == ["rad", "rad", "awful", "meh"])
        #expect(part.export.notes.map(\.title) == ["2020-05-30 18:50", "2020-05-25 14:58"])
        #expect(part.export.notes.map(\.body) == ["Awesome", "Could be better"])
    }

    @Test func oldestExportsWithYearAndDayMonth() {
        // The format MichaelCurrin/daylio-csv-parser documents for 2018 exports.
        let part = Self.read("""
            year,date,weekday,time,mood,activities,note
            2018,18 May,Friday,11:54 pm,happy,"clean | cook | music","Went to a party"
            2018,May 17,Thursday,10:21 pm,average,"cook | stressed ",""
            """)
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.name) == ["clean", "cook", "music", "stressed"])
        #expect(part.export.points.first?.date == .instant(1_526_680_440))
        // 10:21 pm the day before: a day and 1 h 33 min earlier.
        let before: Int64 = 1_526_680_440 - 86_400 - 93 * 60
        #expect(part.export.moods.map(\.date) == [Moment.instant(1_526_680_440), Moment.instant(before)])
        #expect(part.export.notes.map(\.body) == ["Went to a party"])
    }

    @Test func newestExportsWithScales() {
        // DeutscheGabanna/Obsidian-Daylio-Parser's daylio_export_ok_scales.csv has this layout.
        let part = Self.read("""
            full_date,date,weekday,time,mood,activities,scales,note_title,note
            2026-04-12,April 12,Sunday,12:00,rested,"","Sleep Quality: 8/10 points | Sleep Time: 8:00","","Testing the note."
            2026-03-30,March 30,Monday,20:18,vaguely bad,"pondering","","","Who knows.<br><br>Am I [[virtual]]?"
            """)
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.name) == ["pondering"])
        #expect(part.export.notes.map(\.body) == ["Testing the note.", "Who knows.\n\nAm I \\[\\[virtual\\]\\]?"])
        #expect(part.remarks == ["the scales column (1 entry with sleep quality or the like) is not read"])
    }

    /// Columns counted with Python's str.index on each line.
    @Test func badRowsAreReportedWithTheirLine() {
        let part = Self.read("""
            full_date,date,weekday,time,mood,activities,note_title,note
            2023-02-30,February 30,Thursday,21:30,rad,"walk","",""
            2023-03-01,March 1,Wednesday,25:00,rad,"walk","",""
            2023-03-02,March 2,Thursday,9:30 PM,rad,"walk"
            2023-03-03,March 3,Friday,9:30 XM,rad,"walk","","",""
            2023-03-04,March 4,Saturday,9:30 PM,rad,"walk","","","late"
            2023-03-05,March 5,Sunday,9:30 PM,,"walk","",""
            """)
        let errors = part.diagnostics.filter { $0.severity == .error }
        #expect(errors.allSatisfy { $0.dropsRecord })
        #expect(errors.map(\.description) == [
            "daylio_export.csv:2:1: not a date such as 2023-05-01 (got \"2023-02-30\")",
            "daylio_export.csv:3:30: not a time such as 21:30 or 9:30 PM (got \"25:00\")",
            "daylio_export.csv:5:27: not a time such as 21:30 or 9:30 PM (got \"9:30 XM\")",
            "daylio_export.csv:6:54: more fields than the header's 8 (got 9; the extra one holds \"late\")",
        ])
        // The entry without a mood is kept, with a warning.
        let warnings = part.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.description) == ["daylio_export.csv:7:35: the entry has no mood; its activities and note are kept"])
        // Line 4 leaves its note title and note off, as old exports do: read, with no note.
        #expect(part.export.points.count == 2)
        #expect(part.export.moods == [MoodEntry(date: .instant(1_677_789_000), mood: "rad")])
        #expect(part.export.notes.isEmpty)
    }

    static func clock(_ text: String) -> [Int]? { DaylioClock.time(text).map { [$0.hour, $0.minute] } }

    @Test func timesInBothClocks() {
        #expect(Self.clock("21:30") == [21, 30])
        #expect(Self.clock("9:30 PM") == [21, 30])
        #expect(Self.clock("9:30pm") == [21, 30])
        #expect(Self.clock("12:00 AM") == [0, 0])
        #expect(Self.clock("12:59 pm") == [12, 59])
        #expect(Self.clock("07:05:59") == [7, 5])
        for bad in ["", "9", "9:3", "9:3 PM", "24:00", "13:00 PM", "0:10 AM", "9:60", "21:30 h", "9:30 PM PM", "٩:٣٠"] {
            #expect(Self.clock(bad) == nil, "\(bad)")
        }
        #expect(DaylioClock.date(year: "2018", dayAndMonth: "18 May") == LocalDate(year: 2018, month: 5, day: 18))
        #expect(DaylioClock.date(year: "2018", dayAndMonth: "Sept 3") == LocalDate(year: 2018, month: 9, day: 3))
        #expect(DaylioClock.date(year: "2018", dayAndMonth: "31 June") == nil)
        #expect(DaylioClock.date(year: "18", dayAndMonth: "18 May") == nil)
    }

    @Test func noteHTMLBecomesMarkdown() {
        // Lists, emphasis with spaces inside the tags, entities, and text that looks like Markdown.
        #expect(DaylioNoteText.markdown("<b> Bold </b>and <i>it</i>") == "**Bold** and *it*")
        #expect(DaylioNoteText.markdown("Plan:<ul><li>run</li><li>read</li></ul>Done") == "Plan:\n\n- run\n- read\n\nDone")
        #expect(DaylioNoteText.markdown("<ol><li>one</li><li>two</li></ol>") == "1. one\n2. two")
        #expect(DaylioNoteText.markdown("# not a heading\n1. not a list\n- nor this") == "\\# not a heading\\\n1\\. not a list\\\n\\- nor this")
        #expect(DaylioNoteText.markdown("I <3 it & <script>x</script>") == "I \\<3 it \\& \\<script\\>x\\</script\\>")
        #expect(DaylioNoteText.markdown("&#39;q&#x27; &bogus; &#0; &#99999999;") == "'q' \\&bogus; \\&#0; \\&#99999999;")
        #expect(DaylioNoteText.markdown("    indented") == "indented")
        #expect(DaylioNoteText.markdown("<b>open\nstill</b>") == "**open**\\\n**still**")
        #expect(DaylioNoteText.markdown("<br><br>  ") == "")
        #expect(DaylioNoteText.plainText("A <b>bold</b>&nbsp;title<br>two") == "A bold title two")

        // What the page shows: the typed characters, the line breaks, the bold text.
        let html = MarkdownRenderer.render(DaylioNoteText.markdown("*Not* bold:<br>1. <b>this is</b> [x](y) <i>ok</i>")).html
        #expect(html == "<p>*Not* bold:<br />\n1. <strong>this is</strong> [x](y) <em>ok</em></p>\n")
    }

    @Test func recognisedByHeaderNotByName() {
        let renamed = SourceFile.memory("export (1).txt", "\u{FEFF}full_date,date,weekday,time,mood,activities,note_title,note\r\n")
        #expect(DaylioImporter.recognises(renamed))
        let oldest = SourceFile.memory("d.csv", "year,date,weekday,time,mood,activities,note\n")
        #expect(DaylioImporter.recognises(oldest))
        for other in ["HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText",
                      "date,habit,value,unit,note", "date,kg", "Date,Meditate,Run",
                      "full_date,date,time,mood,note"] {
            #expect(!DaylioImporter.recognises(SourceFile.memory("daylio_export.csv", other + "\n")), "\(other)")
        }
    }

    /// The example in docs/import.md, with what the text says it gives.
    @Test func documentedExample() {
        let part = Self.read("""
            full_date,date,weekday,time,mood,activities,note_title,note
            2023-05-02,May 2,Tuesday,9:30 PM,rad,"reading | walk | friends","A good day","We walked to the lake.<br>Dinner with Ana."
            2023-05-01,May 1,Monday,12:05 AM,vaguely ok,"","","Couldn't sleep."
            """)
        #expect(part.diagnostics.isEmpty)
        #expect(part.export.tags.map(\.name) == ["reading", "walk", "friends"])
        #expect(part.export.points.map(\.date) == Array(repeating: Moment.instant(1_683_055_800), count: 3))
        #expect(part.export.moods.map(\.mood) == ["rad", "vaguely ok"])
        #expect(part.export.notes.map(\.title) == ["A good day", "2023-05-01 00:05"])
        #expect(part.export.notes.first?.body == "We walked to the lake.\\\nDinner with Ana.")
    }

    @Test func emptyAndBrokenFiles() {
        #expect(Self.read("").diagnostics.map(\.description) == ["daylio_export.csv: the file is empty; expected a header line"])
        #expect(Self.read("full_date,date,weekday,time,mood,activities,note\n2023-01-01,\"x").diagnostics.map(\.description)
                == ["daylio_export.csv:2:12: a quoted field is never closed"])
        let utf16 = DaylioImporter.read(SourceFile.memory("d.csv", [0xFF, 0xFE, 0x66, 0x00]), Self.berlin)
        #expect(utf16.diagnostics.first?.message.contains("UTF-16") == true)
        // A file over the habit formats' 64 MiB limit is refused before it is opened.
        let header = Array("full_date,date,weekday,time,mood,activities,note\n".utf8)
        let huge = SourceFile(path: "big.csv", relative: "big.csv", size: 65 << 20, head: header) { () throws(SourceError) -> ByteStream in
            throw SourceError("opened")
        }
        #expect(DaylioImporter.recognises(huge))
        #expect(DaylioImporter.read(huge, Self.berlin).diagnostics.map(\.description)
                == ["big.csv: is larger than 64 MiB; Waymark does not read files this large whole"])
    }
}

/// Naming the notes of many entries in one minute: the names against a plain statement of the
/// rule, the work counted.
struct DaylioNoteNamingTests {
    /// The rule as documented: `base.md`, then `base (2).md`, `base (3).md`, … in file order.
    static func referenceNames(_ bases: [String]) -> [String] {
        var taken: Set<String> = []
        return bases.map { base in
            var name = base + ".md"
            var n = 2
            while taken.contains(name) {
                name = base + " (\(n)).md"
                n += 1
            }
            taken.insert(name)
            return name
        }
    }

    @Test func manyEntriesInOneMinuteAreNamedInLinearWork() throws {
        // 3,000 entries at 21:30 and, between them, some at 21:31 and 22:00.
        var lines = ["full_date,date,weekday,time,mood,activities,note_title,note"]
        var bases: [String] = []
        for n in 0..<3_000 {
            let time = n % 7 == 3 ? "21:31" : n % 11 == 5 ? "22:00" : "21:30"
            lines.append("2023-05-01,May 1,Monday,\(time),rad,,,entry \(n)")
            bases.append("daylio/2023-05-01 " + time.replacingOccurrences(of: ":", with: ""))
        }
        var diagnostics: [Diagnostic] = []
        let table = try #require(CSVTable.read(SourceFile.memory("daylio_export.csv", lines.joined(separator: "\n")), diagnostics: &diagnostics))
        let columns = try #require(DaylioImporter.Columns(table))
        var reader = DaylioEntryReader(table: table, columns: columns, zone: .utc)
        for row in table.rows { reader.read(row) }
        #expect(reader.diagnostics.isEmpty)
        let names = reader.export.notes.map(\.fileName)
        #expect(names == Self.referenceNames(bases))
        #expect(names.prefix(3) == ["daylio/2023-05-01 2130.md", "daylio/2023-05-01 2130 (2).md", "daylio/2023-05-01 2130 (3).md"])
        #expect(names.contains("daylio/2023-05-01 2130 (2219).md"))
        // One lookup per note; trying " (2)", " (3)", … from the start each time took 2.9 million.
        #expect(reader.nameLookups == 3_000)
    }
}

extension DaylioImporterTests {
    /// A few empty cells past the header (a spreadsheet's padding) are read as before; a row of
    /// 100,000 more is an error at the field past the limit, and --skip-invalid leaves it out.
    @Test func aRowWithAHundredThousandExtraFieldsIsRefusedAtItsLine() {
        let header = "full_date,date,weekday,time,mood,activities,note_title,note"
        let padded = Self.read(header + "\n2023-05-01,May 1,Monday,21:30,rad,reading,,,,,\n")
        #expect(padded.diagnostics.isEmpty)
        #expect(padded.export.moods.count == 1)

        let wide = "2023-05-02,May 2,Tuesday,21:30,meh,walk,,note" + String(repeating: ",", count: 100_000)
        let part = Self.read([header, "2023-05-01,May 1,Monday,21:30,rad,reading,,", wide, "2023-05-03,May 3,Wednesday,08:00,good,,,"].joined(separator: "\n"))
        // Line 3 has 8 + 100,000 fields. The first 8 take columns 1–45; the 9th starts at
        // column 47, after the comma at 46, and each one after it a column later: the 16,385th
        // (the first past the limit) at 47 + 16,376 = 16,423.
        #expect(part.diagnostics.map(\.description) == [
            "daylio_export.csv:3:16423: the row has 100008 fields, more than a spreadsheet has columns (16384) where the header has 8; the row is not read",
        ])
        #expect(part.diagnostics.allSatisfy { $0.dropsRecord && $0.severity == .error })
        #expect(part.export.moods.map(\.mood) == ["rad", "good"])
    }
}

extension DaylioImporterTests {
    /// A real export of the oldest layout from a Polish phone: `year,date,weekday,time,…` with
    /// `7 września` (the genitive month), 21 entries from 2017-08-18 to 2017-09-07, newest first;
    /// line 11 (`2017,29 sierpnia,wtorek,23:33,dobrze,""`) has 6 fields, its note left off.
    /// Counted with Python: `rows = list(csv.reader(open(f, encoding='utf-8-sig', newline='')))[1:]`;
    /// `len(rows)` = 21, `Counter(len(r) for r in rows)` = {7: 20, 6: 1},
    /// `Counter(r[4] for r in rows)` = wspaniale 9, dobrze 6, tak sobie 4, źle 1, okropnie 1.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func readsTheRealPolishOldLayout() throws {
        let file = try WeightFixtures.shared("daylio-csv/kplich-pl-2017-year-daylio_export.csv")
        #expect(DaylioImporter.recognises(file))
        let warsaw = ImportContext(zone: Zone(identifier: "Europe/Warsaw") ?? .utc)
        let part = DaylioImporter.read(file, warsaw)
        #expect(part.diagnostics.isEmpty)
        let moods = part.export.moods
        #expect(moods.count == 21)
        let counts = Dictionary(grouping: moods, by: \.mood).mapValues(\.count)
        #expect(counts == ["wspaniale": 9, "dobrze": 6, "tak sobie": 4, "źle": 1, "okropnie": 1])
        // Warsaw wall times (CEST): 2017-09-07 12:10 → 1504779000; 2017-08-18 20:00 → 1503079200;
        // the 6-field row, 2017-08-29 23:33 → 1504042380.
        #expect(moods.first?.date == .instant(1_504_779_000))
        #expect(moods.last?.date == .instant(1_503_079_200))
        #expect(moods[9] == MoodEntry(date: .instant(1_504_042_380), mood: "dobrze"))
        #expect(part.export.points.isEmpty && part.export.notes.isEmpty)
    }

    /// `check`'s span of a real export of wall times is in the zone it is read in, as the pages'
    /// days are: the first entry is 2018-03-07 at 5:23 PM and the last 2019-03-17 at 5:01 PM
    /// (Python's csv module on the file), which in Los Angeles are 01:23 and 00:01 the next day
    /// in UTC; in UTC the same wall times keep their own days.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func checksSpanIsInTheZoneTheWallTimesWereReadIn() throws {
        let file = TestPaths.shared.appendingPathComponent("real-exports/daylio-csv/zhafen-2019-ampm-daylio_export.csv").path
        let losAngeles = try #require(Zone(identifier: "America/Los_Angeles"))
        for zone in [losAngeles, .utc] {
            let outcome = SourceReader(context: ImportContext(zone: zone)).read([file])
            let counts = try #require(outcome.reports.first?.parts.first?.counts)
            #expect(counts.moods == 1_186)
            #expect(counts.first == LocalDate(year: 2018, month: 3, day: 7))
            #expect(counts.last == LocalDate(year: 2019, month: 3, day: 17))
        }
        // The zone named by a profile, read after the counts: check shows the days in it.
        let check = CLIRun(["check", file, "--time-zone", "America/Los_Angeles"])
        #expect(check.stderr.contains("1,186 moods; 2018-03-07 to 2019-03-17"), "\(check.stderr)")
        // The same instants counted in UTC fall a day later.
        let outcome = SourceReader(context: ImportContext(zone: losAngeles)).read([file])
        let export = outcome.imported.export
        let utc = RecordCounts(export, zone: .utc)
        #expect(utc.first == LocalDate(year: 2018, month: 3, day: 8))
        #expect(utc.last == LocalDate(year: 2019, month: 3, day: 18))
    }

    @Test func monthNamesInThePhonesLanguage() {
        // CLDR's day-and-month patterns (docs/import.md); only en and pl are seen in real files.
        let cases: [(String, Int, Int)] = [
            ("7 września", 9, 7), ("7 wrzesień", 9, 7), ("18 May", 5, 18), ("May 18", 5, 18), ("March 17", 3, 17),
            ("7. September", 9, 7), ("3. März", 3, 3), ("7 septembre", 9, 7), ("1 févr.", 2, 1), ("7 de septiembre", 9, 7),
            ("7 settembre", 9, 7), ("7 de setembro", 9, 7), ("9月7日", 9, 7), ("7 сентября", 9, 7), ("7 вересня", 9, 7),
            ("7. září", 9, 7), ("12 mei", 5, 12), ("31 maja", 5, 31), ("1 maj", 5, 1),
        ]
        for (text, month, day) in cases {
            #expect(DaylioClock.date(year: "2017", dayAndMonth: text) == LocalDate(year: 2017, month: month, day: day), "\(text)")
        }
        #expect(DaylioClock.date(year: "2017", dayAndMonth: "7 brumaire") == nil)
        #expect(DaylioClock.date(year: "2017", dayAndMonth: "13月7日") == nil)
        #expect(DaylioClock.date(year: "2017", dayAndMonth: "31 lutego") == nil)
    }

    @Test func aRowMayLeaveItsNoteOff() {
        let part = Self.read("year,date,weekday,time,mood,activities,note\n2017,29 sierpnia,wtorek,23:33,dobrze,\"\"\n2017,30 sierpnia,środa,23:58\n")
        #expect(part.export.moods.map(\.mood) == ["dobrze"])
        // Without a mood and activities the row is short of what it needs.
        #expect(WeightFixtures.errors(part) == ["daylio_export.csv:3:1: expected 7 fields as in the header (got 4)"])
    }
}
