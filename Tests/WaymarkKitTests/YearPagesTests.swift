import Foundation
import Testing
@testable import WaymarkKit

/// Year pages: a year's days counted (`YearDayCounts`) and shaded (`YearCalendar`) on small
/// inputs worked out by hand; the calendar, the months and their links on the decade sample,
/// counted independently from its points.json; the habit-only year pages of real Loop, Daylio
/// and HabitBull exports, counted with Python's sqlite3 and csv on the files.
struct YearPagesTests {
    static let jan1 = LocalDate(year: 2024, month: 1, day: 1) ?? LocalDate(dayNumber: 0)

    /// 2024 (a leap year that starts on a Monday), 1 January to 10 March: the values below.
    static func counts() -> YearDayCounts {
        // 5 on 1 January; 1 a day 8–14 January (the second week, 7); 3 on 31 January and 2 on
        // 1–4 February (a run of 5 days across the month's end); 9 on 10 March.
        var byDay: [Int: Int] = [jan1.dayNumber: 5]
        for d in 7...13 { byDay[jan1.dayNumber + d] = 1 }
        byDay[jan1.dayNumber + 30] = 3
        for d in 31...34 { byDay[jan1.dayNumber + d] = 2 }
        byDay[jan1.dayNumber + 69] = 9
        byDay[jan1.dayNumber + 2] = -4  // spent, not earned: counts as 0
        return YearDayCounts(start: jan1, end: jan1.adding(days: 69)) { byDay[$0] ?? 0 }
    }

    @Test func aYearsDaysAddUpByMonthWeekAndRun() throws {
        let c = Self.counts()
        #expect(c.values.count == 70 && c.end == LocalDate(year: 2024, month: 3, day: 10))
        // 5 + 7 + 3 + 8 + 9 = 32 on 1 + 7 + 1 + 4 + 1 = 14 days.
        #expect(c.total == 32 && c.activeDays == 14)
        #expect(c.value(on: Self.jan1.adding(days: 2)) == 0 && c.value(on: Self.jan1.adding(days: 400)) == 0)
        // January 5 + 7 + 3 = 15 on 9 days; February 8 on 4 of 29; March 9 on 1 of the 10 counted.
        #expect(c.months.map(\.total) == [15, 8, 9] && c.months.map(\.activeDays) == [9, 4, 1] && c.months.map(\.days) == [31, 29, 10])
        #expect(c.bestMonth?.month == 1 && c.bestMonth?.earned == 15)
        // Weeks: 1–7 Jan 5, 8–14 Jan 7, 29 Jan–4 Feb 3 + 8 = 11, 4–10 Mar 9: the week of 29 January.
        let week = try #require(c.bestWeek)
        #expect(week.monday == LocalDate(year: 2024, month: 1, day: 29) && week.end == LocalDate(year: 2024, month: 2, day: 4) && week.earned == 11)
        // Runs: 1 day, 7 days (8–14 Jan), 5 days (31 Jan–4 Feb), 1 day: the 7.
        let run = try #require(c.longestRun)
        #expect(run.start == LocalDate(year: 2024, month: 1, day: 8) && run.end == LocalDate(year: 2024, month: 1, day: 14))
    }

    @Test func aWeekAcrossNewYearCountsOnlyItsDaysInTheYear() throws {
        // 2025 starts on a Wednesday: its first week is 1–5 January; 4 on each of those days
        // (20) beats 3 on each of 6–11 January, the days counted of the next week (18).
        let start = try #require(LocalDate(year: 2025, month: 1, day: 1))
        let c = YearDayCounts(start: start, end: start.adding(days: 10)) { $0 - start.dayNumber < 5 ? 4 : 3 }
        let week = try #require(c.bestWeek)
        #expect(week.monday == LocalDate(year: 2024, month: 12, day: 30) && week.start == start && week.earned == 20)
        #expect(c.longestRun?.end == start.adding(days: 10) && c.longestRun?.length == 11)
        // Nothing at all: no best month, week or run.
        let none = YearDayCounts(start: start, end: start.adding(days: 30)) { _ in 0 }
        #expect(none.bestMonth == nil && none.bestWeek == nil && none.longestRun == nil && none.months.count == 1)
    }

    @Test func fewDifferentValuesTakeTheDarkestLevels() {
        // A yes/no habit: every check is the darkest level.
        let yesNo = YearCalendar.levels([0, 1, 1, 0, 1])
        #expect([0, 1].map(yesNo) == [0, 4])
        // Two values: 3 and 4.
        let two = YearCalendar.levels([0, 1, 2, 2])
        #expect([0, 1, 2].map(two) == [0, 3, 4])
        // Eight different values: the quartiles of the values above zero (1…8: 2.75, 4.5, 6.25).
        let many = YearCalendar.levels(Array(0...8))
        #expect((0...8).map(many) == [0, 1, 1, 2, 2, 3, 3, 4, 4])
    }

    @Test func aMonthCalendarPlacesDaysUnderTheirWeekdays() {
        let c = Self.counts()
        let labels = YearCalendar.Labels(weekdays: ["M", "T", "W", "T", "F", "S", "S"], cell: { d, n in "\(d): \(n)" },
                                         title: { "month \($0.month)" }, description: { "\($0.activeDays) of \($0.days)" })
        let level = YearCalendar.levels(c.values)
        // February 2024 starts on a Thursday (column 3, x = 42): 29 days, all counted.
        let feb = YearCalendar.month(2, of: c, level: level, labels: labels, id: "m2")
        #expect(feb.contains(#"<rect x="42" y="14" width="11" height="11" rx="2" class="l"#))
        #expect(feb.contains("<title>2024-02-01: 2</title>") && feb.components(separatedBy: "<title>2024-02-").count - 1 == 29)
        #expect(feb.contains(#"<desc id="m2-desc">4 of 29</desc>"#))
        // March is counted to the 10th: 21 later days are outlines without a title.
        let mar = YearCalendar.month(3, of: c, level: level, labels: labels, id: "m3")
        #expect(mar.components(separatedBy: "<title>2024-03-").count - 1 == 10 && mar.components(separatedBy: #"class="none"/>"#).count - 1 == 21)
    }
}

/// Year pages of whole sites: the decade sample (seed 7, as `waymark sample --years 10 --tags 30
/// --seed 7`) and real exports.
struct YearSitePagesTests {
    /// The decade sample's export and its site in `language`.
    static func decade(_ language: Language) throws -> (files: [String: [UInt8]], site: [SiteFile]) {
        let sample = SampleExport(years: 10, tags: 30, seed: 7)
        var input: [String: [UInt8]] = [:]
        for f in sample.files() { input[f.path] = f.bytes }
        let export = ExportReader(fileSystem: .inMemory(root: "/s", files: input)).read(directory: "/s").export
        let zone = try #require(Zone(identifier: "Asia/Shanghai"))
        let now = zone.instant(of: LocalDateTime(secondsAsUTC: Int64(sample.end.dayNumber) * 86_400 + 72_000))
        return (input, try renderSite(export, SiteOptions(now: now, zone: zone, language: language)))
    }

    /// Points earned per day ("yyyy-MM-dd" of the record's wall-clock pointDate), read with
    /// Foundation's JSONSerialization rather than Waymark's reader.
    static func earnedByDay(_ pointsJSON: [UInt8]) throws -> [String: Int] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(pointsJSON)) as? [String: Any])
        let records = try #require(root["data"] as? [[String: Any]])
        var byDay: [String: Int] = [:]
        for r in records {
            guard let date = r["pointDate"] as? String, let text = r["point"] as? String, let point = Int(text), point > 0 else { continue }
            byDay[String(date.prefix(10)), default: 0] += point
        }
        return byDay
    }

    static func page(_ files: [SiteFile], _ path: String) -> String {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    static func between(_ s: String, _ a: String, _ b: String) -> String {
        guard let lo = s.range(of: a), let hi = s.range(of: b, range: lo.upperBound..<s.endIndex) else { return "" }
        return String(s[lo.upperBound..<hi.lowerBound])
    }

    @Test func theDecadeSamplesYearPagesHaveTheirCalendarMonthsAndLinks() throws {
        let (input, site) = try Self.decade(.en)
        let byDay = try Self.earnedByDay(try #require(input["points.json"]))
        let f = LocaleFormat(.en)
        // 2025: every day of the year, its months each linking to their points page.
        let y2025 = Self.page(site, "years/2025.html")
        let days2025 = byDay.filter { $0.key.hasPrefix("2025-") }
        let total = days2025.values.reduce(0, +), active = days2025.values.filter { $0 > 0 }.count
        #expect(y2025.contains("\(active) of 365 days with points, \(f.integer(total)) points in all."))
        let calendar = Self.between(y2025, #"<div class="year-calendar">"#, "</section>")
        #expect(calendar.components(separatedBy: #"<div class="year-month">"#).count - 1 == 12)
        #expect(calendar.components(separatedBy: "<title>").count - 1 == 365)  // a title a day (a month's has an id)
        #expect(!calendar.contains(#"class="none""#))
        for m in 1...12 {
            let slug = "2025-" + pad(m, 2)
            #expect(calendar.contains(#"<a href="../points/\#(slug).html">"#), "\(slug)")
            #expect(site.contains { $0.path == "points/\(slug).html" })
            let sum = days2025.filter { $0.key.hasPrefix(slug) }.values.reduce(0, +)
            #expect(y2025.contains(#"<tr><th scope="row"><a href="../points/\#(slug).html"><span class="date">\#(f.monthYear(year: 2025, month: m))</span></a></th><td>\#(f.integer(sum))</td>"#),
                    "\(slug) \(sum)")
        }
        // 2016 (a leap year): the sample starts in its last month, the only month with a page.
        let y2016 = Self.page(site, "years/2016.html")
        let days2016 = byDay.filter { $0.key.hasPrefix("2016-") }
        #expect(days2016.keys.allSatisfy { $0.hasPrefix("2016-12-") } && !days2016.isEmpty)
        #expect(y2016.contains("\(days2016.count) of 366 days with points, \(f.integer(days2016.values.reduce(0, +))) points in all."))
        #expect(y2016.components(separatedBy: "href=\"../points/2016-").count - 1 == 2)  // the calendar's and the table's
        #expect(y2016.contains(#"<a href="../points/2016-12.html">Dec</a>"#) && !y2016.contains("../points/2016-11.html"))
        // 2026 so far: counted to 29 November; the rest of the year is outlines.
        let y2026 = Self.page(site, "years/2026.html")
        let cal2026 = Self.between(y2026, #"<div class="year-calendar">"#, "</section>")
        #expect(cal2026.components(separatedBy: #"class="none"/>"#).count - 1 == 32)  // 30 Nov and December
        #expect(y2026.contains(" of 333 days with points"))
        // The menu has the years, and the years index is a card a year.
        let index = Self.page(site, "years/index.html")
        #expect(index.components(separatedBy: #"<li class="year-card">"#).count - 1 == 11)
        #expect(index.contains(#"<h2><a href="2026.html">2026</a> <span class="muted">so far</span></h2>"#))
        #expect(Self.page(site, "index.html").contains(#"<li><a href="years/index.html">Years</a></li>"#))
        #expect(y2025.contains(#"<li><a href="../years/index.html" aria-current="page">Years</a></li>"#))
        let over = site.filter { $0.path.hasPrefix("years/") && $0.bytes.count >= 150_000 }.map(\.path)
        #expect(over.isEmpty, "\(over)")
    }

    @Test func aYearsHabitTablesNameEachFigureForAPhone() throws {
        let (_, site) = try Self.decade(.en)
        let y2025 = Self.page(site, "years/2025.html")
        let tables = y2025.components(separatedBy: #"<table class="habits numbers year-habits">"#).dropFirst()
            .map { $0.components(separatedBy: "</table>")[0] }
        try #require(tables.count == 2)
        func count(_ s: String, _ part: String) -> Int { s.components(separatedBy: part).count - 1 }
        // Each habit's row carries its column's name on each figure, which a phone shows above it.
        let rows = count(tables[0], #"<tr><th scope="row">"#)
        #expect(rows == 30 && count(tables[0], #"<td data-label="Times">"#) == rows && count(tables[0], #"<td data-label="Longest streak">"#) == rows)
        #expect(count(tables[1], #"<tr><th scope="row">"#) == 30 && count(tables[1], #"<td data-label="Strength on Dec 31, 2025">"#) == 30)
        // A finished year ranks at its end; the year not over yet (2026 in the sample) as it is now.
        #expect(y2025.contains(#"<h2 id="by-strength-heading">Habits by strength at the end of the year</h2>"#))
        let y2026 = Self.page(site, "years/2026.html")
        #expect(y2026.contains(#"<h2 id="by-strength-heading">Habits by current strength</h2>"#) && !y2026.contains("at the end of the year"))
        let css = try String(contentsOfFile: TestPaths.repo.appendingPathComponent("Public/style.css").path, encoding: .utf8)
        let phone = try #require(css.components(separatedBy: "@media (max-width: 600px) {").first { $0.contains("table.year-habits thead") })
        #expect(phone.contains("table.year-habits thead { display: none; }") || phone.contains("table.habits-index thead, table.year-habits thead { display: none; }"))
        #expect(phone.contains("table.year-habits td::before { content: attr(data-label)"))
        // A figure's note wraps inside its cell, where the numbers' columns keep their figures whole:
        // at 1280 px a numerical habit's "889,100 steps in all · 9,770.3 steps per day entered" ran past its half-width table.
        let note = try #require(css.components(separatedBy: "\n").first { $0.hasPrefix("table.habits .sub {") })
        #expect(note.contains("white-space: normal"))
        let numbers = try #require(css.components(separatedBy: "\n").first { $0.hasPrefix(".numbers th + th, .numbers td + td, .numbers th + td {") })
        #expect(numbers.contains("white-space: nowrap; }"))
    }

    @Test func theChineseYearPageSpeaksChinese() throws {
        let (input, site) = try Self.decade(.zhHans)
        let byDay = try Self.earnedByDay(try #require(input["points.json"]))
        let days = byDay.filter { $0.key.hasPrefix("2025-") }
        let y2025 = Self.page(site, "years/2025.html")
        let total = LocaleFormat(.zhHans).integer(days.values.reduce(0, +))
        #expect(y2025.contains("全年每日") && y2025.contains("365 天中有 \(days.count) 天获得积分，共 \(total) 积分。"))
        #expect(y2025.contains(">一</text>") && y2025.contains(#"<a href="../points/2025-03.html"><span class="date">3月</span></a>"#))
        #expect(Self.page(site, "index.html").contains(#"<a href="years/index.html">年度</a>"#))
        #expect(y2025.contains(">习惯：按年末强度</h2>") && Self.page(site, "years/2026.html").contains(">习惯：按当前强度</h2>"))
        let over = site.filter { $0.path.hasPrefix("years/") && $0.bytes.count >= 150_000 }.map(\.path)
        #expect(over.isEmpty, "\(over)")
    }
}

/// Year pages of habit-only real exports, built through the command line in UTC.
@Suite(.enabled(if: TestPaths.hasShared)) struct RealYearPagesTests {
    static let real = TestPaths.shared.appendingPathComponent("real-exports").path

    func text(_ source: String, _ page: String) throws -> String {
        let site = DataShapedSiteTests.Site([Self.real + "/" + source])
        #expect(site.code == 0, "\(site.stderr)")
        return DataShapedSiteTests.text(try #require(site.read(page)))
    }

    @Test func loopsYearCountsChecks() throws {
        // sqlite3 on loop-v12.db: 164 Repetitions, on 76 days from 1 January to 21 March 2016
        // (81 days); by month 39, 50 and 75; the weeks of 7 and 14 March have 28 each (the
        // earlier wins); the longest run of days with one is 18 January to 20 February, 34 days.
        let site = DataShapedSiteTests.Site([Self.real + "/loop-habit-tracker-db/loop-v12.db"])
        let html = try #require(site.read("years/2016.html"))
        let page = DataShapedSiteTests.text(html)
        #expect(page.contains("76 of 81 days with a habit done, 164 completions in all."))
        #expect(page.contains("Best month March 2016 75 completions") && page.contains("Best week Mar 7 – Mar 13 28 completions"))
        #expect(page.contains("Longest run of days with a habit done 34 days Jan 18 – Feb 20"))
        #expect(page.contains("January 2016 39 28 February 2016 50 28 March 2016 75 20"))
        // No points, so no month pages to link and no word of points.
        #expect(!html.contains("../points/") && DataShapedSiteTests.pointWords(page).isEmpty)
        let calendar = YearSitePagesTests.between(html, #"<div class="year-calendar">"#, "</section>")
        #expect(calendar.components(separatedBy: #"class="none"/>"#).count - 1 == 366 - 81)
        #expect(site.menu == ["Habits", "Years"])
    }

    @Test func daylioAndHabitBullYearsCountTheirEntries() throws {
        // Python's csv on zhafen-2019: 2,791 activities in 2018, on 300 days, every day from
        // 7 March to 31 December.
        let daylio = try text("daylio-csv/zhafen-2019-ampm-daylio_export.csv", "years/2018.html")
        #expect(daylio.contains("300 of 365 days with a habit done, 2,791 completions in all."))
        #expect(daylio.contains("Longest run of days with a habit done 300 days Mar 7 – Dec 31"))
        // habitbull3.csv: Pushups on 8–13 January 2022, run on 3, 18 and 19 January: 9 days of 19.
        let habitBull = try text("habitbull-csv/habitbull3.csv", "years/2022.html")
        #expect(habitBull.contains("9 of 19 days with a habit done, 9 completions in all."))
        #expect(habitBull.contains("Longest run of days with a habit done 6 days Jan 8 – Jan 13"))
        #expect(habitBull.contains("February 2022 Still to come."))
    }
}
