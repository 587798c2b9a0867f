import Testing
@testable import WaymarkKit

/// Merging activity across sources: exact repeats once, one app's day totals once (the larger).
struct ActivityMergeTests {
    static func part(_ export: Export) -> SourcePart { SourcePart(kind: "K", files: ["k"], export: export) }
    static let day = LocalDate(year: 2025, month: 1, day: 29) ?? LocalDate(dayNumber: 0)

    @Test func theSameExportTwiceAddsNothing() {
        let export = Export(activity: [ActivitySample(metric: .steps, date: .instant(1_738_000_000), value: 120, source: "iPhone"),
                                       ActivitySample(metric: .steps, date: .instant(1_738_000_000), value: 120, source: "iPhone")],
                            sleep: [SleepSession(source: "Watch", start: 1, end: 61, asleep: 1)],
                            workouts: [Workout(activity: "Run", start: 0, end: 600, source: "Strava")],
                            goals: [ActivityGoal(day: Self.day, metric: .stand, goal: 12, achieved: 9, source: "Apple Health")])
        let (merged, summary) = SourceMerger.merge([Self.part(export), Self.part(export)], sources: [0, 1])
        // Inside one part the two equal samples are the source's own: both stay.
        #expect(merged == export)
        #expect(summary.dropped == [.init(ActivityMerge.sameSample, 2), .init(ActivityMerge.sameRecord, 3)])
    }

    @Test func oneAppsDayTotalInTwoExportsIsTheLarger() {
        // The older Takeout was made on the 29th at 18:45: it holds 3,952 steps of that day; the
        // newer one the whole day, 6,913. Either order gives 6,913, once.
        let partial = Export(activity: [ActivitySample(metric: .steps, date: .day(Self.day), value: 3952, source: "Google Fit")])
        let whole = Export(activity: [ActivitySample(metric: .steps, date: .day(Self.day), value: 6913, source: "Google Fit"),
                                      ActivitySample(metric: .steps, date: .day(Self.day.adding(days: 1)), value: 10, source: "Google Fit")])
        for parts in [[partial, whole], [whole, partial]] {
            let (merged, summary) = SourceMerger.merge(parts.map(Self.part), sources: [0, 1])
            #expect(merged.activity.map(\.value).sorted() == [10, 6913])
            #expect(summary.dropped == [.init(ActivityMerge.sameDayTotal, 1)])
        }
        // Another app's total of that day is another source: both stay for the day rule.
        let garmin = Export(activity: [ActivitySample(metric: .steps, date: .day(Self.day), value: 7000, source: "Garmin Connect")])
        #expect(SourceMerger.merge([Self.part(whole), Self.part(garmin)], sources: [0, 1]).export.activity.count == 3)
    }
}
