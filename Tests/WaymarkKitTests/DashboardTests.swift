import Foundation
import Testing
@testable import WaymarkKit

/// The dashboard's cards, charts and tables: what they say with little data, with none,
/// and with ten years of it.
struct DashboardTests {
    static let shanghai = Zone(identifier: "Asia/Shanghai")!
    /// 2026-11-29 (a Sunday) 20:00 in Shanghai.
    static let now = shanghai.instant(of: LocalDateTime(secondsAsUTC: Int64(LocalDate(year: 2026, month: 11, day: 29)!.dayNumber) * 86_400 + 72_000))

    static func renderer(_ language: Language) throws -> PageRenderer {
        PageRenderer(templates: try TemplateSet([:]), options: SiteOptions(now: now, zone: shanghai, language: language), siteTitle: "x")
    }

    static func stats(period: Period, days: Int, start: LocalDate, total: Int, progress: Int?, percent: Double?) -> PeriodStats {
        PeriodStats(period: period, start: start, end: LocalDate(year: 2026, month: 11, day: 29)!, days: days, total: total, spent: 0,
                    progress: progress, progressPercent: percent, average: 0, streak: 0, bestStreak: 0, completedTargets: 0,
                    completionRate: nil, targetsDue: 0, targetsDueDone: 0)
    }

    /// A points.json of `records` (day of November 2026, points), each at 08:00.
    static func pointsJSON(_ records: [(day: Int, points: Int)]) -> String {
        let rows = records.enumerated().map { i, r in
            #"{"id":"\#(i + 1)","point":"\#(r.points)","pointType":"tag","pointName":"Run","pointDescribe":null,"pointDate":"2026-11-\#(pad(r.day, 2))T08:00:00"}"#
        }
        return #"{"code":"00000","data":["# + rows.joined(separator: ",") + "],\"ok\":true}"
    }

    static func build(_ folder: String, _ language: String = "en", extra: [String] = []) throws -> TemporaryDirectory {
        let dir = TemporaryDirectory()
        let run = CLIRun(["build", folder, "-q", "-o", dir.file("site"), "--now", "2026-11-29T20:00:00+08:00", "--time-zone", "Asia/Shanghai",
                          "--lang", language] + extra)
        try #require(run.code == 0, "\(run.stderr)")
        return dir
    }

    // MARK: Progress and streak cards

    @Test func progressSaysWhatItComparesWith() throws {
        let en = try Self.renderer(.en), zh = try Self.renderer(.zhHans)
        let week = LocalDate(year: 2026, month: 11, day: 23)!
        // 86 points against 58 the week before: +28, 28 / 58 = 48.28 % → "+48.3%".
        let up = Self.stats(period: .week, days: 7, start: week, total: 86, progress: 28, percent: 28.0 / 58.0 * 100)
        #expect(DashboardPage.progressCard(up, earlier: true, Phrases(.en), en) == ("+28", "+48.3% vs the 7 days before", "up", "▲"))
        #expect(DashboardPage.progressCard(up, earlier: true, Phrases(.zhHans), zh).note == "较前 7 天 +48.3%")
        // Nothing recorded before the window: no arrow, no colour, no "+86".
        #expect(DashboardPage.progressCard(up, earlier: false, Phrases(.en), en) == ("—", "no earlier data", "flat", ""))
        #expect(DashboardPage.progressCard(up, earlier: false, Phrases(.zhHans), zh) == ("—", "没有更早的数据", "flat", ""))
        // No change: "=", neutral.
        let same = Self.stats(period: .week, days: 7, start: week, total: 21, progress: 0, percent: 0)
        #expect(DashboardPage.progressCard(same, earlier: true, Phrases(.en), en) == ("0", "no change from the 7 days before", "flat", "="))
        #expect(DashboardPage.progressCard(same, earlier: true, Phrases(.zhHans), zh).note == "与前 7 天持平")
        let day = Self.stats(period: .day, days: 1, start: LocalDate(year: 2026, month: 11, day: 29)!, total: 3, progress: 0, percent: 0)
        #expect(DashboardPage.progressCard(day, earlier: true, Phrases(.en), en).note == "no change from yesterday")
        // A fall of 114 from 468: −24.4 %.
        let down = Self.stats(period: .day, days: 1, start: LocalDate(year: 2026, month: 11, day: 29)!, total: 354, progress: -114, percent: -114.0 / 468.0 * 100)
        #expect(DashboardPage.progressCard(down, earlier: true, Phrases(.zhHans), zh) == ("−114", "较昨天 −24.4%", "down", "▼"))
        // Earlier records, but none in the window before: the change is real, its percentage undefined.
        let fromZero = Self.stats(period: .month, days: 30, start: LocalDate(year: 2026, month: 10, day: 31)!, total: 12, progress: 12, percent: nil)
        #expect(DashboardPage.progressCard(fromZero, earlier: true, Phrases(.en), en) == ("+12", "none in the 30 days before", "up", "▲"))
        #expect(DashboardPage.progressCard(fromZero, earlier: true, Phrases(.zhHans), zh).note == "前 30 天没有获得积分")
        // All time compares with nothing by definition.
        let all = Self.stats(period: .all, days: 29, start: LocalDate(year: 2026, month: 11, day: 1)!, total: 12, progress: nil, percent: nil)
        #expect(DashboardPage.progressCard(all, earlier: false, Phrases(.en), en) == ("—", "since Nov 1, 2026", "flat", ""))
    }

    @Test func hasEarlierDataMeansARecordBeforeTheWindow() {
        let points = [PointRecord(point: 3, type: "tag", name: "Run", date: .day(LocalDate(year: 2026, month: 11, day: 23)!))]
        let stats = PointStatistics(export: Export(points: points), now: Self.now, zone: Self.shanghai)
        // The week starts on the 23rd, the day of the first record: nothing earlier. The month
        // (from Oct 31) neither. The day (the 29th) has the 23rd before it.
        #expect(!stats.period(.week).hasEarlierData(stats.daily))
        #expect(!stats.period(.month).hasEarlierData(stats.daily))
        #expect(stats.period(.day).hasEarlierData(stats.daily))
        let none = PointStatistics(export: Export(), now: Self.now, zone: Self.shanghai)
        #expect(!none.period(.day).hasEarlierData(none.daily))
    }

    /// 3 points a day from Nov 10 to Nov 29: a 20-day streak; the week (Nov 23–29, 21 points)
    /// equals the week before (Nov 16–22, 21 points); the month (from Oct 31) starts before Nov 10.
    @Test func twentyDaysOfRecordsOnThePages() throws {
        let export = TemporaryDirectory()
        export.write("points.json", Self.pointsJSON((10...29).map { ($0, 3) }))
        let en = try Self.build(export.path)
        SiteFeatureTests.expectContent(en, "index.html", [
            #"<span class="label">Change</span><span class="value"><span class="arrow" aria-hidden="true">=</span> 0</span><span class="sub">no change from the 7 days before</span>"#,
            #"<span class="value">20 days</span><span class="sub">best ever: 20 days</span><span class="sub">longest within these 7 days: 7 days</span>"#,
            // A visible heading, the legend of the darker bar, and the numbers (newest first).
            #"<h2 id="bars-heading">Points per day · Past week</h2>"#, "Today</span></p>",
            #"<thead><tr><th scope="col">Date</th><th scope="col">Points</th></tr></thead>"#,
            "<tbody>\n<tr><td><span class=\"date\">Nov 29, 2026</span></td><td>3</td></tr>\n<tr><td><span class=\"date\">Nov 28, 2026</span></td><td>3</td></tr>",
            // The heatmap's numbers: the week of Nov 23 (Monday) all 3; the week of Nov 3 all 0.
            #"<tr><th scope="row"><span class="date">Nov 23, 2026</span></th><td>3</td><td>3</td><td>3</td><td>3</td><td>3</td><td>3</td><td>3</td></tr>"#,
            #"<tr><th scope="row"><span class="date">Nov 2, 2026</span></th><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td></tr>"#,
            #"<th scope="col">Week of</th><th scope="col">Mon</th>"#,
        ])
        SiteFeatureTests.expectContent(en, "period/month.html", [
            #"<span class="label">Change</span><span class="value">—</span><span class="sub">no earlier data</span>"#,
        ])
        // The month's longest run (20 days) is the best ever: said once.
        #expect(try #require(en.read("site/period/month.html")).contains(#"<span class="value">20 days</span><span class="sub">best ever: 20 days</span></li>"#))
        SiteFeatureTests.expectContent(en, "period/day.html", ["no change from yesterday", "<h2 id=\"bars-heading\">Points per hour today · Past day</h2>"])
        // All time: the streak card has no "within" line (it is the best ever by definition).
        let all = try #require(en.read("site/period/all.html"))
        #expect(all.contains(#"<span class="value">20 days</span><span class="sub">best ever: 20 days</span></li>"#))
        // Whole-number ticks: 3 points at most gives an axis of 0…4 in steps of 1, never 0.5.
        let index = try #require(en.read("site/index.html"))
        #expect(index.contains(">1</text>") && index.contains(">4</text>") && !index.contains(">0.5</text>"))
        #expect(!index.contains("▲") && !index.contains("■"))

        let zh = try Self.build(export.path, "zh-Hans")
        SiteFeatureTests.expectContent(zh, "index.html", ["与前 7 天持平", "历史最长：20 天", "这 7 天内最长：7 天", "今天</span></p>"])
        SiteFeatureTests.expectContent(zh, "period/month.html", ["<span class=\"sub\">没有更早的数据</span>"])
    }

    // MARK: Sparse exports

    @Test func weightsOnlyShowsTheWeightAndNoPointCharts() throws {
        let export = TemporaryDirectory()
        export.write("weights.csv", "date,kg\n2026-11-20,80.5\n2026-11-25,80.1\n2026-11-29,79.8\n")
        let site = try Self.build(export.path)
        let index = try #require(site.read("site/index.html"))
        // A weight log's front page leads with the weight: no points to speak of, no Overview
        // entry repeating the weight page, no period pages.
        #expect(index.contains("id=\"weight-heading\"") && index.contains("class=\"chart sparkline\""))
        for absent in ["id=\"cards-heading\"", "id=\"bars-heading\"", "id=\"heatmap-heading\"", "class=\"periods\"", "No points", ">Overview<", "points/index.html"] {
            #expect(!index.contains(absent), "\(absent)")
        }
        #expect(site.read("site/period/day.html") == nil && site.read("site/points/index.html") == nil && site.read("site/weight/index.html") != nil)
        let zh = try Self.build(export.path, "zh-Hans")
        let zhIndex = try #require(zh.read("site/index.html"))
        #expect(zhIndex.contains("id=\"weight-heading\"") && !zhIndex.contains("积分") && !zhIndex.contains("得分") && !zhIndex.contains(">概览<"))
    }

    /// The front page's weight card is the weight page's 30-day change (the trend minus the trend
    /// 30 days before), and says the day it is computed to when the weighings stop before the
    /// site's day. 41 daily weighings, 90.0 kg falling by 0.1 a day from 2026-08-01 to 2026-09-10:
    /// the trend (`t + 0.1 × (w − t)`, worked out in Python) falls 2.699 kg over the last 30 days
    /// (2.631 over 29, which the card showed before).
    @Test func theWeightCardIsTheThirtyDayChangeToItsLastDay() throws {
        let export = TemporaryDirectory()
        let rows = (0..<41).map { i in "\(LocalDate(year: 2026, month: 8, day: 1)!.adding(days: i)),\(Double(900 - i) / 10)" }
        export.write("weights.csv", "date,kg\n" + rows.joined(separator: "\n") + "\n")
        let site = try Self.build(export.path)
        let index = try #require(site.read("site/index.html"))
        #expect(index.contains(#"<span class="muted">−2.7 kg · 30 days, to <span class="date">Sep 10, 2026</span></span>"#), "\(index)")
        #expect(try #require(site.read("site/weight/index.html")).contains("−2.7 kg"))
        let zh = try #require(try Self.build(export.path, "zh-Hans").read("site/index.html"))
        #expect(zh.contains(#"<span class="muted">−2.7 公斤 · 30 天，截至 <span class="date">2026年9月10日</span></span>"#), "\(zh)")
        // Ten days of weighings to the site's day: the change across them, labelled with its span
        // (80.5, 80.1 and 79.8 kg on Nov 20, 25 and 29, interpolated between: trend −0.274 kg).
        let short = TemporaryDirectory()
        short.write("weights.csv", "date,kg\n2026-11-20,80.5\n2026-11-25,80.1\n2026-11-29,79.8\n")
        let shortIndex = try #require(try Self.build(short.path).read("site/index.html"))
        #expect(shortIndex.contains(#"<span class="muted">−0.3 kg · 9 days</span>"#), "\(shortIndex)")
        // One weighing, a week before the site's day: no change and no span, only its day.
        let one = TemporaryDirectory()
        one.write("weights.csv", "date,kg\n2026-11-20,80.5\n")
        let oneIndex = try #require(try Self.build(one.path).read("site/index.html"))
        #expect(oneIndex.contains(#"<span class="big">80.5 kg</span> <span class="muted">to <span class="date">Nov 20, 2026</span></span>"#), "\(oneIndex)")
    }

    @Test func notesOnlyListsTheNotesAndNoPointCharts() throws {
        let export = TemporaryDirectory()
        export.write("notes/first.md", "---\ntitle: First thoughts\ndate: 2026-11-27T09:00:00\n---\nHello.\n")
        export.write("notes/second.md", "---\ntitle: Second thoughts\ndate: 2026-11-28T09:00:00\n---\nAgain.\n")
        let site = try Self.build(export.path)
        let index = try #require(site.read("site/index.html"))
        #expect(index.contains(">First thoughts</a>") && index.contains(">Second thoughts</a>"))
        #expect(!index.contains("No points") && site.read("site/points/index.html") == nil)
        #expect(!index.contains("id=\"bars-heading\"") && !index.contains("id=\"heatmap-heading\"") && !index.contains("id=\"weight-heading\""))
    }

    // MARK: Bars over long spans

    @Test func allTimeBarsAreWeeksThenMonthsThenYears() throws {
        let r = try Self.renderer(.en)
        func series(from first: LocalDate) -> DashboardCharts.Series {
            let export = Export(points: [PointRecord(point: 2, type: "tag", name: "Run", date: .day(first)),
                                         PointRecord(point: 5, type: "tag", name: "Run", date: .day(LocalDate(year: 2026, month: 11, day: 29)!))])
            let content = computeSite(export, r.options)
            let stats = PointStatistics(export: export, now: Self.now, zone: Self.shanghai)
            return DashboardCharts.series(stats, .all, content, Phrases(.en), r)
        }
        // Nov 2, 2026 (a Monday) to Nov 29: four weeks, the last one this week.
        let weeks = series(from: LocalDate(year: 2026, month: 11, day: 2)!)
        #expect(weeks.buckets.map(\.value) == [2, 0, 0, 5] && weeks.column == .weekStarting && weeks.highlightLabel == .thisWeek)
        #expect(weeks.buckets.map(\.highlight) == [false, false, false, true])
        // Jan 15, 2024 to Nov 2026: 150 weeks (over 106), 35 months.
        let months = series(from: LocalDate(year: 2024, month: 1, day: 15)!)
        #expect(months.buckets.count == 35 && months.column == .month && months.buckets.first?.when == "January 2024")
        #expect(months.buckets.first?.value == 2 && months.buckets.last?.value == 5 && months.buckets.last?.highlight == true)
        #expect(months.wideLabels.compactMap { $0 } == ["2024", "2025", "2026"])
        // June 2010 to November 2026: 16 × 12 + 6 = 198 months (over 132), so 17 years.
        let years = series(from: LocalDate(year: 2010, month: 6, day: 1)!)
        #expect(years.buckets.count == 17 && years.buckets.first?.when == "2010" && years.buckets.last?.when == "2026")
        #expect(years.buckets.first?.value == 2 && years.buckets.last?.value == 5 && years.column == .yearColumn)
    }

    /// Ten years, 30 habits: every dashboard page stays under 150 KB.
    @Test func decadeDashboardsStayUnder150KB() throws {
        let dir = TemporaryDirectory()
        #expect(CLIRun(["sample", "-q", "--years", "10", "--tags", "30", "-o", dir.file("export")]).code == 0)
        let run = CLIRun(["build", dir.file("export"), "-q", "-o", dir.file("site"), "--lang", "zh-Hans"])
        try #require(run.code == 0, "\(run.stderr)")
        for page in ["index.html", "period/day.html", "period/month.html", "period/year.html", "period/all.html"] {
            let size = try #require(try FileManager.default.attributesOfItem(atPath: dir.file("site/" + page))[.size] as? Int)
            #expect(size < 150_000, "\(page): \(size) bytes")
        }
        // The all-time chart is by month: 120 bars, ten labelled years; the narrow drawing has no tooltips.
        let all = try #require(dir.read("site/period/all.html"))
        #expect(all.contains("<h2 id=\"bars-heading\">每月积分 · 全部</h2>"))
        let narrow = try #require(all.components(separatedBy: "class=\"chart bars narrow\"").last?.components(separatedBy: "</svg>").first)
        #expect(narrow.components(separatedBy: "<rect ").count - 1 == 120 && narrow.components(separatedBy: "<title").count - 1 == 1)
    }

    // MARK: Heatmap colours

    /// Each heatmap level from 1 up reaches 3:1 against the panel in both themes (WCAG 2 relative
    /// luminance and contrast ratio, computed here from the stylesheet's colours).
    @Test func heatmapLevelsReachThreeToOne() throws {
        let css = try String(contentsOfFile: TestPaths.repo.appendingPathComponent("Public/style.css").path, encoding: .utf8)
        let parts = css.components(separatedBy: "@media (prefers-color-scheme: dark)")
        let light = parts[0], dark = try #require(parts.count > 1 ? parts[1] : nil)
        func colour(_ name: String, in block: String) throws -> (Double, Double, Double) {
            let line = try #require(block.components(separatedBy: "\n").first { $0.contains("--\(name):") })
            let hex = try #require(line.components(separatedBy: "#").last?.prefix(6))
            let v = try #require(Int(hex, radix: 16))
            return (Double(v >> 16 & 255) / 255, Double(v >> 8 & 255) / 255, Double(v & 255) / 255)
        }
        func luminance(_ c: (Double, Double, Double)) -> Double {
            func lin(_ x: Double) -> Double { x <= 0.03928 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4) }
            return 0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
        }
        func contrast(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
            let la = luminance(a), lb = luminance(b)
            return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
        }
        for block in [light, dark] {
            let panel = try colour("surface", in: block)
            var previous = 0.0
            for level in 1...4 {
                let ratio = contrast(try colour("heat-\(level)", in: block), panel)
                #expect(ratio >= 3, "level \(level): \(ratio)")
                #expect(ratio > previous, "levels grow in contrast")
                previous = ratio
            }
            // Empty cells are outlined in a colour that stands out from their fill and the panel.
            let edge = try colour("heat-edge", in: block), empty = try colour("heat-0", in: block)
            #expect(contrast(edge, panel) >= 1.5 && contrast(edge, empty) >= 1.5)
        }
        #expect(css.contains(".heatmap .l0 { stroke: var(--heat-edge)"))
    }
}
