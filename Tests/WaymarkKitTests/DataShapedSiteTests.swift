import Foundation
import Testing
@testable import WaymarkKit

/// Real exports built through the command line without `--now`, each alone and all merged, and
/// the decade sample: the moment shown, the sections and menu entries the data makes, no page
/// speaking of points the data does not have (in both languages), the goal's wording, and the
/// target figures agreeing. The dates are the files' own newest (Python's csv and sqlite3 on
/// them); the tests skip when ../shared is absent.
@Suite(.enabled(if: TestPaths.hasShared)) struct DataShapedSiteTests {
    static let real = TestPaths.shared.appendingPathComponent("real-exports").path

    /// A site built by `waymark build SOURCES -o DIR --time-zone UTC [--lang LANG]`.
    struct Site {
        let dir: TemporaryDirectory
        let stderr: String
        let code: Int32

        init(_ sources: [String], language: String? = nil, extra: [String] = []) {
            dir = TemporaryDirectory()
            let run = CLIRun(["build"] + sources + ["-o", dir.file("site"), "--time-zone", "UTC"]
                             + (language.map { ["--lang", $0] } ?? []) + extra)
            stderr = run.stderr
            code = run.code
        }

        func read(_ path: String) -> String? { dir.read("site/" + path) }

        /// The moment `stats.json` says the site shows.
        var now: String? {
            guard let text = read("stats.json"), let stats = try? JSONParser.parse(Array(text.utf8)),
                  case .string(let now)? = stats["now"] else { return nil }
            return now
        }

        /// The top-level entries of the site folder, less the assets every site has.
        var folders: Set<String> {
            let all = (try? FileManager.default.contentsOfDirectory(atPath: dir.file("site"))) ?? []
            return Set(all.filter { !$0.hasPrefix(".") }).subtracting(["favicon.svg", "style.css", "robots.txt", "index.html", "stats.json"])
        }

        /// The main menu's labels on the front page.
        var menu: [String] {
            guard let page = read("index.html"), let nav = page.range(of: #"<nav aria-label="[^"]*">(.|\n)*?</nav>"#, options: .regularExpression)
            else { return [] }
            let html = String(page[nav])
            var labels: [String] = []
            var rest = html[...]
            while let open = rest.range(of: "<a href="), let close = rest[open.upperBound...].range(of: ">"),
                  let end = rest[close.upperBound...].range(of: "</a>") {
                labels.append(String(rest[close.upperBound..<end.lowerBound]))
                rest = rest[end.upperBound...]
            }
            return labels
        }

        /// Every HTML page's visible text, by path.
        var pages: [String: String] {
            let root = dir.file("site")
            var texts: [String: String] = [:]
            for case let rel as String in FileManager.default.enumerator(atPath: root)?.allObjects ?? [] where rel.hasSuffix(".html") {
                texts[rel] = dir.read("site/" + rel).map(DataShapedSiteTests.text)
            }
            return texts
        }
    }

    /// A page's text: no markup, no style sheet, entities of the few kinds the pages use decoded.
    static func text(_ html: String) -> String {
        var s = html.replacingOccurrences(of: #"<style(.|\n)*?</style>"#, with: " ", options: .regularExpression)
        s = s.replacingOccurrences(of: #"<[^>]+>"#, with: " ", options: .regularExpression)
        for (entity, c) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")] {
            s = s.replacingOccurrences(of: entity, with: c)
        }
        return s.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
    }

    /// Where a page speaks of points. "percentage point(s)" (en) and "个百分点" (zh) are changes of
    /// a strength or a share, not points, and are not counted; in Chinese the points are "分数",
    /// "得分", "积分" and "N 分" (not "分钟", minutes).
    static func pointWords(_ text: String) -> [String] {
        let en = text.replacingOccurrences(of: #"(?i)percentage points?"#, with: "", options: .regularExpression)
        var found: [String] = []
        for pattern in [#"(?i)\bpoints?\b"#, #"(?i)\bpts\b"#, "分数", "得分", "积分", #"\d 分(?!钟)"#] {
            if let r = en.range(of: pattern, options: .regularExpression) {
                let lo = en.index(r.lowerBound, offsetBy: -30, limitedBy: en.startIndex) ?? en.startIndex
                let hi = en.index(r.upperBound, offsetBy: 30, limitedBy: en.endIndex) ?? en.endIndex
                found.append(String(en[lo..<hi]))
            }
        }
        return found
    }

    /// No page of the site, in English and Chinese, mentions points.
    func expectNoPoints(_ sources: [String], _ en: Site) {
        for site in [en, Site(sources, language: "zh-Hans")] {
            let pages = site.pages
            #expect(!pages.isEmpty)
            for (path, text) in pages.sorted(by: { $0.key < $1.key }) {
                let words = Self.pointWords(text)
                #expect(words.isEmpty, "\(path): \(words)")
            }
            #expect(site.read("points/index.html") == nil && site.read("period/day.html") == nil)
        }
    }

    func path(_ relative: String) -> String { Self.real + "/" + relative }

    @Test func loopBackupAlone() throws {
        let sources = [path("loop-habit-tracker-db/loop-v12.db")]
        let site = Site(sources)
        #expect(site.code == 0, "\(site.stderr)")
        // The newest repetition is on 21 March 2016 (sqlite3), long before the clock.
        #expect(site.now == "2016-03-21T23:59:59+00:00")
        #expect(site.stderr.contains("the data ends on 2016-03-21"))
        #expect(site.folders == ["habits", "years"])
        #expect(site.menu == ["Habits", "Years"])
        let index = try #require(site.read("index.html"))
        // The front page leads with the habits: 9 in the backup (sqlite3: SELECT count(*) FROM
        // Habits; none archived), each with today's and this week's checks.
        #expect(index.contains(#"id="habits-lead-heading""#) && index.contains("<title>Home"))
        #expect(index.components(separatedBy: #"data-label="This week">"#).count - 1 == 9)
        // The overall figure on the front page is the habits index's: 40 % (docs/statistics.md
        // works it out from the nine habits' strengths).
        #expect(index.contains("Overall strength: 40%") && site.read("habits/index.html")?.contains("Overall strength: 40%") == true)
        #expect(index.contains("9</span> <span class=\"label\">Habits</span>") && !index.contains("Timed habits"))
        expectNoPoints(sources, site)
        #expect(Site(sources, language: "zh-Hans").menu == ["习惯", "年度"])
    }

    @Test func recordsAfterAnEarlierNowAreToldWithTheirFile() throws {
        let db = path("loop-habit-tracker-db/loop-v12.db")
        let site = Site([db], extra: ["--now", "2016-03-01T00:00:00Z"])
        #expect(site.code == 0, "\(site.stderr)")
        // sqlite3: SELECT count(*) FROM Repetitions WHERE timestamp >= 1456876800000 (2 March 2016): 71.
        // The latest of them: “Vegan” on 2016-03-21 (SELECT max(timestamp) …: 1458518400000).
        let warning = "warning: \(db): 71 records dated after 2016-03-01T00:00:00+00:00 are left out of the statistics; the latest, “Vegan”, at 2016-03-21."
        #expect(site.stderr.contains(warning), "\(site.stderr)")
        #expect(!site.stderr.contains("points.json"))
    }

    /// A record in the far future (a date typed wrong) is left out, and both `build` and
    /// `check` say so with the record: the data is shown as of the end of its last day before
    /// the clock (2024-05-01), and the Daylio activity "run" of 2100-01-01 at 9:00 AM is after it.
    @Test func aFutureRecordIsNamedByBuildAndCheck() throws {
        let dir = TemporaryDirectory()
        dir.write("future.csv", """
            full_date,date,weekday,time,mood,activities,note
            2024-05-01,May 1,Wednesday,9:00 AM,good,"run",""
            2100-01-01,January 1,Friday,9:00 AM,good,"run",""

            """)
        let file = dir.file("future.csv")
        let warning = "warning: \(file): 1 record dated after 2024-05-01T23:59:59+00:00 is left out of the statistics: “run” at 2100-01-01T09:00:00+00:00."
        let site = Site([file])
        #expect(site.code == 0 && site.stderr.contains(warning), "\(site.stderr)")
        let check = CLIRun(["check", file, "--time-zone", "UTC"])
        #expect(check.code == 0 && check.stderr.contains(warning), "\(check.stderr)")
        #expect(check.stderr.contains("OK: the export is valid."))
    }

    /// A site is the data as of now: the points pages list no record after it. The demo as of
    /// 2026-11-15 12:00 in Shanghai (Python on its points.json: 104 records in November, 48 of them
    /// up to then, earning 141 and spending 25; 56 after it, the latest on Nov 29).
    @Test func pointsPagesEndAtNow() throws {
        let demo = TestPaths.repo.appendingPathComponent("Examples/demo").path
        let dir = TemporaryDirectory()
        let run = CLIRun(["build", demo, "-o", dir.file("site"), "--now", "2026-11-15T12:00:00", "--lang", "en"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.contains("56 records dated after 2026-11-15T12:00:00+08:00 are left out of the statistics; the latest, “背单词 Vocabulary”, at 2026-11-29T12:12:33+08:00."))
        // Of the export's files only points.json holds point records: no "Also from: tags.json, …".
        #expect(!run.stderr.contains("Also from"), "\(run.stderr)")
        let month = Self.text(try #require(dir.read("site/points/2026-11.html")))
        #expect(month.contains("48 records · Earned 141 · Spent 25"), "\(month)")
        #expect(!month.contains("Nov 16") && month.contains("Nov 15"))
        let index = try #require(dir.read("site/points/index.html"))
        #expect(!index.contains("2026-11-16") && index.contains("2026-11-15"))
    }

    /// `check` gives each source's days in the site's zone also when a profile names it, which is
    /// read after the records are counted: the sample's first record is 2025-11-30 06:17 in
    /// Shanghai (its points.json), 2025-11-29 in UTC.
    @Test func checksSpanIsInTheProfilesZone() throws {
        let dir = TemporaryDirectory()
        #expect(CLIRun(["sample", "-q", "-o", dir.file("a")]).code == 0)
        #expect(CLIRun(["sample", "-q", "-o", dir.file("b"), "--seed", "2"]).code == 0)
        let check = CLIRun(["check", dir.file("a"), dir.file("b")])
        #expect(check.code == 0, "\(check.stderr)")
        #expect(check.stderr.contains("100 notes; 2025-11-30 to 2026-11-29\n"), "\(check.stderr)")
        #expect(!check.stderr.contains("2025-11-29 to"))
    }

    @Test func aHabitNeverCheckedGivesNoOverallFigure() throws {
        // HabitBull lists "Read" with one row of Value 0: a habit, never done.
        let dir = TemporaryDirectory()
        dir.write("habitbull.csv", "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRead,,,2026-11-20,0,\n")
        let site = Site([dir.file("habitbull.csv")], extra: ["--now", "2026-11-29T12:00:00Z"])
        #expect(site.code == 0, "\(site.stderr)")
        let index = try #require(site.read("habits/index.html"))
        #expect(index.contains(">Read</a>") && index.contains(#"<h2 id="overall-heading">Overall strength</h2>"#))
        // No numbers table of one "0%" under it.
        #expect(!index.contains(#"<caption class="visually-hidden">Overall strength</caption>"#) && !index.contains("Overall strength: "))
    }

    @Test func beeminderWeightGoalAlone() throws {
        let sources = [path("beeminder-bb/bug-bweight.bb")]
        let site = Site(sources)
        #expect(site.code == 0, "\(site.stderr)")
        // The last datapoint: ["20170720", 70.45, …].
        #expect(site.now == "2017-07-20T23:59:59+00:00")
        #expect(site.folders == ["weight", "weight.csv", "years"])
        // A weight log's front page is about the weight: no Overview entry repeating it.
        #expect(site.menu == ["Weight", "Years"])
        let index = try #require(site.read("index.html"))
        #expect(index.contains(#"id="weight-heading""#) && !index.contains("habits-lead-heading"))
        // The goal (params.vfin 68.8, yaw −1: to lose) against the trend of 69.3 kg: 0.5 kg to
        // lose, and at the rising rate it is not reached; no forecast before the day shown.
        let weight = Self.text(try #require(site.read("weight/index.html")))
        #expect(weight.contains("0.5 kg to lose") && weight.contains("not reached at this rate"))
        #expect(!weight.contains("reached around") && !weight.contains("— reached"))
        expectNoPoints(sources, site)
    }

    @Test func openScaleAlone() throws {
        let sources = [path("openscale-app-export/andresCorralM-openscale-export-6rows.csv")]
        let site = Site(sources)
        #expect(site.code == 0, "\(site.stderr)")
        // The newest dateTime: 2022-04-16 20:45.
        #expect(site.now == "2022-04-16T23:59:59+00:00")
        #expect(site.folders == ["weight", "weight.csv", "years"])
        #expect(site.menu == ["Weight", "Years"])
        // No goal anywhere in an openScale export: no goal card, no goal line.
        let weight = Self.text(try #require(site.read("weight/index.html")))
        #expect(!weight.contains("To goal") && !weight.contains("Goal "))
        #expect(weight.contains("Body fat"))
        expectNoPoints(sources, site)
    }

    @Test func aGoalDirectionFromWaymarkJSON() throws {
        // openScale says nothing of a goal: waymark.json sets 70 kg, to lose; the trend is above it.
        let csv = path("openscale-app-export/andresCorralM-openscale-export-6rows.csv")
        let dir = TemporaryDirectory()
        dir.write("waymark.json", #"{"goalWeightKg": 70, "goalDirection": "lose"}"#)
        let site = Site([csv], extra: ["--config", dir.file("waymark.json")])
        #expect(site.code == 0, "\(site.stderr)")
        let weight = Self.text(try #require(site.read("weight/index.html")))
        #expect(weight.range(of: #"\d\.\d kg to lose"#, options: .regularExpression) != nil && !weight.contains("above your goal"))
        // Without the direction, the distance is said plainly and nothing is called reached.
        dir.write("waymark.json", #"{"goalWeightKg": 70}"#)
        let plain = Self.text(try #require(Site([csv], extra: ["--config", dir.file("waymark.json")]).read("weight/index.html")))
        #expect(plain.contains("above your goal") && plain.contains("does not say whether the goal is to lose or to gain"))
        #expect(plain.range(of: #"\d kg to lose"#, options: .regularExpression) == nil)
    }

    @Test func habitBullAlone() throws {
        let sources = [path("habitbull-csv")]
        let site = Site(sources)
        #expect(site.code == 0 || site.code == 65, "\(site.stderr)")
        // habitbull2.csv holds a Value out of range: built with --skip-invalid.
        let built = site.code == 0 ? site : Site(sources, extra: ["--skip-invalid"])
        #expect(built.code == 0, "\(built.stderr)")
        // The newest CalendarDate: 2022-11-22 (habitbull4.csv, Caffeine).
        #expect(built.now == "2022-11-22T23:59:59+00:00")
        #expect(built.folders == ["habits", "years"])
        #expect(built.menu == ["Habits", "Years"])
        let index = try #require(built.read("index.html"))
        #expect(index.contains(#"id="habits-lead-heading""#) && index.contains(">Caffeine</a>"))
        expectNoPoints(sources + (site.code == 0 ? [] : ["--skip-invalid"]), built)
    }

    @Test func aWorkoutAloneMakesTheActivitySection() throws {
        // BMI, heart rate and a workout, no body mass: only the workout (a 5-minute run on
        // 2016-11-14), on the Workouts page (in the menu after Activity) and in activity.csv.
        let sources = [path("apple-health-dogsheep-healthkit-to-sqlite/export.xml")]
        let site = Site(sources)
        #expect(site.code == 0, "\(site.stderr)")
        #expect(site.folders == ["activity", "activity.csv", "workouts"] && site.menu == ["Activity", "Workouts"])
        let index = try #require(site.read("index.html"))
        #expect(!index.contains("These sources hold nothing Waymark shows yet"))
        #expect(index.contains(#"<span class="count">1</span> <span class="label">Days of activity</span>"#))
        #expect(site.read("workouts/index.html")?.contains("<td>Running</td><td>1</td><td>5 min</td><td>0.8</td></tr>") == true)
        expectNoPoints(sources, site)
    }

    @Test func daylioAlone() throws {
        let sources = [path("daylio-csv/zhafen-2019-ampm-daylio_export.csv")]
        let site = Site(sources)
        #expect(site.code == 0, "\(site.stderr)")
        // The newest full_date: 2019-03-17.
        #expect(site.now == "2019-03-17T23:59:59+00:00")
        #expect(site.folders == ["habits", "notes", "years"])
        #expect(site.menu == ["Overview", "Habits", "Notes", "Years"])
        #expect(site.read("index.html")?.contains(#"id="habits-lead-heading""#) == true)
        expectNoPoints(sources, site)
    }

    @Test func allRealExportsMerged() throws {
        let sources = SiteDigestTests.real.last.map { $0.sources.map(path) } ?? []
        #expect(sources.count >= 13)
        let site = Site(sources + [path("openscale-app-export")], extra: ["--skip-invalid"])
        #expect(site.code == 0, "\(site.stderr)")
        // The newest record of any source (the top-level Loop CSV's Checkmarks.csv, 2025-04-18),
        // never an older export's date.
        #expect(site.now == "2025-04-18T23:59:59+00:00")
        #expect(!site.stderr.contains("left out of the statistics") && !site.stderr.contains("points.json"))
        // The 2015 Apple Health export's nights (Sleep Cycle) make a Sleep page after Activity,
        // dogsheep's run and tdda's workout a Workouts page after it.
        #expect(site.folders == ["activity", "activity.csv", "habits", "notes", "sleep", "weight", "weight.csv", "workouts", "years"])
        #expect(site.menu == ["Overview", "Habits", "Weight", "Activity", "Sleep", "Workouts", "Notes", "Years"])
        let index = try #require(site.read("index.html"))
        // Habits first, then the weight.
        let habits = try #require(index.range(of: "habits-lead-heading")), weight = try #require(index.range(of: "weight-heading"))
        #expect(habits.lowerBound < weight.lowerBound)
        // Of the goals set (Beeminder's bug-bweight.bb: 68.8 kg, to lose), the weight page says
        // which way, and never "reached" against it.
        let page = Self.text(try #require(site.read("weight/index.html")))
        #expect(!page.contains("reached around"))
        expectNoPoints(sources + [path("openscale-app-export"), "--skip-invalid"], site)
    }

    @Test func decadeSampleHasEverySectionAndTargetsAgree() throws {
        let dir = TemporaryDirectory()
        #expect(CLIRun(["sample", "-o", dir.file("export"), "--years", "10", "--tags", "30", "--seed", "7", "-q"]).code == 0)
        let site = Site([dir.file("export")])
        #expect(site.code == 0, "\(site.stderr)")
        // The sample's profile dates the export 2026-11-29 20:00 in Shanghai.
        #expect(site.now == "2026-11-29T12:00:00+00:00" || site.now == "2026-11-29T20:00:00+08:00")
        #expect(site.menu == ["Overview", "Habits", "Points", "Targets", "Weight", "To-dos", "Notes", "Years"])
        #expect(site.folders.isSuperset(of: ["habits", "notes", "period", "points", "targets", "todos", "weight", "years"]))
        // One definition of the targets: stats.json, the all-time dashboard and the targets page.
        let stats = try JSONParser.parse(Array(try #require(site.read("stats.json")).utf8))
        guard case .number(let completed)? = stats["targets"]?["completed"], case .number(let overdue)? = stats["targets"]?["overdue"],
              case .number(let rate)? = stats["targets"]?["onTimeRate"] else { Issue.record("no targets in stats.json"); return }
        let done = Int(completed) ?? -1, late = Int(overdue) ?? -1
        #expect(stats["periods"]?["all"]?["completedTargets"] == .number(completed))
        #expect(stats["periods"]?["all"]?["completionRate"] == .number(rate))
        // 389 done and 107 overdue: 496 due, 389 / 496 = 78.4 %.
        #expect(done == 389 && late == 107 && rate == "78.4")
        let all = Self.text(try #require(site.read("period/all.html")))
        #expect(all.contains("\(done) of \(done + late) due were done") && all.contains("78.4%"))
        #expect(Self.text(try #require(site.read("targets/index.html"))).contains("Overdue \(late)"))
    }
}
