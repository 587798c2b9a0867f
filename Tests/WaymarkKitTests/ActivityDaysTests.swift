import Testing
@testable import WaymarkKit

/// The day rule: a day's value of a metric is the largest of the sources' totals that day, a
/// sample counting for the day its start falls on in the site's time zone. Figures by hand.
struct ActivityDaysTests {
    static let paris = Zone(identifier: "Europe/Paris") ?? .utc

    static func at(_ text: String) -> Moment {
        guard case .instant(let s)? = DateTimeText.parse(text) else { return .instant(0) }
        return .instant(s)
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d) ?? LocalDate(dayNumber: 0) }

    static func steps(_ at: String, _ value: Double, _ source: String) -> ActivitySample {
        ActivitySample(metric: .steps, date: Self.at(at), value: value, source: source)
    }

    @Test func theLargestTotalAmongTheSourcesIsTheDays() {
        // Watch: 3,000 + 2,000 = 5,000; phone: 4,000 + 500 = 4,500. Summed they would be 9,500.
        let samples = [
            Self.steps("2024-05-14T08:00:00+02:00", 3000, "Watch"), Self.steps("2024-05-14T08:00:00+02:00", 4000, "iPhone"),
            Self.steps("2024-05-14T18:00:00+02:00", 2000, "Watch"), Self.steps("2024-05-14T18:00:00+02:00", 500, "iPhone"),
        ]
        let days = ActivityDays.daily(samples, in: Self.paris)
        #expect(days == [ActivityDay(day: Self.day(2024, 5, 14), metric: .steps, value: 5000, source: "Watch", sources: 2)])
    }

    @Test func eachMetricPicksItsOwnSource() {
        // The watch has more steps (6,000 against 5,500), the phone more distance (4.2 km against 3.9).
        let samples = [
            Self.steps("2024-05-14T08:00:00Z", 6000, "Watch"), Self.steps("2024-05-14T09:00:00Z", 5500, "iPhone"),
            ActivitySample(metric: .distance, date: Self.at("2024-05-14T08:00:00Z"), value: 3.9, source: "Watch"),
            ActivitySample(metric: .distance, date: Self.at("2024-05-14T09:00:00Z"), value: 4.2, source: "iPhone"),
        ]
        let days = ActivityDays.daily(samples, in: .utc)
        #expect(days.map(\.metric) == [.steps, .distance])
        #expect(days.map(\.source) == ["Watch", "iPhone"])
        #expect(days.map(\.value) == [6000, 4.2])
    }

    @Test func aSampleBelongsToTheDayItsStartFallsOnInTheSitesZone() {
        // 23:30 UTC on 1 March is 00:30 on 2 March in Paris (UTC+1 in winter); a sample running
        // from 23:50 to 00:10 counts whole for the day it starts.
        let late = Self.steps("2024-03-01T23:30:00Z", 100, "Watch")
        let acrossMidnight = Self.steps("2024-03-01T22:50:00Z", 40, "Watch")  // 23:50 in Paris
        #expect(ActivityDays.daily([late, acrossMidnight], in: .utc).map(\.day) == [Self.day(2024, 3, 1)])
        #expect(ActivityDays.daily([late, acrossMidnight], in: .utc).map(\.value) == [140])
        let paris = ActivityDays.daily([late, acrossMidnight], in: Self.paris)
        #expect(paris.map(\.day) == [Self.day(2024, 3, 1), Self.day(2024, 3, 2)])
        #expect(paris.map(\.value) == [40, 100])
    }

    @Test func aDayTotalBelongsToItsDayInEveryZone() {
        let total = ActivitySample(metric: .steps, date: .day(Self.day(2024, 3, 1)), value: 8123, source: "Garmin Connect")
        let tokyo = Zone(identifier: "Asia/Tokyo") ?? .utc
        #expect(ActivityDays.daily([total], in: tokyo) == ActivityDays.daily([total], in: Self.paris))
        #expect(ActivityDays.daily([total], in: tokyo).map(\.day) == [Self.day(2024, 3, 1)])
    }

    @Test func aTieGoesToTheSourceNamedFirstWhateverTheOrder() {
        let a = Self.steps("2024-05-14T08:00:00Z", 1000, "b phone")
        let b = Self.steps("2024-05-14T09:00:00Z", 1000, "a watch")
        #expect(ActivityDays.daily([a, b], in: .utc).map(\.source) == ["a watch"])
        #expect(ActivityDays.daily([b, a], in: .utc).map(\.source) == ["a watch"])
    }

    @Test func daysAreSortedByDayThenMetric() {
        let samples = [
            ActivitySample(metric: .flights, date: Self.at("2024-05-15T08:00:00Z"), value: 3, source: "P"),
            Self.steps("2024-05-15T08:00:00Z", 10, "P"),
            ActivitySample(metric: .mindful, date: Self.at("2024-05-14T08:00:00Z"), value: 10, source: "P"),
        ]
        let days = ActivityDays.daily(samples, in: .utc)
        #expect(days.map(\.day) == [Self.day(2024, 5, 14), Self.day(2024, 5, 15), Self.day(2024, 5, 15)])
        #expect(days.map(\.metric) == [.mindful, .steps, .flights])
    }
}
