import Foundation
import Testing
@testable import WaymarkKit

/// A habit's page for an earlier year on the decade sample (seed 7, as `waymark sample --years 10
/// --tags 30 --seed 7`): "阅读 Reading" in 2020, a leap year six years before the sample's last,
/// checked day by day against the sample's own point records, read with Foundation's
/// JSONSerialization and dated with Foundation's Gregorian calendar rather than Waymark's.
struct HabitYearDecadeTests {
    static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                         "November", "December"]

    /// Completions of `habit` per "yyyy-MM-dd" in `year`: its records (`pointType` "tag"), by the
    /// date of their wall-clock `pointDate`.
    static func completions(_ pointsJSON: [UInt8], habit: String, year: Int) throws -> [String: Int] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(pointsJSON)) as? [String: Any])
        let records = try #require(root["data"] as? [[String: Any]])
        var byDay: [String: Int] = [:]
        for r in records where r["pointType"] as? String == "tag" && r["pointName"] as? String == habit {
            guard let date = r["pointDate"] as? String, date.hasPrefix("\(year)-") else { continue }
            byDay[String(date.prefix(10)), default: 0] += 1
        }
        return byDay
    }

    @Test func readingIn2020DayByDayAndMonthByMonth() throws {
        let (input, site) = try YearSitePagesTests.decade(.en)
        let byDay = try Self.completions(try #require(input["points.json"]), habit: "阅读 Reading", year: 2020)
        let page = YearSitePagesTests.page(site, "habits/reading/2020.html")
        #expect(!byDay.isEmpty && !page.isEmpty)
        #expect(page.contains("Done on \(byDay.count) of 366 days."))

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let january1 = try #require(calendar.date(from: DateComponents(year: 2020, month: 1, day: 1)))
        func key(_ date: Date) -> (text: String, month: Int, day: Int) {
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            let (y, m, d) = (c.year ?? 0, c.month ?? 0, c.day ?? 0)
            return (String(format: "%04d-%02d-%02d", y, m, d), m, d)
        }
        // Every day of the year in its calendar: a day with a record is done, any other not done
        // (an every-day habit: no day is filled in by a window that met its goal).
        var done = 0
        for offset in 0..<366 {
            let day = key(try #require(calendar.date(byAdding: .day, value: offset, to: january1)))
            let word = byDay[day.text] != nil ? "done" : "not done"
            if byDay[day.text] != nil { done += 1 }
            let title = "<title>\(Self.shortMonths[day.month - 1]) \(day.day), 2020: \(word)</title>"
            #expect(page.contains(title), "\(title)")
        }
        #expect(done == byDay.count)
        #expect(!page.contains(", 2020: filled in") && !page.contains(", 2021:"))
        // Month by month: the month's completions (records) over the days it asks, all of them.
        for m in 1...12 {
            let prefix = "2020-" + String(format: "%02d", m)
            let n = byDay.filter { $0.key.hasPrefix(prefix) }.values.reduce(0, +)
            let first = try #require(calendar.date(from: DateComponents(year: 2020, month: m, day: 1)))
            let length = try #require(calendar.range(of: .day, in: .month, for: first)).count
            let row = #"<tr><td><span class="date">\#(Self.months[m - 1]) 2020</span></td><td>\#(n)/\#(length)</td></tr>"#
            #expect(page.contains(row), "\(row)")
        }
        // The first week that starts in 2020: Monday 6 January to Sunday 12 January.
        let week = (6...12).map { byDay["2020-01-" + String(format: "%02d", $0)] ?? 0 }.reduce(0, +)
        #expect(page.contains(#"<tr><td>week of <span class="date">Jan 6, 2020</span></td><td>\#(week)/7</td></tr>"#))
        #expect(!page.contains(#"week of <span class="date">Dec 30, 2019"#))
        // The year switch: 2016 (the sample's first month) to 2025 as pages, 2026 the habit's page.
        #expect(page.contains(#"<li><a href="2020.html" aria-current="page">2020</a></li>"#))
        #expect(page.contains(#"<li><a href="2016.html">2016</a></li>"#) && page.contains(#"<li><a href="../reading.html">2026</a></li>"#))
        #expect(site.contains { $0.path == "habits/reading/2025.html" } && !site.contains { $0.path == "habits/reading/2026.html" })
    }

    /// The calendar's description on an earlier year's page counts that year's days ("of 366 days
    /// in 2020"), not "the last" days; the habit's own page keeps the last 53 weeks (371 days,
    /// Monday 24 November 2025 to Sunday 29 November 2026). Both languages.
    @Test func calendarDescriptionSaysTheYearOnAYearPage() throws {
        let (input, en) = try YearSitePagesTests.decade(.en)
        let (_, zh) = try YearSitePagesTests.decade(.zhHans)
        let points = try #require(input["points.json"])
        let in2020 = try Self.completions(points, habit: "阅读 Reading", year: 2020).count
        let last53 = try Self.completions(points, habit: "阅读 Reading", year: 2025).keys.filter { $0 >= "2025-11-24" }.count
            + Self.completions(points, habit: "阅读 Reading", year: 2026).count
        #expect(in2020 > 0 && last53 > 0)
        let year = YearSitePagesTests.page(en, "habits/reading/2020.html"), yearZh = YearSitePagesTests.page(zh, "habits/reading/2020.html")
        #expect(year.contains(#"<desc id="calendar-desc">Done on \#(in2020) of 366 days in 2020.</desc>"#))
        #expect(yearZh.contains(#"<desc id="calendar-desc">2020年的 366 天中完成了 \#(in2020) 天。</desc>"#))
        // A year named on its own is written as Chinese writes it, "2020年".
        #expect(yearZh.contains(#"<span class="muted"><span class="date">2020年</span></span></h1>"#))
        #expect(yearZh.contains(#"<title id="calendar-title">2020年</title>"#) && yearZh.contains(#"<title id="calendar-h1-title">2020年 · 1月–6月</title>"#))
        #expect(year.contains(#"<title id="calendar-title">2020</title>"#))
        // The phone's two half-years say the same, each titled with its months.
        #expect(year.contains(#"<title id="calendar-h1-title">2020 · Jan–Jun</title><desc id="calendar-h1-desc">Done on \#(in2020) of 366 days in 2020.</desc>"#))
        #expect(year.contains(#"<title id="calendar-h2-title">2020 · Jul–Dec</title>"#))
        #expect(!year.contains("of the last") && !yearZh.contains("最近 371 天"))
        let main = YearSitePagesTests.page(en, "habits/reading.html"), mainZh = YearSitePagesTests.page(zh, "habits/reading.html")
        #expect(main.contains(#"<desc id="calendar-desc">Done on \#(last53) of the last 371 days.</desc>"#))
        #expect(mainZh.contains(#"<desc id="calendar-desc">最近 371 天中有 \#(last53) 天完成。</desc>"#))
        #expect(!main.contains("calendar-h1"))
    }

    /// The history charts of an earlier year describe that year's periods: 2020 has 52 Mondays
    /// (it began on a Wednesday and has 366 days: 52 weeks and 2 days), so 52 weeks start in it,
    /// and 12 months; never "the last" 52 weeks or 12 months.
    @Test func historyDescriptionsSayTheYearOnAYearPage() throws {
        let (_, en) = try YearSitePagesTests.decade(.en)
        let (_, zh) = try YearSitePagesTests.decade(.zhHans)
        let year = YearSitePagesTests.page(en, "habits/reading/2020.html"), yearZh = YearSitePagesTests.page(zh, "habits/reading/2020.html")
        #expect(year.contains("Completions per week in 2020, 52 weeks.") && year.contains("Completions per month in 2020, 12 months."))
        #expect(yearZh.contains("2020年每周的完成次数，共 52 周。") && yearZh.contains("2020年每月的完成次数，共 12 个月。"))
        #expect(!year.contains("the last 52 weeks") && !year.contains("the last 12 months") && !yearZh.contains("最近 52 周"))
        // The habit's own page keeps "the last" periods.
        #expect(YearSitePagesTests.page(en, "habits/reading.html").contains("Completions per week, the last "))
    }

    /// On a phone the year is drawn as its own days only: January to June, then July to
    /// December, 182 + 184 days of 2020 in all, none of 2019's last week.
    @Test func aYearPageCalendarHasTwoHalvesForAPhone() throws {
        let (_, en) = try YearSitePagesTests.decade(.en)
        let page = YearSitePagesTests.page(en, "habits/reading/2020.html")
        let narrow = try #require(page.range(of: #"<div class="chart-narrow calendar-halves">"#).map { String(page[$0.upperBound...]) })
        let halves = narrow.components(separatedBy: "</svg>")
        #expect(halves.count >= 3)
        func days(_ svg: String) -> Int { svg.components(separatedBy: "<use href=").count - 1 }
        #expect(days(halves[0]) == 182 && days(halves[1]) == 184)
        #expect(halves[0].contains(", 2020: ") && !halves[0].contains(", 2019: ") && halves[0].contains("Jun 30, 2020: "))
        #expect(halves[1].contains("Jul 1, 2020: ") && halves[1].contains("Dec 31, 2020: ") && !halves[1].contains("Jun 30, 2020: "))
        #expect(!halves[0].contains("class=\"legend") && halves[1].contains("class=\"legend"))
    }
}
