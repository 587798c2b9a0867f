import Foundation
import Testing
@testable import WaymarkKit

/// The Activity page: each metric against its goal, its totals, best days and the steps'
/// calendar, every chart with its table. Figures worked out by hand in the comments, and on a
/// real Apple Health export with Python's xml module.
struct ActivityPageTests {
    static func day(_ d: Int) -> LocalDate { LocalDate(dayNumber: 19_723 + d - 1) }  // 2024-01-01 (a Monday) is day 19,723
    static let options = SiteOptions(now: 1_704_412_800 + 86_400 * 10, zone: .utc, language: .en)  // 2024-01-15T00:00:00Z

    /// The site of `export` with the sections its data fills, as a build makes it.
    func render(_ export: Export, _ options: SiteOptions) throws -> [SiteFile] {
        var options = options
        options.sections = options.sections.intersection(SectionsWithData.of(export))
        return try renderSite(export, options)
    }

    func file(_ files: [SiteFile], _ path: String) -> String? {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// Steps on the 1st to the 9th: 12,000, 4,000, 10,000, 0, 8,000, 15,000, 9,999, (none on
    /// the 8th), 6,000; exercise with a ring goal of 30 min on the 1st (45, reached) and the 2nd
    /// (20, not).
    static let export = Export(
        activity: [12_000, 4_000, 10_000, 0, 8_000, 15_000, 9_999, nil, 6_000].enumerated().compactMap { i, v in
            v.map { ActivitySample(metric: .steps, date: .day(day(i + 1)), value: Double($0), source: "Phone") }
        } + [ActivitySample(metric: .exercise, date: .day(day(1)), value: 45, source: "Watch"),
             ActivitySample(metric: .exercise, date: .day(day(2)), value: 20, source: "Watch")],
        goals: [ActivityGoal(day: day(1), metric: .exercise, goal: 30, source: "Watch"),
                ActivityGoal(day: day(2), metric: .exercise, goal: 30, source: "Watch")])

    @Test func goalsTotalsAndBestDays() {
        let goals = ActivityGoals(Self.export.goals)
        // Steps have the default goal; exercise the ring's; distance none.
        #expect(goals.goal(.steps, on: Self.day(1)) == 10_000)
        #expect(goals.goal(.exercise, on: Self.day(1)) == 30 && goals.goal(.exercise, on: Self.day(3)) == nil)
        #expect(goals.goal(.distance, on: Self.day(1)) == nil)
        let days = ActivityDays.daily(Self.export.activity, in: .utc)
        let steps = ActivityTotals(metric: .steps, days: days)
        // 12,000, 10,000 and 15,000 reach 10,000 (9,999 does not): 3 of the 8 days with a figure.
        #expect(goals.met(steps.days) == (3, 8))
        #expect(goals.met(ActivityTotals(metric: .exercise, days: days).days) == (1, 2))
        // Week of Mon 1st: 12,000 + 4,000 + 10,000 + 0 + 8,000 + 15,000 + 9,999 = 58,999 (7 days);
        // week of the 8th: 6,000 (1 day).
        #expect(steps.weeks == [.init(start: Self.day(1), total: 58_999, days: 7), .init(start: Self.day(8), total: 6_000, days: 1)])
        #expect(steps.months == [.init(start: Self.day(1), total: 64_999, days: 8)])
        #expect(steps.years == steps.months)
        #expect(steps.best(3).map(\.value) == [15_000, 12_000, 10_000])
        // The 8 days with a figure from the 1st to the 9th: 64,999 / 8 = 8,124.875.
        #expect(steps.mean(from: Self.day(1), to: Self.day(9)) == 8_124.875)
        #expect(steps.mean(from: Self.day(20), to: Self.day(21)) == nil)
        #expect(ActivityPage.level(0, goal: 10_000) == 0 && ActivityPage.level(4_999, goal: 10_000) == 1
                && ActivityPage.level(5_000, goal: 10_000) == 2 && ActivityPage.level(9_999, goal: 10_000) == 3
                && ActivityPage.level(10_000, goal: 10_000) == 4)
    }

    @Test func thePageShowsEachMetricAgainstItsGoal() throws {
        let files = try render(Self.export, Self.options)
        let page = try #require(file(files, "activity/index.html"))
        // The steps card: the mean of the 8 days with a figure, 8,124.875, shown whole.
        #expect(page.contains(#"<span class="label">Steps</span><span class="value measure">8,125 <span class="unit">steps</span></span>"#))
        #expect(page.contains("goal reached on 3 of 8 days"))
        #expect(page.contains(#"<span class="label">Exercise</span><span class="value measure">33 <span class="unit">min</span></span>"#))  // (45 + 20) / 2 = 32.5
        #expect(page.contains("goal reached on 1 of 2 days"))
        // The daily table, newest first, with the goal; the weekly, monthly and best-day tables.
        #expect(page.contains("<tr><td><span class=\"date\">Jan 9, 2024</span></td><td>6,000</td><td>10,000</td><td>no</td></tr>")
                || page.contains("<tr><td>Jan 9, 2024</td><td>6,000</td><td>10,000</td><td>no</td></tr>"))
        #expect(page.contains("58,999</td><td>7</td></tr>"))
        #expect(page.contains("64,999</td><td>8</td></tr>"))
        #expect(page.contains("<tr><td>1</td><td>") && page.contains("15,000</td></tr>"))
        // Every chart has its table; the calendar's says the goal was reached on 3 of 8 days.
        #expect(page.components(separatedBy: "<svg").count - 1 == 9)  // calendar + 2 metrics × (daily + weekly) × (wide + narrow)
        #expect(page.contains("Steps on 8 days, the day&#39;s goal reached on 3 of them") || page.contains("Steps on 8 days, the day’s goal reached on 3 of them")
                || page.contains("Steps on 8 days, the day's goal reached on 3 of them"))
        #expect(!page.contains("<script"))
        // Each chart has a visible title of its own.
        #expect(page.contains("<h3>Steps, the last 30 days</h3>") && page.contains("<h3>Steps by week, the last 26 weeks</h3>"))
        #expect(page.contains("<h3>Exercise by week, the last 26 weeks</h3>"))
        // In the menu and on the front page.
        #expect(page.contains(#">Activity</a>"#))
        let index = try #require(file(files, "index.html"))
        #expect(index.contains(#"<span class="count">8</span> <span class="label">Days of activity</span>"#))
        #expect(page.contains(#"<a href="../activity.csv" download>"#))
    }

    @Test func inChinese() throws {
        var options = Self.options
        options.language = .zhHans
        let page = try #require(file(try render(Self.export, options), "activity/index.html"))
        #expect(page.contains(#"<span class="label">步数</span><span class="value measure">8,125 <span class="unit">步</span></span>"#))
        #expect(page.contains("8 天中 3 天达到目标"))
        #expect(!page.contains("分数") && !page.contains("积分"))
    }

    @Test func noActivityNoPage() throws {
        let files = try render(Export(weights: [WeightEntry(date: .day(Self.day(1)), kg: 60)]), Self.options)
        #expect(file(files, "activity/index.html") == nil)
        #expect(!(file(files, "weight/index.html") ?? "").contains("activity/index.html"))
        // Goals alone fill no section: the front page says there is nothing to show.
        let goalsOnly = try render(Export(goals: [ActivityGoal(day: Self.day(1), metric: .steps, goal: 8_000, source: "Garmin")]), Self.options)
        #expect(file(goalsOnly, "index.html")?.contains("These sources hold nothing Waymark shows yet") == true)
        #expect(file(goalsOnly, "activity/index.html") == nil)
    }

    /// The 2019 export (New York), counted with Python's xml module (see `ActivityCSVTests`): the
    /// 30 days to 2019-06-17 all have steps, 309,436 in all, a mean of 10,314.53; 19 of them
    /// reach 10,000 (21 of all 35 days); June 173,438, May 186,494; the week of June 10 70,861;
    /// the best day 23,232 on May 19.
    @Test(.enabled(if: TestPaths.hasShared)) func theActivityOfARealAppleHealthExport() throws {
        let path = TestPaths.shared.appendingPathComponent("real-exports/apple-health-activity/rgosdin-2019-v8-export.xml").path
        var request = BuildRequest(source: .paths([path]), now: DateTimeText.parse("2019-06-17T21:07:11-04:00"))
        request.zone = Zone(identifier: "America/New_York")
        let built = try BuildPipeline(fileSystem: .local, clock: { 0 }).build(request)
        let page = try #require(file(built.files, "activity/index.html"))
        #expect(page.contains(#"<span class="label">Steps</span><span class="value measure">10,315 <span class="unit">steps</span></span>"#))
        #expect(page.contains("goal reached on 19 of 30 days"))
        #expect(page.contains("Steps on 35 days, the day"))
        #expect(page.contains("reached on 21 of them"))
        #expect(page.contains("173,438</td><td>17</td></tr>") && page.contains("186,494</td><td>18</td></tr>"))
        #expect(page.contains("70,861</td><td>7</td></tr>"))
        #expect(page.contains("<tr><td>1</td><td>") && page.contains("23,232</td></tr>"))
        #expect(page.contains(#"<span class="label">Distance</span>"#) && page.contains(#"<span class="label">Flights climbed</span>"#))
        #expect(page.contains(#"<span class="label">Mindful minutes</span><span class="value measure">180 <span class="unit">min</span></span>"#))
        // Sleep has a page of its own (SleepPageTests), linked from here.
        #expect(page.contains(#"<a href="../sleep/index.html">"#) && !page.contains(#"<span class="label">Bedtime</span>"#))
    }
}
