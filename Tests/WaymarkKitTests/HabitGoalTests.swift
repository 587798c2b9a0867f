import Foundation
import Testing
@testable import WaymarkKit

/// Goals on the habit charts (`HabitGoal`): what each period asks, "2/3"-style figures, target
/// marks on the history bars, streaks in weeks for a weekly habit, calendars shaded by the goal;
/// by hand and on Loop's own backup (figures counted with Python's sqlite3 on loop-v12.db).
struct HabitGoalTests {
    static func date(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d)! }
    let date = HabitGoalTests.date

    static func rule(_ n: Int, _ d: Int, target: Double = 0, atMost: Bool = false) -> HabitRule {
        HabitRule(frequency: Frequency(numerator: n, denominator: d)!, isNumerical: target > 0 || atMost, target: target,
                  targetKind: atMost ? .atMost : .atLeast)
    }

    @Test func whatEachPeriodAsks() {
        let jan = date(2024, 1, 1), feb = date(2024, 2, 1), q1 = date(2024, 1, 1), monday = date(2024, 1, 8)
        // Every day: a week asks 7, January 31, February (leap) 29, the first quarter 91, 2024 366.
        let daily = HabitGoal(Self.rule(1, 1))
        #expect(daily.asked(.week, start: monday) == 7 && daily.asked(.month, start: jan) == 31 && daily.asked(.month, start: feb) == 29)
        #expect(daily.asked(.quarter, start: q1) == 91 && daily.asked(.year, start: jan) == 366)
        // 3 times a week: 3 a week; January round(3 × 31 / 7 = 13.29) = 13; February round(12.43) = 12.
        let weekly = HabitGoal(Self.rule(3, 7))
        #expect(weekly.asked(.week, start: monday) == 3 && weekly.asked(.month, start: jan) == 13 && weekly.asked(.month, start: feb) == 12)
        // Once a month: a week asks nothing; every month (February too) once; a quarter 3, a year 12.
        let monthly = HabitGoal(Self.rule(1, 30))
        #expect(monthly.asked(.week, start: monday) == nil && monthly.asked(.month, start: feb) == 1)
        #expect(monthly.asked(.quarter, start: q1) == 3 && monthly.asked(.year, start: jan) == 12)
        // Every 5 days: a week round(1.4) = 1, January round(6.2) = 6.
        let five = HabitGoal(Self.rule(1, 5))
        #expect(five.asked(.week, start: monday) == 1 && five.asked(.month, start: jan) == 6)
        // At least 5 km a day: 35 km a week; 20 km a week: 20 a week, 20 × 31 / 7 in January.
        #expect(HabitGoal(Self.rule(1, 1, target: 5)).asked(.week, start: monday) == 35)
        let km = HabitGoal(Self.rule(1, 7, target: 20))
        #expect(km.asked(.week, start: monday) == 20 && abs((km.asked(.month, start: jan) ?? 0) - 20.0 * 31 / 7) < 1e-9)
        // An at-most habit without a target asks nothing.
        #expect(HabitGoal(Self.rule(1, 1, atMost: true)).asked(.week, start: monday) == nil)
    }

    /// A 3-times-a-week habit from Mon 2024-01-01: 3 checks in the first week (met), 2 in the
    /// second (not), 3 and 4 in the third and fourth (met), 1 so far in the fifth (today
    /// Wed 2024-01-31, not over): streaks of 1 week (Jan 1–7) and 2 weeks (Jan 15–28), the
    /// week under way breaking nothing. Loop's day streaks of the same checks are different.
    @Test func aWeeklyHabitsStreaksAreInWeeks() {
        var days = HabitDays(first: date(2024, 1, 1), last: date(2024, 1, 31))
        for d in [1, 3, 5, 8, 10, 15, 16, 17, 22, 23, 24, 25, 29] { days.checks[d - 1] = 1 }
        let goal = HabitGoal(Self.rule(3, 7))
        #expect(goal.periods(days, by: .week).map(\.met) == [true, false, true, true, false])
        #expect(goal.periods(days, by: .week).map(\.done) == [3, 2, 3, 4, 1])
        let streaks = goal.streaks(days)
        #expect(streaks == [HabitStreak(start: date(2024, 1, 1), end: date(2024, 1, 7)), HabitStreak(start: date(2024, 1, 15), end: date(2024, 1, 28))])
        #expect(streaks.map(goal.periodsIn) == [1, 2])
        // A skipped day counts toward the week, as it keeps Loop's streaks: 2 checks and a skip meet it.
        days.skipped[11] = true  // Fri Jan 12
        #expect(goal.streaks(days) == [HabitStreak(start: date(2024, 1, 1), end: date(2024, 1, 28))])
        // Met this week too: the streak runs to today.
        days.checks[29] = 1
        days.checks[30] = 1
        #expect(goal.streaks(days).last == HabitStreak(start: date(2024, 1, 1), end: date(2024, 1, 31)))
        #expect(goal.periodsIn(HabitStreak(start: date(2024, 1, 1), end: date(2024, 1, 31))) == 5)
        // Every-day habits keep Loop's streaks in days: no period streaks.
        #expect(HabitGoal(Self.rule(1, 1)).streaks(days).isEmpty && HabitGoal(Self.rule(1, 5)).ownUnit == nil)
    }

    @Test func aNumericalCalendarIsShadedByTheTarget() {
        // At least 5 km a day: nothing, 3 (under), 5 (met), 7.5 (1.5 times), 10 (twice), skipped.
        var days = HabitDays(first: date(2024, 1, 1), last: date(2024, 1, 6))
        for (i, v) in [(1, 3.0), (2, 5.0), (3, 7.5), (4, 10.0)] {
            days.checks[i] = 1
            days.amounts[i] = v
        }
        days.skipped[5] = true
        let today = date(2024, 1, 6)
        let cells = Array(HabitCalendar.goalCells(days, rule: Self.rule(1, 1, target: 5), today: today).suffix(6))
        #expect(cells == [.missed, .under, .level(2), .level(3), .level(4), .skipped])
        // At most 4 a day: 3 within, 5, 7.5 and 10 over.
        #expect(Array(HabitCalendar.goalCells(days, rule: Self.rule(1, 1, target: 4, atMost: true), today: today).suffix(6))
                == [.missed, .done, .under, .under, .under, .skipped])
        // A weekly target is the whole week's, as in Loop's calendar and as the streaks count a
        // day: at most 28 a week, every one of these days is within it (10 ≤ 28); at least 35 km a
        // week, 5 km is under it (not "met" as a seventh of the week would make it), 34.9 under,
        // 35 met, 52.5 (1.5 times) level 3, 70 (twice) level 4.
        #expect(Array(HabitCalendar.goalCells(days, rule: Self.rule(1, 7, target: 28, atMost: true), today: today).suffix(6))
                == [.missed, .done, .done, .done, .done, .skipped])
        var weeklyKm = HabitDays(first: date(2024, 1, 1), last: date(2024, 1, 5))
        for (i, v) in [5.0, 34.9, 35, 52.5, 70].enumerated() {
            weeklyKm.checks[i] = 1
            weeklyKm.amounts[i] = v
        }
        #expect(Array(HabitCalendar.goalCells(weeklyKm, rule: Self.rule(1, 7, target: 35), today: date(2024, 1, 5)).suffix(5))
                == [.under, .under, .level(2), .level(3), .level(4)])
        // A 3-times-a-week yes/no habit: checked Mon, Wed, Fri; Tue and Thu fall in the met window.
        var weekly = HabitDays(first: date(2024, 1, 1), last: date(2024, 1, 5))
        for i in [0, 2, 4] { weekly.checks[i] = 1 }
        #expect(Array(HabitCalendar.goalCells(weekly, rule: Self.rule(3, 7), today: date(2024, 1, 5)).suffix(5))
                == [.done, .filledIn, .done, .filledIn, .done])
    }

    @Test func theWeekAxisTopsAtTheGoal() {
        // Six days of seven, every week: the axis tops at the goal 7 (not 6, nor a nice 8), the
        // goal drawn once across every bar.
        let bars = (0..<4).map { _ in BarChart.Bar(title: "", label: nil, amount: 6, target: 7) }
        let svg = BarChart.svg(bars, width: 340, height: 180, id: "t", title: "t", description: "t", wholeNumbers: true)
        let ticks = svg.matches(of: /text-anchor="end">(\d+)<\/text>/).map { String($0.1) }
        // 148 px of plot for 0…7: 6 sits 21 px under 7, room enough for both labels.
        #expect(ticks == ["0", "2", "4", "6", "7"])
        #expect(svg.contains(#"<path class="target" d="M34 10H109H184H259H334"/>"#))
        // A bar over the goal: a nice axis again, the goal line under its top.
        let over = BarChart.svg([BarChart.Bar(title: "", label: nil, amount: 9, target: 7)], width: 340, height: 180, id: "t", title: "t",
                                description: "t", wholeNumbers: true)
        #expect(over.matches(of: /text-anchor="end">(\d+)<\/text>/).map { String($0.1) } == ["0", "2", "4", "6", "8", "10"])
    }

    /// loop-v12.db's "Wake up early" (3 times a week, newest repetition 2016-03-21, a Monday).
    /// Its checks per calendar week, counted with Python's sqlite3: Dec 28 3, Jan 4 7, Jan 11 3,
    /// Jan 18 7, Jan 25 7, then 0 for five weeks, Mar 7 3, Mar 14 3, Mar 21 0. So weekly
    /// streaks of 5 weeks (Dec 28, 2015 – Jan 31, 2016) and 2 weeks (Mar 7 – Mar 20, 2016, the
    /// current one: this week is not over); March asks 13 and holds 6. "brush teeth": 1 a week
    /// until Feb 8, then 3 a week: 5 weeks from Feb 15.
    @Test(.enabled(if: TestPaths.hasShared)) func loopsWeeklyHabitsOnTheRealBackup() throws {
        let file = TestPaths.shared.appendingPathComponent("real-exports/loop-habit-tracker-db/loop-v12.db").path
        let dir = TemporaryDirectory()
        for lang in ["en", "zh-Hans"] {
            let run = CLIRun(["build", "-q", file, "-o", dir.file(lang), "--now", "2016-03-21T12:00:00Z", "--time-zone", "UTC", "--lang", lang])
            #expect(run.code == 0, "\(run.stderr)")
        }
        let en = try #require(dir.read("en/habits/wake-up-early.html"))
        #expect(en.contains(#"<span class="label">This week&#39;s goal</span><span class="value">0/3</span><span class="sub">3 to go</span>"#))
        #expect(en.contains(#"<span class="label">This month&#39;s goal</span><span class="value">6/13</span><span class="sub">7 to go</span>"#))
        #expect(en.contains(#"<span class="label">Current streak</span><span class="value">2 weeks</span>"#))
        #expect(en.contains(#"<span class="label">Best streak</span><span class="value">5 weeks</span>"#))
        // The index counts them as the page does (it said 39 days, Dec 28 – Feb 4); its dates
        // leave out the year shown.
        let index = try #require(dir.read("en/habits/index.html"))
        #expect(index.contains(#"<td class="num" data-label="Current streak">2 weeks</td>"#
                               + "\n" + #"<td class="num" data-label="Best streak">5 weeks<span class="sub"><span class="date">Dec 28, 2015 –</span> <span class="date">Jan 31</span></span></td>"#))
        let weeks = en.matches(of: /<tr><td>week of <span class="date">([^<]+)<\/span><\/td><td>([^<]+)<\/td><\/tr>/).map { "\($0.1) \($0.2)" }
        #expect(Array(weeks.prefix(13)) == ["Mar 21, 2016 0/3", "Mar 14, 2016 3/3", "Mar 7, 2016 3/3", "Feb 29, 2016 0/3", "Feb 22, 2016 0/3",
                                            "Feb 15, 2016 0/3", "Feb 8, 2016 0/3", "Feb 1, 2016 0/3", "Jan 25, 2016 7/3", "Jan 18, 2016 7/3",
                                            "Jan 11, 2016 3/3", "Jan 4, 2016 7/3", "Dec 28, 2015 3/3"])
        let streakRows = en.matches(of: /<tr><td><span class="date">([^<]+)<\/span><\/td><td><span class="date">([^<]+)<\/span><\/td><td>(\d+ weeks?)<\/td><\/tr>/).map { "\($0.1)–\($0.2) \($0.3)" }
        #expect(streakRows == ["Mar 7, 2016–Mar 20, 2016 2 weeks", "Dec 28, 2015–Jan 31, 2016 5 weeks"])
        #expect(en.contains("Streaks in weeks: a week counts when it meets the goal"))
        #expect(en.contains(#"<path class="target""#))
        // Loop's implicit checks: Mon Jan 11 (unchecked, in the window of the week's 3 checks) is
        // filled in; Tue Jan 12 is checked.
        #expect(en.contains("<title>Jan 11, 2016: goal met this period, not checked</title>"))
        #expect(en.contains("<title>Jan 12, 2016: done</title>"))
        let teeth = try #require(dir.read("en/habits/brush-teeth.html"))
        #expect(teeth.contains(#"<span class="label">Best streak</span><span class="value">5 weeks</span><span class="sub"><span class="date">Feb 15 –</span> <span class="date">Mar 20</span></span>"#))

        let zh = try #require(dir.read("zh-Hans/habits/wake-up-early.html"))
        #expect(zh.contains(#"<span class="label">本周目标</span><span class="value">0/3</span><span class="sub">还差 3</span>"#))
        #expect(zh.contains(#"<span class="label">最长连续</span><span class="value">5 周</span>"#))
        #expect(zh.contains("按周计算的连续记录"))
        // Every-day habits keep day streaks and ask 7 a week.
        let vegan = try #require(dir.read("en/habits/vegan-2.html"))
        #expect(vegan.contains(#"<span class="label">This week&#39;s goal</span><span class="value">1/7</span>"#))
        #expect(vegan.contains(#"<span class="label">Best streak</span><span class="value">28 days</span>"#))
    }
}

/// A habit's pages for earlier years (`habits/<slug>/<year>.html`): the calendar and history of
/// every year of its data, and the year switch on each of its pages.
struct HabitYearPagesTests {
    /// HabitBull's habitbull3.csv, counted with Python's csv module: Pushups 30 on 2021-09-01,
    /// then 100 a day 2022-01-08…13. Shown on 2022-01-20: the habit's page is 2022's, with a
    /// page for 2021 whose calendar has the 30 on Sep 1 and whose September holds 30.
    @Test(.enabled(if: TestPaths.hasShared)) func anEarlierYearsCalendarOnTheRealFile() throws {
        let file = TestPaths.shared.appendingPathComponent("real-exports/habitbull-csv/habitbull3.csv").path
        let dir = TemporaryDirectory()
        for lang in ["en", "zh-Hans"] {
            let run = CLIRun(["build", "-q", file, "-o", dir.file(lang), "--now", "2022-01-20T12:00:00Z", "--time-zone", "UTC", "--lang", lang])
            #expect(run.code == 0, "\(run.stderr)")
        }
        let page = try #require(dir.read("en/habits/pushups/2021.html"))
        #expect(page.contains("<title>Sep 1, 2021: 30</title>"))
        #expect(page.contains("<title>Aug 31, 2021: not started yet</title>") && page.contains("<title>Sep 2, 2021: not done</title>"))
        #expect(page.contains(#"<tr><td><span class="date">September 2021</span></td><td>30</td></tr>"#))
        #expect(page.contains(#"<tr><td><span class="date">December 2021</span></td><td>0</td></tr>"#))
        #expect(page.contains("<tr><td>week of <span class=\"date\">Aug 30, 2021</span></td><td>30</td></tr>"))
        // Only 2021's units: no week or month of 2022.
        #expect(!page.contains("January 2022") && !page.contains("Jan 3, 2022</span></td>"))
        #expect(page.contains(#"<li><a href="2021.html" aria-current="page">2021</a></li>"#))
        #expect(page.contains(#"<li><a href="../pushups.html">2022</a></li>"#))
        #expect(page.contains("Done on 1 of 122 days."))  // Sep 1 … Dec 31, 2021
        let main = try #require(dir.read("en/habits/pushups.html"))
        #expect(main.contains(#"<li><a href="pushups/2021.html">2021</a></li>"#))
        #expect(main.contains(#"<li><a href="pushups.html" aria-current="page">2022</a></li>"#))
        // "run" began in 2022: no year pages, no switch.
        #expect(dir.read("en/habits/run/2021.html") == nil && dir.read("en/habits/run.html")?.contains("aria-label=\"Years\"") == false)
        // Shown in 2024, two years after the last entry: pages for 2021 and 2022, none for the empty 2023.
        let later = CLIRun(["build", "-q", file, "-o", dir.file("later"), "--now", "2024-03-01T12:00:00Z", "--time-zone", "UTC"])
        #expect(later.code == 0, "\(later.stderr)")
        #expect(dir.read("later/habits/pushups/2021.html") != nil && dir.read("later/habits/pushups/2022.html") != nil)
        #expect(dir.read("later/habits/pushups/2023.html") == nil)
        #expect(dir.read("later/habits/pushups.html")?.contains(#"<li><a href="pushups.html" aria-current="page">2024</a></li>"#) == true)
        let zh = try #require(dir.read("zh-Hans/habits/pushups/2021.html"))
        #expect(zh.contains("<title>2021年9月1日：30</title>"))
        #expect(zh.contains("122 天中完成 1 天。"))
        #expect(zh.contains(#"<nav class="periods" aria-label="年份">"#))
    }
}
