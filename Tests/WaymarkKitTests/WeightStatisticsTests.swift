import Testing
@testable import WaymarkKit

struct WeightStatisticsTests {
    func d(_ day: Int) -> LocalDate { LocalDate(year: 2026, month: 11, day: day)! }
    func entry(_ day: Int, _ kg: Double, hour: Int = 7) -> WeightEntry {
        WeightEntry(date: .instant(Zone.utc.startOfDay(d(day)) + Int64(hour * 3600)), kg: kg)
    }
    let now = Zone.utc.startOfDay(LocalDate(year: 2026, month: 11, day: 30)!)

    @Test func interpolationAndTrendOnAFiveDaySeries() {
        // Weighed on the 1st (80, the mean of 79.5 and 80.5), 2nd (79) and 5th (77.5);
        // the 3rd and 4th are interpolated: 78.5 and 78.
        let s = WeightSeries(entries: [entry(1, 79.5), entry(1, 80.5, hour: 20), entry(2, 79), entry(5, 77.5)], now: now, zone: .utc)
        #expect(s.days.map(\.date) == [d(1), d(2), d(3), d(4), d(5)])
        #expect(s.days.map(\.weight) == [80, 79, 78.5, 78, 77.5])
        #expect(s.days.map(\.interpolated) == [false, false, true, true, false])
        #expect(s.days.map(\.entries) == [2, 1, 0, 0, 1])
        // trend: 80; 80 + 0.1(79 − 80) = 79.9; 79.9 + 0.1(78.5 − 79.9) = 79.76;
        // 79.76 + 0.1(78 − 79.76) = 79.584; 79.584 + 0.1(77.5 − 79.584) = 79.3756.
        let expected = [80, 79.9, 79.76, 79.584, 79.3756]
        for (got, want) in zip(s.days.map(\.trend), expected) { #expect(abs(got - want) < 1e-9) }
    }

    @Test func numbers() throws {
        let w = try #require(WeightStatistics(entries: [entry(1, 79.5), entry(1, 80.5, hour: 20), entry(2, 79), entry(5, 77.5)],
                                              now: now, zone: .utc, goalKg: 75, heightCm: 180))
        #expect(w.latest == 77.5 && w.latestDate == d(5))
        #expect(abs(w.trend - 79.3756) < 1e-9)
        #expect(w.change7d == nil && w.change30d == nil)
        #expect(w.min == .init(kg: 77.5, date: d(5)))
        #expect(w.max == .init(kg: 80, date: d(1)))  // daily means, not single entries
        #expect(w.entries == 4)
        // Least squares over x = 0…4 of the trend, ȳ = 79.72392: Σ(x − 2)(y − ȳ) / Σ(x − 2)²
        // = (−2·0.27608 − 1·0.17608 + 0 + 1·(−0.13992) + 2·(−0.34832)) / 10 = −1.5648 / 10.
        let ys = [80, 79.9, 79.76, 79.584, 79.3756]
        let mean = ys.reduce(0, +) / 5
        let slope = zip([-2.0, -1, 0, 1, 2], ys).reduce(0) { $0 + $1.0 * ($1.1 - mean) } / 10
        #expect(abs(slope - -0.15648) < 1e-9)
        #expect(abs((w.weeklyRate ?? 0) - slope * 7) < 1e-9)
        #expect(abs((w.toGoal ?? 0) - 4.3756) < 1e-9)
        // 4.3756 / 0.15648 = 27.96… → 28 days after Nov 5.
        #expect(w.projectedGoalDate == LocalDate(year: 2026, month: 12, day: 3))
        #expect(abs((w.bmi ?? 0) - 79.3756 / 3.24) < 1e-9)
    }

    @Test func aForecastIsAfterTheDayShown() throws {
        // The same weighings as `numbers`: the goal is projected for Dec 3 from the last day, Nov 5.
        let entries = [entry(1, 79.5), entry(1, 80.5, hour: 20), entry(2, 79), entry(5, 77.5)]
        func projected(shown day: LocalDate) -> LocalDate? {
            WeightStatistics(entries: entries, now: Zone.utc.startOfDay(day) + 86_399, zone: .utc, goalKg: 75, heightCm: nil)?.projectedGoalDate
        }
        #expect(projected(shown: LocalDate(year: 2026, month: 12, day: 2)!) == LocalDate(year: 2026, month: 12, day: 3))
        // Shown on Dec 3 or later, the date is not ahead any more: no forecast.
        #expect(projected(shown: LocalDate(year: 2026, month: 12, day: 3)!) == nil)
        #expect(projected(shown: LocalDate(year: 2027, month: 6, day: 1)!) == nil)
    }

    @Test func changesLookBackOnTheDailySeries() throws {
        // 40 daily weights falling 0.1 kg a day.
        let entries = (0..<40).map { WeightEntry(date: .day(d(1).adding(days: $0)), kg: 90 - Double($0) / 10) }
        let w = try #require(WeightStatistics(entries: entries, now: Zone.utc.startOfDay(d(1).adding(days: 41)), zone: .utc, goalKg: nil, heightCm: nil))
        let trends = w.series.days.map(\.trend)
        #expect(w.change7d == trends[39] - trends[32])
        #expect(w.change30d == trends[39] - trends[9])
        #expect(w.change365d == nil)
        #expect(w.projectedGoalDate == nil && w.toGoal == nil && w.bmi == nil)
    }

    @Test func projectionRules() {
        let last = d(5)
        // Toward the goal: 2 kg at 0.1 kg a day → 20 days.
        #expect(WeightStatistics.projection(from: last, trend: 80, goal: 78, dailySlope: -0.1) == d(25))
        // Away from it.
        #expect(WeightStatistics.projection(from: last, trend: 80, goal: 78, dailySlope: 0.1) == nil)
        #expect(WeightStatistics.projection(from: last, trend: 76, goal: 78, dailySlope: 0.05) == LocalDate(year: 2026, month: 12, day: 15))
        // Further than three years: 20 kg at 0.01 kg a day is 2000 days.
        #expect(WeightStatistics.projection(from: last, trend: 80, goal: 60, dailySlope: -0.01) == nil)
        // Three years after 2026-11-05 is 2029-11-05, 1096 days later (2028 is a leap year).
        // Exactly representable numbers: 1096 × 1/64 kg and 1097 × 1/64 kg at 1/64 kg a day.
        #expect(WeightStatistics.projection(from: last, trend: 80, goal: 80 - 1096.0 / 64, dailySlope: -1.0 / 64) == LocalDate(year: 2029, month: 11, day: 5))
        #expect(WeightStatistics.projection(from: last, trend: 80, goal: 80 - 1097.0 / 64, dailySlope: -1.0 / 64) == nil)
        #expect(WeightStatistics.projection(from: last, trend: 80, goal: 80, dailySlope: 0) == last)
        #expect(WeightStatistics.projection(from: last, trend: 80, goal: 79, dailySlope: 0) == nil)
        #expect(WeightStatistics.slope([1]) == nil && WeightStatistics.slope([1, 3]) == 2)
    }

    @Test func futureEntriesAndNoData() {
        #expect(WeightStatistics(entries: [], now: now, zone: .utc, goalKg: 70, heightCm: 170) == nil)
        #expect(WeightStatistics(entries: [entry(30, 70, hour: 12)], now: now, zone: .utc, goalKg: nil, heightCm: nil) == nil)
    }

    @Test func unitConversions() {
        #expect(abs(WeightUnit.lb.fromKilograms(45.359237) - 100) < 1e-12)
        #expect(WeightUnit.jin.fromKilograms(62.5) == 125)
        #expect(WeightUnit.kg.fromKilograms(62.5) == 62.5)
    }
}
