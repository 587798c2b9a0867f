import Testing
@testable import WaymarkKit

/// A year's buckets are found without summing the other years: they must be exactly the buckets
/// of the whole history that start in that year.
struct HabitHistoryYearTests {
    static func date(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d)! }

    @Test func theWeeksOfAYearStartInIt() {
        // 2020 began on a Wednesday: the week of Mon Dec 30, 2019 belongs to 2019, the first week
        // of 2020 starts on Mon Jan 6 and the last on Mon Dec 28 (it runs into 2021): 52 weeks.
        let days = HabitHistoryTests.days(Self.date(2019, 12, 1), Self.date(2021, 2, 1),
                                          checks: [Self.date(2020, 1, 1), Self.date(2020, 1, 6), Self.date(2021, 1, 2)])
        let weeks = HabitHistory.buckets(days, by: .week, numerical: false, startingIn: 2020)
        #expect(weeks.count == 52)
        #expect(weeks.first == HabitHistory.Bucket(start: Self.date(2020, 1, 6), value: 1))
        // Jan 2, 2021 is in the week of Dec 28, 2020; Jan 1, 2020 in a 2019 week.
        #expect(weeks.last == HabitHistory.Bucket(start: Self.date(2020, 12, 28), value: 1))
        #expect(weeks.reduce(0) { $0 + $1.value } == 2)
        let months = HabitHistory.buckets(days, by: .month, numerical: false, startingIn: 2020)
        #expect(months.count == 12 && months[0] == HabitHistory.Bucket(start: Self.date(2020, 1, 1), value: 2))
        #expect(HabitHistory.buckets(days, by: .month, numerical: false, startingIn: 2018).isEmpty)
        #expect(HabitHistory.buckets(days, by: .month, numerical: false, startingIn: 2022).isEmpty)
    }

    /// Against the plain reference: every unit, every year from before the first day to after the
    /// last, for histories beginning and ending on each weekday and in every month.
    @Test func everyYearEqualsTheWholeHistoryFiltered() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        var compared = 0
        for k in 0..<120 {
            let first = Self.date(2015, 1, 1).adding(days: k * 23 + Int(next() % 7))
            let last = first.adding(days: Int(next() % 1500))
            var days = HabitDays(first: first, last: last)
            for i in 0..<days.count where next() % 3 == 0 {
                days.checks[i] = Int(next() % 3)
                days.amounts[i] = Double(next() % 1000) / 10
            }
            for unit in HabitHistory.Unit.allCases {
                for numerical in [false, true] {
                    let all = HabitHistory.buckets(days, by: unit, numerical: numerical)
                    for year in (first.year - 1)...(last.year + 1) {
                        let reference = all.filter { $0.start.year == year }
                        #expect(HabitHistory.buckets(days, by: unit, numerical: numerical, startingIn: year) == reference,
                                "\(unit) \(year) from \(first) to \(last)")
                        compared += reference.count
                    }
                }
            }
        }
        #expect(compared > 10_000)
    }
}
