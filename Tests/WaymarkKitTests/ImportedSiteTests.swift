import Foundation
import Testing
@testable import WaymarkKit

/// Sites built end to end from other apps' exports through the command line, merged, checked
/// file by file against figures counted by hand from the fixtures (in the comments).
struct ImportedSiteTests {
    static let fixtures = TestPaths.fixtures.appendingPathComponent("Import").path

    /// Withings weighings with fat mass, a Daylio diary and a generic habits CSV, merged.
    @Test func withingsDaylioAndACSVMakeOneSite() throws {
        let dir = TemporaryDirectory()
        dir.write("habits.csv", "date,habit\n2023-05-01,reading\n")
        let sources = [Self.fixtures + "/withings/weight.csv", Self.fixtures + "/daylio/daylio_export.csv", dir.file("habits.csv")]
        let check = CLIRun(["check"] + sources + ["--time-zone", "UTC"])
        #expect(check.code == 0)
        // Daylio's "reading" and the CSV's are one habit.
        #expect(check.stderr.contains("merged: habit “reading” is in Daylio (CSV export) and Habits CSV"))
        #expect(check.stderr.contains("OK: 3 sources read and merged."))

        let run = CLIRun(["build"] + sources + ["-o", dir.file("site"), "--now", "2023-05-03T00:00:00Z", "--time-zone", "UTC"])
        #expect(run.code == 0, "\(run.stderr)")
        let stats = try JSONParser.parse(Array(dir.read("site/stats.json")?.utf8 ?? "".utf8))
        // Withings: 72.8 kg (Jan 5) and 72.3 kg (Jan 7); the Jan 6 row has no weight.
        #expect(stats["weight"]?["entries"] == .number("2"))
        #expect(stats["weight"]?["latest"] == .number("72.300"))
        // Fat mass / weight: 18.2 / 72.8 = 25.00 %, 17.9 / 72.3 = 24.76 %.
        #expect(stats["bodyFat"]?["readings"] == .number("2"))
        #expect(stats["bodyFat"]?["latest"] == .number("24.76"))
        // Checks (no points: neither Daylio nor the CSV has any): reading 3 (Daylio) + 1 (CSV),
        // "walk, long" 2, friends 1, walk 1.
        guard case .array(let tags)? = stats["tags"] else { Issue.record("no tags"); return }
        var completions: [String: String] = [:]
        for tag in tags {
            if case .string(let name)? = tag["name"], case .number(let n)? = tag["completions"] { completions[name] = n }
        }
        #expect(completions == ["reading": "4", "walk, long": "2", "friends": "1", "walk": "1"])
        #expect(stats["periods"] == nil && stats["balance"] == nil && dir.read("site/points/index.html") == nil)
        // Five Daylio entries, five moods; "meh " is trimmed.
        guard case .array(let moods)? = stats["moods"] else { Issue.record("no moods"); return }
        #expect(moods.map { $0["mood"] } == [.string("rad"), .string("vaguely ok"), .string("meh"), .string("rad"), .string("good")])
        // Four entries with a title or a note are notes; the one titled "A good day" shows its mood.
        let notes = try FileManager.default.contentsOfDirectory(atPath: dir.file("site/notes")).filter { $0 != "index.html" }
        #expect(notes.count == 4)
        let good = notes.compactMap { dir.read("site/notes/" + $0) }.first { $0.contains("<h1>A good day</h1>") }
        #expect(good?.contains(#"<span class="mood">Mood: rad</span>"#) == true)
        #expect(dir.read("site/weight/index.html")?.contains(#"<h2 id="body-fat-title">Body fat</h2>"#) == true)
    }

    /// Loop's real backup: its habits with their completions on the site.
    @Test(.enabled(if: TestPaths.hasShared)) func aLoopBackupBuildsASite() throws {
        let dir = TemporaryDirectory()
        let db = TestPaths.shared.appendingPathComponent("real-exports/loop-habit-tracker-db/loop-v12.db").path
        let run = CLIRun(["build", db, "-o", dir.file("site"), "--now", "2016-03-22T00:00:00Z"])
        #expect(run.code == 0, "\(run.stderr)")
        let stats = try JSONParser.parse(Array(dir.read("site/stats.json")?.utf8 ?? "".utf8))
        // 164 repetitions in the backup (sqlite3: SELECT count(*) FROM Repetitions), worth no points.
        let counts = tagsCompletions(stats)
        #expect(counts.values.reduce(0, +) == 164 && stats["periods"] == nil)
        guard case .array(let tags)? = stats["tags"] else { Issue.record("no tags"); return }
        // "Wake up early": 33 (sqlite3: SELECT count(*) FROM Repetitions r JOIN Habits h ON r.habit = h.id
        // WHERE h.name = 'Wake up early').
        let wake = tags.first { $0["name"] == .string("Wake up early") }
        #expect(wake?["completions"] == .number("33"))
        #expect(dir.read("site/points/index.html") == nil)
        #expect(dir.read("site/index.html")?.contains(">Wake up early</a>") == true)
    }

    /// `check` takes --skip-invalid, as its own message suggests.
    @Test func checkSkipsInvalidRecordsWhenAsked() {
        let dir = TemporaryDirectory()
        dir.write("weights.csv", "date,weight\n2024-01-01,70.5\n2024-01-02,eighty\n")
        let strict = CLIRun(["check", dir.file("weights.csv")])
        #expect(strict.code == 65 && strict.stderr.contains("run again with --skip-invalid"))
        let lenient = CLIRun(["check", dir.file("weights.csv"), "--skip-invalid"])
        #expect(lenient.code == 0 && lenient.stderr.contains("(record skipped)") && lenient.stderr.contains("1 weighing"))
    }

    /// A file of no known format stops the build with every format listed (exit 65).
    @Test func anUnknownFileExits65WithTheFormats() {
        let dir = TemporaryDirectory()
        dir.write("mystery.csv", "when,what\n2024-01-01,run\n")
        let run = CLIRun(["build", dir.file("mystery.csv"), "-o", dir.file("site")])
        #expect(run.code == 65)
        for format in SourceImporters.all.map(\.name) { #expect(run.stderr.contains(format), "\(format)") }
        #expect(!FileManager.default.fileExists(atPath: dir.file("site")))
    }

    /// Loop's own CSV export built into a site has a page per habit, and each habit's
    /// strength in stats.json is the last row of the `Scores.csv` Loop wrote beside it (read here
    /// as the oracle; the site never reads it).
    @Test(.enabled(if: TestPaths.hasShared)) func loopsExportHasHabitPagesWithLoopsScores() throws {
        let export = TestPaths.shared.appendingPathComponent("real-exports/loop-habit-tracker-csv/csv_export").path
        let dir = TemporaryDirectory()
        let run = CLIRun(["build", export, "-o", dir.file("site"), "--now", "2015-01-25T23:00:00Z", "--time-zone", "UTC"])
        #expect(run.code == 0, "\(run.stderr)")
        let scores = try String(contentsOfFile: export + "/Scores.csv", encoding: .utf8).split(separator: "\n")
        let header = scores[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let newest = scores[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(newest[0] == "2015-01-25")
        let stats = try JSONParser.parse(Array(dir.read("site/stats.json")?.utf8 ?? "".utf8))
        guard case .array(let tags)? = stats["tags"] else { Issue.record("no tags"); return }
        var checked = 0
        for tag in tags {
            guard case .string(let name)? = tag["name"], let column = header.firstIndex(of: name) else { continue }
            #expect(tag["score"] == .number(newest[column]), "\(name)")
            checked += 1
        }
        #expect(checked == 2)  // Meditate 0.0000, Wake up early 0.2557
        #expect(dir.read("site/habits/wake-up-early.html")?.contains("<li>2 times in 3 days</li>") == true)
        #expect(dir.read("site/habits/meditate.html")?.contains("Did you meditate this morning?") == true)
        #expect(dir.read("site/habits/index.html")?.contains(#"<a href="wake-up-early.html">Wake up early</a>"#) == true)
    }

    /// Each habit's completions in a `stats.json`.
    func tagsCompletions(_ stats: JSONValue) -> [String: Int] {
        guard case .array(let tags)? = stats["tags"] else { return [:] }
        var counts: [String: Int] = [:]
        for tag in tags {
            if case .string(let name)? = tag["name"], case .number(let n)? = tag["completions"] { counts[name] = Int(n) ?? 0 }
        }
        return counts
    }
}
