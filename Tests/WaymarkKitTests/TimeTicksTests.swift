import Testing
@testable import WaymarkKit

struct TimeTicksTests {
    func d(_ y: Int, _ m: Int, _ day: Int) -> LocalDate { LocalDate(year: y, month: m, day: day)! }

    @Test func intervalsFollowD3Rules() {
        // 30 days / 7 = 4.3 days: between 2 days (ratio 2.1) and a week (ratio 1.6) → weeks.
        #expect(TimeTicks.interval(from: d(2026, 11, 1), to: d(2026, 12, 1), count: 7) == .weeks(1))
        // 730 days / 6 = 122 days: between 3 months (1.3) and a year (3.0) → quarters.
        #expect(TimeTicks.interval(from: d(2025, 2, 10), to: d(2027, 2, 10), count: 6) == .months(3))
        // 730 days / 10 = 73 days: between a month (2.4) and 3 months (1.2) → quarters; / 24 → months.
        #expect(TimeTicks.interval(from: d(2025, 2, 10), to: d(2027, 2, 10), count: 24) == .months(1))
        // 6 days / 7 → every day.
        #expect(TimeTicks.interval(from: d(2026, 11, 1), to: d(2026, 11, 7), count: 7) == .days(1))
        // Ten years / 7: past a year, a nice step of years: 11 / 7 = 1.57 → 2.
        #expect(TimeTicks.interval(from: d(2016, 3, 1), to: d(2026, 3, 1), count: 7) == .years(2))
    }

    @Test func ticksFallOnBoundaries() {
        #expect(TimeTicks.ticks(from: d(2025, 2, 10), to: d(2027, 2, 10), interval: .months(3))
                == [d(2025, 4, 1), d(2025, 7, 1), d(2025, 10, 1), d(2026, 1, 1), d(2026, 4, 1), d(2026, 7, 1), d(2026, 10, 1), d(2027, 1, 1)])
        #expect(TimeTicks.ticks(from: d(2026, 11, 1), to: d(2026, 11, 20), interval: .weeks(1)) == [d(2026, 11, 2), d(2026, 11, 9), d(2026, 11, 16)])
        #expect(TimeTicks.ticks(from: d(2026, 11, 28), to: d(2026, 12, 4), interval: .days(2)) == [d(2026, 11, 29), d(2026, 12, 1), d(2026, 12, 3)])
        #expect(TimeTicks.ticks(from: d(2016, 1, 1), to: d(2021, 6, 1), interval: .years(2)) == [d(2016, 1, 1), d(2018, 1, 1), d(2020, 1, 1)])
        #expect(TimeTicks.boundary(d(2026, 1, 1)) == .year && TimeTicks.boundary(d(2026, 3, 1)) == .month && TimeTicks.boundary(d(2026, 3, 2)) == .day)
    }

    @Test func overlappingLabelsAreDropped() {
        // Labels 30 units wide at 20 units apart: every other one survives.
        let kept = TimeTicks.thinned(positions: [0, 20, 40, 60, 80], labels: ["a", "b", "c", "d", "e"], gap: 6, width: { _ in 30 })
        #expect(kept == [0, 2, 4])
        #expect(abs(TimeTicks.estimatedWidth("Nov") - 19.8) < 1e-9 && abs(TimeTicks.estimatedWidth("11月") - 24.2) < 1e-9)
    }
}
