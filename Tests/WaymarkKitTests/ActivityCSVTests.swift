import Foundation
import Testing
@testable import WaymarkKit

/// `activity.csv`: a row a day a metric, the day's figure by the rules of `ActivityDays`,
/// `SleepNights` and `WorkoutLog`, sorted by day then metric name. Figures worked out by hand in
/// the comments, and on a real Apple Health export with Python's xml module.
struct ActivityCSVTests {
    static func day(_ d: Int) -> LocalDate { LocalDate(dayNumber: 19_723 + d - 1) }  // 2024-01-01 is day 19,723
    static let jan1 = Int64(1_704_067_200)  // 2024-01-01T00:00:00Z
    static let options = SiteOptions(now: 1_704_412_800, zone: .utc, language: .en)  // 2024-01-05T00:00:00Z

    func file(_ files: [SiteFile], _ path: String) -> String? {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// A watch and a phone both counting the 1st, a night ending on the 2nd, a run written twice.
    static let export = Export(
        weights: [WeightEntry(date: .day(day(1)), kg: 60)],
        activity: [
            // The watch: 3,000 + 2,500 = 5,500 on the 1st; the phone 4,000 + 1,200 = 5,200. The
            // watch's 5,500 is the day's (the larger total), not 10,700.
            ActivitySample(metric: .steps, date: .instant(jan1 + 8 * 3600), value: 3000, source: "Watch"),
            ActivitySample(metric: .steps, date: .instant(jan1 + 18 * 3600), value: 2500, source: "Watch"),
            ActivitySample(metric: .steps, date: .instant(jan1 + 9 * 3600), value: 4000, source: "Phone"),
            ActivitySample(metric: .steps, date: .instant(jan1 + 23 * 3600 + 53 * 60), value: 1200, source: "Phone"),
            // 1.2346 + 2.5 km from the phone: 3.7346, written with three decimals as 3.735.
            ActivitySample(metric: .distance, date: .instant(jan1 + 9 * 3600), value: 1.2346, source: "Phone"),
            ActivitySample(metric: .distance, date: .instant(jan1 + 10 * 3600), value: 2.5, source: "Phone"),
            // An app's total for the 3rd.
            ActivitySample(metric: .activeEnergy, date: .day(day(3)), value: 412.5, source: "Google Fit"),
            // The 6th is after the day shown (the 5th): left out.
            ActivitySample(metric: .steps, date: .day(day(6)), value: 999, source: "Phone"),
        ],
        sleep: [
            // 23:00 on the 1st to 03:00 core, 03:00 to 07:00 deep, on the 2nd: 480 min, the
            // night of the 2nd (it ends then). Another source's 420 min loses.
            SleepSession(source: "Watch", start: jan1 + 23 * 3600, end: jan1 + 27 * 3600, core: 240),
            SleepSession(source: "Watch", start: jan1 + 27 * 3600, end: jan1 + 31 * 3600, deep: 240),
            SleepSession(source: "Sleep app", start: jan1 + 24 * 3600, end: jan1 + 31 * 3600, asleep: 420),
            // In bed only on the 4th: no sleep row.
            SleepSession(source: "Clock", start: jan1 + 3 * 86_400 + 7 * 3600, end: jan1 + 3 * 86_400 + 8 * 3600, inBed: 60),
        ],
        workouts: [
            // A run on the 3rd written twice counts once (30.5 min); a walk the same day 20 min:
            // 2 workouts, 50.5 minutes.
            Workout(activity: "Running", start: jan1 + 2 * 86_400 + 7 * 3600, end: jan1 + 2 * 86_400 + 7 * 3600 + 1830, source: "Watch"),
            Workout(activity: "HKWorkoutActivityTypeRunning", start: jan1 + 2 * 86_400 + 7 * 3600, end: jan1 + 2 * 86_400 + 7 * 3600 + 1830,
                    source: "Strava"),
            Workout(activity: "Walking", start: jan1 + 2 * 86_400 + 12 * 3600, end: jan1 + 2 * 86_400 + 12 * 3600 + 1200, source: "Watch"),
        ])

    @Test func aRowADayAMetricSortedByDayThenMetric() throws {
        let files = try renderSite(Self.export, Self.options)
        #expect(file(files, "activity.csv") == """
            date,metric,value,unit
            2024-01-01,distance,3.735,km
            2024-01-01,steps,5500,count
            2024-01-02,sleep,480,min
            2024-01-03,active_energy,412.5,kcal
            2024-01-03,workout_minutes,50.5,min
            2024-01-03,workouts,2,count

            """)
        // Beside weight.csv, at the site's root.
        #expect(file(files, "weight.csv") != nil)
    }

    @Test func onlyWhenThereIsActivity() throws {
        let files = try renderSite(Export(weights: [WeightEntry(date: .day(Self.day(1)), kg: 60)]), Self.options)
        #expect(file(files, "activity.csv") == nil)
        #expect(SectionsWithData.of(Export(weights: [WeightEntry(date: .day(Self.day(1)), kg: 60)])) == [.weight, .years])
        #expect(SectionsWithData.of(Self.export).contains(.activity))
        // Goals alone are goals of nothing recorded.
        #expect(!SectionsWithData.of(Export(goals: [ActivityGoal(day: Self.day(1), metric: .steps, goal: 10_000, source: "Garmin")])).contains(.activity))
        // Activity only after the day shown: no figures, no file.
        let later = Export(activity: [ActivitySample(metric: .steps, date: .day(Self.day(6)), value: 999, source: "Phone")])
        #expect(ActivityFigures.make(later, now: Self.options.now, zone: .utc) == nil)
        #expect(file(try renderSite(later, Self.options), "activity.csv") == nil)
    }

    @Test func hiddenActivityIsNeitherWrittenNorKept() throws {
        var options = Self.options
        options.sections.remove(.activity)
        let published = PublishedExport(options).apply(Self.export)
        #expect(published.activity.isEmpty && published.sleep.isEmpty && published.workouts.isEmpty && published.goals.isEmpty)
        let files = try renderSite(Self.export, options)
        #expect(file(files, "activity.csv") == nil)
        #expect(file(files, "weight.csv") != nil)
    }

    @Test func numbersHaveAtMostThreeDecimals() {
        #expect(ActivityPage.number(8618) == "8618")
        #expect(ActivityPage.number(13.285928) == "13.286")
        #expect(ActivityPage.number(46.983333) == "46.983")
        #expect(ActivityPage.number(0.0004) == "0")
        #expect(ActivityPage.number(-0.0004) == "0")
        #expect(ActivityPage.number(2.5) == "2.5")
    }

    /// The 2019 export (version 8, New York), counted with Python's `xml.etree.ElementTree`:
    /// top-level `Record`s dated up to the export (2019-06-17 21:07:11 -0400), summed per
    /// `sourceName` and New York day of `startDate`, the largest sum of each day and type;
    /// distances in miles × 1.609344. 35 days of steps (359,932 in all), 35 of distance, 34 of
    /// flights; the mindful session (03:46 to 06:46 on 06-16, 180 min); the Health app's night
    /// asleep 2019-06-15 22:21 to 06-16 08:21 (600 min); the Clock's three in-bed records have
    /// no sleep row. 106 rows.
    @Test(.enabled(if: TestPaths.hasShared)) func theRowsOfARealAppleHealthExport() throws {
        let path = TestPaths.shared.appendingPathComponent("real-exports/apple-health-activity/rgosdin-2019-v8-export.xml").path
        var request = BuildRequest(source: .paths([path]), now: DateTimeText.parse("2019-06-17T21:07:11-04:00"))
        request.zone = Zone(identifier: "America/New_York")
        let built = try BuildPipeline(fileSystem: .local, clock: { 0 }).build(request)
        let csv = try #require(file(built.files, "activity.csv"))
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.first == "date,metric,value,unit")
        #expect(lines.count == 107)
        #expect(Array(lines.prefix(4)) == ["date,metric,value,unit", "2019-05-14,distance,1.381,km", "2019-05-14,flights,2,count",
                                           "2019-05-14,steps,1970,count"])
        #expect(lines.contains("2019-05-19,steps,23232,count") && lines.contains("2019-05-19,distance,13.286,km"))
        #expect(lines.filter { $0.hasPrefix("2019-06-16,") } == ["2019-06-16,distance,8.475,km", "2019-06-16,flights,5,count",
                                                                "2019-06-16,mindful,180,min", "2019-06-16,sleep,600,min",
                                                                "2019-06-16,steps,15139,count"])
        #expect(lines.last == "2019-06-17,steps,107,count")
        let steps = lines.filter { $0.contains(",steps,") }
        #expect(steps.count == 35)
        #expect(steps.compactMap { Int($0.split(separator: ",")[2]) }.reduce(0, +) == 359_932)
        #expect(lines.filter { $0.contains(",flights,") }.compactMap { Int($0.split(separator: ",")[2]) }.reduce(0, +) == 211)
        #expect(!lines.contains { $0.hasPrefix("2030-") })
    }
}
