import Foundation
import Testing
@testable import WaymarkKit

/// The frequency grid (weekday × month) and the header's strength ring: figures worked out by
/// hand, and on Loop's and HabitBull's real exports (counted with Python's sqlite3 and csv).
struct HabitFrequencyTests {
    static func date(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d)! }

    /// The worked example of "Habit history": first done Wed 2026-01-28, today Tue 2026-02-10,
    /// done Jan 28, Jan 31, Feb 1, Feb 2 (twice: a timed habit) and Feb 10.
    static func days() -> HabitDays {
        var days = HabitDays(first: date(2026, 1, 28), last: date(2026, 2, 10))
        for (i, n) in [(0, 1), (3, 1), (4, 1), (5, 2), (13, 1)] { days.checks[i] = n }
        days.skipped[1] = true  // Thu Jan 29: a skip is no completion
        return days
    }

    @Test func monthsCountEachWeekdayHeld() throws {
        let months = HabitFrequency.months(Self.days(), from: Self.date(2025, 12, 1), to: Self.date(2026, 2, 10), numerical: false)
        // December is before the habit: no column. January holds only Wed 28 … Sat 31.
        #expect(months.map(\.start) == [Self.date(2026, 1, 1), Self.date(2026, 2, 1)])
        let jan = months[0], feb = months[1]
        #expect(jan.weekdaysHeld == [0, 0, 1, 1, 1, 1, 0])
        #expect(jan.daysDone == [0, 0, 1, 0, 0, 1, 0] && jan.values == [0, 0, 1, 0, 0, 1, 0])
        // February 1 (Sun) to 10 (Tue): Mondays 2 and 9, Tuesdays 3 and 10, Sundays 1 and 8.
        #expect(feb.weekdaysHeld == [2, 2, 1, 1, 1, 1, 2])
        #expect(feb.daysDone == [1, 1, 0, 0, 0, 0, 1])
        #expect(feb.values == [2, 1, 0, 0, 0, 0, 1])  // Monday's two completions, one day done
        #expect(feb.share(0) == 0.5 && feb.share(6) == 0.5 && feb.share(2) == 0 && jan.share(0) == 0)
        #expect(HabitFrequency.hasCompletions(months))
        // A range after today or before the habit has no months.
        #expect(HabitFrequency.months(Self.days(), from: Self.date(2026, 3, 1), to: Self.date(2026, 3, 31), numerical: false).isEmpty)
        #expect(!HabitFrequency.hasCompletions([]))
    }

    @Test func theLastTwelveMonthsEndWithToday() {
        let days = HabitDays(first: Self.date(2020, 5, 17), last: Self.date(2026, 2, 10))
        let months = HabitFrequency.lastYear(days, numerical: false)
        #expect(months.count == 12 && months.first?.start == Self.date(2025, 3, 1) && months.last?.start == Self.date(2026, 2, 1))
        // March 2025 has 5 Mondays (3, 10, 17, 24, 31); February 2026 to the 10th 2 Mondays.
        #expect(months.first?.weekdaysHeld == [5, 4, 4, 4, 4, 5, 5] && months.last?.weekdaysHeld == [2, 2, 1, 1, 1, 1, 2])
        #expect(!HabitFrequency.hasCompletions(months))
    }

    @Test func numericalCellsSumTheAmounts() {
        var days = HabitDays(first: Self.date(2026, 2, 2), last: Self.date(2026, 2, 10))
        days.checks[0] = 1
        days.amounts[0] = 2.5
        days.checks[7] = 1
        days.amounts[7] = 4  // Monday Feb 9
        days.checks[1] = 1  // an entry of 0 is a day done, worth nothing
        let feb = HabitFrequency.months(days, from: days.first, to: days.last, numerical: true)[0]
        #expect(feb.values == [6.5, 0, 0, 0, 0, 0, 0] && feb.daysDone == [2, 1, 0, 0, 0, 0, 0])
    }

    @Test func theGridDrawsAreasAndLevels() {
        let columns = [
            FrequencyChart.Column(label: "Jan", year: "2026", shares: [1, 0.25, 0, nil, 0.5, 0.76, nil]),
            FrequencyChart.Column(label: "F<b>", year: nil, shares: [0.0625, nil, nil, nil, nil, nil, nil]),
        ]
        let svg = FrequencyChart.svg(columns, weekday: { ["", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][$0] }, id: "f",
                                     title: "By <weekday>", description: "D")
        #expect(svg.hasPrefix("<svg class=\"chart frequency\" viewBox=\"0 0 350 190\" role=\"img\" aria-labelledby=\"f-title f-desc\""))
        #expect(svg.contains("<title id=\"f-title\">By &lt;weekday&gt;</title>"))
        // Radius 9.5 × √share: 1 → 9.5 (l4), 0.25 → 4.75 (l1), 0.5 → 6.72 (l2), 0.76 → 8.28 (l4);
        // nothing done: a dot of 1.5; 1/16 → 2.38, held up to 2.5. Columns every 26 from 34.
        #expect(svg.contains("<circle cx=\"47\" cy=\"15\" r=\"9.5\" class=\"l4\"/>"))
        #expect(svg.contains("<circle cx=\"47\" cy=\"37\" r=\"4.75\" class=\"l1\"/>"))
        #expect(svg.contains("<circle cx=\"47\" cy=\"59\" r=\"1.5\" class=\"l0\"/>"))
        #expect(svg.contains("<circle cx=\"47\" cy=\"103\" r=\"6.72\" class=\"l2\"/>"))
        #expect(svg.contains("<circle cx=\"47\" cy=\"125\" r=\"8.28\" class=\"l4\"/>"))
        #expect(svg.contains("<circle cx=\"73\" cy=\"15\" r=\"2.5\" class=\"l1\"/>"))
        #expect(svg.components(separatedBy: "<circle").count - 1 == 6)  // no cell for a weekday not held
        #expect(svg.contains(">F&lt;b&gt;</text>") && svg.contains(">2026</text>") && svg.contains(">Sun</text>"))
    }

    @Test func theRingDrawsTheShare() {
        let svg = StrengthRing.svg(share: 0.25, text: "25%", title: "Strength 25%", id: "r")
        // A quarter: from the top (24, 4) clockwise to the right (44, 24); 60 %: past the bottom,
        // the large arc, to 24 + 20 sin 216° = 12.24, 24 − 20 cos 216° = 40.18.
        #expect(svg.contains("<path class=\"arc\" d=\"M24 4A20 20 0 0 1 44 24\"/>"))
        #expect(StrengthRing.svg(share: 0.6, text: "", title: "", id: "r").contains("d=\"M24 4A20 20 0 1 1 12.24 40.18\""))
        #expect(svg.contains("role=\"img\" aria-labelledby=\"r-title\"") && svg.contains("<title id=\"r-title\">Strength 25%</title>"))
        #expect(svg.contains(">25%</text>"))
        // No arc at 0 %; a full one at 100 % and above.
        #expect(!StrengthRing.svg(share: 0, text: "0%", title: "", id: "r").contains("class=\"arc\""))
        #expect(StrengthRing.svg(share: 1.7, text: "", title: "", id: "r").contains("<circle class=\"arc\" cx=\"24\" cy=\"24\" r=\"20\"/>"))
        #expect(!StrengthRing.svg(share: .nan, text: "", title: "", id: "r").contains("class=\"arc\""))
    }

    /// The real export `path` (under real-exports) built in UTC as of `now`, in `en/` and `zh-Hans/`.
    static func sites(_ path: String, now: String) throws -> TemporaryDirectory {
        let file = TestPaths.shared.appendingPathComponent("real-exports/" + path).path
        let dir = TemporaryDirectory()
        for lang in ["en", "zh-Hans"] {
            let run = CLIRun(["build", "-q", file, "-o", dir.file(lang), "--now", now, "--time-zone", "UTC", "--lang", lang])
            try #require(run.code == 0, "\(run.stderr)")
        }
        return dir
    }

    /// The grid's table: each month's row of seven cells.
    static func rows(_ page: String) -> [String] {
        page.matches(of: /<tr><th scope="row"><span class="date">([^<]+)<\/span><\/th>((?:<td>[^<]*<\/td>){7})<\/tr>/).map {
            "\($0.1): " + $0.2.replacing("</td><td>", with: " ").replacing("<td>", with: "").replacing("</td>", with: "")
        }
    }

    /// loop-v12.db's "Wake up early" on 2016-03-21, its checks by month and weekday counted with
    /// Python's sqlite3 from `Repetitions`: January 3, 4, 3, 4, 4, 5, 4 (Mon … Sun), February
    /// none, March 2, 0, 2, 0, 2, 0, 0. Its strength, 46 %, as the ring.
    @Test(.enabled(if: TestPaths.hasShared)) func loopsGridOnTheRealBackup() throws {
        let dir = try Self.sites("loop-habit-tracker-db/loop-v12.db", now: "2016-03-21T12:00:00Z")
        let en = try #require(dir.read("en/habits/wake-up-early.html"))
        #expect(Self.rows(en) == ["March 2016: 2 0 2 0 2 0 0", "February 2016: 0 0 0 0 0 0 0", "January 2016: 3 4 3 4 4 5 4"])
        #expect(en.contains("<h2 id=\"frequency-heading\">By weekday and month</h2>"))
        #expect(en.contains("Completions on each day of the week in each month, January 2016 to March 2016."))
        // January's Saturdays, all five done: a full circle; its Mondays 3 of 4: √0.75 × 9.5 = 8.23.
        #expect(en.contains("<circle cx=\"47\" cy=\"125\" r=\"9.5\" class=\"l4\"/>") && en.contains("<circle cx=\"47\" cy=\"15\" r=\"8.23\" class=\"l3\"/>"))
        #expect(en.contains("<title id=\"strength-ring-title\">Strength 46%</title>") && en.contains("<span class=\"value\">46%</span>"))
        let zh = try #require(dir.read("zh-Hans/habits/wake-up-early.html"))
        #expect(Self.rows(zh) == ["2016年3月: 2 0 2 0 2 0 0", "2016年2月: 0 0 0 0 0 0 0", "2016年1月: 3 4 3 4 4 5 4"])
        #expect(zh.contains("<h2 id=\"frequency-heading\">按星期和月份</h2>") && zh.contains("<title id=\"strength-ring-title\">强度 46%</title>"))
        // "Sleep early": first checked Tue Mar 15, so March holds one Monday (the 21st) and no grid cell before.
        let sleep = try #require(dir.read("en/habits/sleep-early.html"))
        #expect(Self.rows(sleep) == ["March 2016: 0 1 0 0 0 0 1"])
    }

    /// HabitBull's Pushups (habitbull3.csv, counted with Python's csv): 30 on Wed 2021-09-01,
    /// then 100 a day from Sat 2022-01-08 to Thu 01-13. On 2022-01-20 the grid's months run from
    /// September 2021 (its first) to January 2022, amounts summed; the 2021 page has its year's.
    @Test(.enabled(if: TestPaths.hasShared)) func habitBullAmountsOnTheRealFile() throws {
        let dir = try Self.sites("habitbull-csv/habitbull3.csv", now: "2022-01-20T12:00:00Z")
        let en = try #require(dir.read("en/habits/pushups.html"))
        #expect(Self.rows(en) == ["January 2022: 100 100 100 100 0 100 100", "December 2021: 0 0 0 0 0 0 0", "November 2021: 0 0 0 0 0 0 0",
                                  "October 2021: 0 0 0 0 0 0 0", "September 2021: 0 0 30 0 0 0 0"])
        #expect(en.contains("Amounts on each day of the week in each month, September 2021 to January 2022."))
        // September's Wednesday: 30 of the largest cell's 100, √0.3 × 9.5 = 5.2, the second quarter.
        #expect(en.contains("<circle cx=\"47\" cy=\"59\" r=\"5.2\" class=\"l2\"/>"))
        let year = try #require(dir.read("en/habits/pushups/2021.html"))
        #expect(Self.rows(year) == ["December 2021: 0 0 0 0 0 0 0", "November 2021: 0 0 0 0 0 0 0", "October 2021: 0 0 0 0 0 0 0",
                                    "September 2021: 0 0 30 0 0 0 0"])
        #expect(!year.contains("strength-ring"))
        let zh = try #require(dir.read("zh-Hans/habits/pushups/2021.html"))
        #expect(Self.rows(zh).last == "2021年9月: 0 0 30 0 0 0 0")
    }
}
