import Foundation
import Testing
@testable import WaymarkKit

/// Daily metrics with a goal as numerical habits (`ActivityHabits`, docs/activity.md "Metrics
/// as habits"): worked out by hand, then on Apple Health's real export.
struct ActivityHabitsTests {
    static func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d)! }
    static func steps(_ d: LocalDate, _ value: Double, _ source: String) -> ActivitySample {
        ActivitySample(metric: .steps, date: .day(d), value: value, source: source)
    }

    static let habits = ActivityHabits(zone: .utc, today: day(2024, 3, 3), language: .en)

    @Test func eachMetricWithAGoalBecomesADailyHabitWorthNoPoints() throws {
        // Steps from a phone and a watch: the larger total each day (8,000 on the 1st, 12,500 on
        // the 2nd); the 4th is after the day shown. Exercise minutes with ring goals of 30, then 45.
        let export = Export(activity: [
            Self.steps(Self.day(2024, 3, 1), 8_000, "Phone"), Self.steps(Self.day(2024, 3, 1), 6_000, "Watch"),
            Self.steps(Self.day(2024, 3, 2), 5_000, "Phone"), Self.steps(Self.day(2024, 3, 2), 7_500, "Phone"),
            Self.steps(Self.day(2024, 3, 2), 9_000, "Watch"), Self.steps(Self.day(2024, 3, 4), 20_000, "Phone"),
            ActivitySample(metric: .exercise, date: .day(Self.day(2024, 3, 2)), value: 40, source: "Watch"),
            ActivitySample(metric: .flights, date: .day(Self.day(2024, 3, 2)), value: 3, source: "Watch"),
        ], goals: [
            ActivityGoal(day: Self.day(2024, 3, 1), metric: .exercise, goal: 30, source: "Apple"),
            ActivityGoal(day: Self.day(2024, 3, 2), metric: .exercise, goal: 45, source: "Apple"),
            ActivityGoal(day: Self.day(2024, 3, 5), metric: .exercise, goal: 60, source: "Apple"),
        ])
        let out = Self.habits.adding(to: export)
        // Flights have no goal: no habit.
        #expect(out.tags.map(\.name) == ["Steps", "Exercise"])
        let steps = try #require(out.tags.first)
        #expect(steps.point == nil)
        #expect(steps.habit == HabitDetails(frequency: .daily, unit: "steps", target: 10_000, targetKind: .atLeast, source: "your activity"))
        // No app set a step goal: the default is not called the data's latest.
        #expect(steps.describe == "Steps as the phone and the watch counted it (the Activity page): a day is done when it reaches "
                + "10,000 steps, the usual daily goal, since the data sets none.")
        #expect(out.tags.last?.describe?.hasSuffix("45 min, the latest daily goal.") == true)
        // The goal of the 5th is after the day shown: the 2nd's 45 is the latest.
        #expect(out.tags.last?.habit?.target == 45)
        #expect(out.tags.last?.habit?.unit == "min")
        let records = out.points.map { "\($0.name ?? "") \($0.date.localDate(in: .utc)) \($0.value ?? -1) \($0.point)" }
        #expect(records == ["Steps 2024-03-01 8000.0 0", "Steps 2024-03-02 12500.0 0", "Exercise 2024-03-02 40.0 0"])
        #expect(SectionsWithData.of(out).contains(.habits) && !SectionsWithData.of(out).contains(.points))
        // The strength counts the 2nd (12,500 ≥ 10,000) done and the 1st 80% of the way.
        let rule = HabitRule(tag: steps)
        #expect(rule.isNumerical && rule.target == 10_000)
    }

    @Test func anAppsStepGoalWinsAndNamesAreNotTaken() {
        // Garmin's step goal of 8,000 then 7,000 (the latest), and a Loop habit already called "Steps".
        let export = Export(tags: [Tag(name: "Steps", habit: HabitDetails(source: "Loop Habit Tracker"))],
                            activity: [Self.steps(Self.day(2024, 3, 1), 7_200, "Garmin")],
                            goals: [ActivityGoal(day: Self.day(2024, 2, 28), metric: .steps, goal: 8_000, source: "Garmin"),
                                    ActivityGoal(day: Self.day(2024, 3, 1), metric: .steps, goal: 7_000, source: "Garmin")])
        let out = Self.habits.adding(to: export)
        #expect(out.tags.map(\.name) == ["Steps", "Steps (2)"])
        #expect(out.tags.last?.habit?.target == 7_000)
        #expect(out.tags.last?.describe == "Steps as the phone and the watch counted it (the Activity page): a day is done when it reaches 7,000 steps, the latest daily goal.")
        let zh = ActivityHabits(zone: .utc, today: Self.day(2024, 3, 3), language: .zhHans).adding(to: Export(activity: export.activity))
        #expect(zh.tags.map(\.name) == ["步数"] && zh.tags.first?.habit?.unit == "步")
    }

    @Test func noActivityNoHabit() {
        let export = Export(goals: [ActivityGoal(day: Self.day(2024, 3, 1), metric: .steps, goal: 8_000, source: "Garmin")])
        #expect(Self.habits.adding(to: export) == export)
    }

    /// Apple Health's export of 2019 (`rgosdin-2019-v8-export.xml`), in UTC: step records added
    /// up per source and day with Python's xml module, the larger source each day, up to the
    /// export date (its one record of 2030 left out): 35 days, 359,932 steps, 20 of them at
    /// 10,000 or more, the best 23,119 on 19 May; the longest run at 10,000 or more is 4 days
    /// (25–28 May and 13–16 June, the later shown). Loop's formula run over those days
    /// (m = 0.5^(1/13), a day's share min(1, steps / 10,000), a day without steps 0) gives 55.5%
    /// on 18 June, the day shown in UTC.
    @Test(.enabled(if: TestPaths.hasShared)) func stepsOfARealExportAreAHabit() throws {
        let dir = TemporaryDirectory()
        let file = TestPaths.shared.appendingPathComponent("real-exports/apple-health-activity/rgosdin-2019-v8-export.xml").path
        let run = CLIRun(["build", file, "-o", dir.file("site"), "--time-zone", "UTC"])
        #expect(run.code == 0, "\(run.stderr)")
        let page = try #require(dir.read("site/habits/steps.html"))
        let text = page.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
        #expect(text.contains("Target: at least 10,000 steps a day"))
        #expect(text.contains("Strength 55%"))
        #expect(text.contains("Times in all 35"))
        #expect(text.contains("Best streak 4 days Jun 13 – Jun 16"))
        #expect(text.contains("Total 359,932 steps on 35 days"))
        #expect(text.contains("Best day 23,119 steps May 19"))
        let index = try #require(dir.read("site/habits/index.html"))
        #expect(index.contains("steps.html"))
        // No points anywhere: no points pages, no points in stats.json.
        #expect(dir.read("site/points/index.html") == nil)
        let stats = try JSONParser.parse(Array(dir.read("site/stats.json")?.utf8 ?? "".utf8))
        #expect(stats["periods"] == nil)
        // Hidden habits: no habit pages, the Activity page stays.
        let config = dir.file("waymark.json")
        try #"{"privacy": {"hide": ["habits"]}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let hidden = CLIRun(["build", file, "-o", dir.file("hidden"), "--time-zone", "UTC", "--config", config])
        #expect(hidden.code == 0, "\(hidden.stderr)")
        #expect(dir.read("hidden/habits/steps.html") == nil && dir.read("hidden/activity/index.html") != nil)
    }
}
