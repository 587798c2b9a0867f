import Foundation
import Testing
@testable import WaymarkKit

struct HabitHistoryTests {
    static func date(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d)! }

    /// Days from `first` to `last` with the given completions (a date listed twice counts twice).
    static func days(_ first: LocalDate, _ last: LocalDate, checks: [LocalDate] = [], amounts: [(LocalDate, Double)] = [],
                     skipped: [LocalDate] = []) -> HabitDays {
        var days = HabitDays(first: first, last: last)
        for d in checks { if let i = days.index(d) { days.checks[i] += 1 } }
        for (d, v) in amounts { if let i = days.index(d) { days.amounts[i] += v } }
        for d in skipped { if let i = days.index(d) { days.skipped[i] = true } }
        return days
    }

    typealias B = HabitHistory.Bucket
    let date = HabitHistoryTests.date

    @Test func weekCrossingAMonth() {
        // Wed Jan 28 … Tue Feb 10, 2026. The week of Mon Jan 26 runs to Sun Feb 1: it holds Jan 28,
        // Jan 31 and Feb 1 (3); the week of Feb 2 holds Feb 2 (1); the week of Feb 9 holds Feb 10 (1).
        let d = Self.days(date(2026, 1, 28), date(2026, 2, 10),
                          checks: [date(2026, 1, 28), date(2026, 1, 31), date(2026, 2, 1), date(2026, 2, 2), date(2026, 2, 10)])
        #expect(HabitHistory.buckets(d, by: .week, numerical: false)
            == [B(start: date(2026, 1, 26), value: 3), B(start: date(2026, 2, 2), value: 1), B(start: date(2026, 2, 9), value: 1)])
        // By month the same days split 2 (Jan 28, 31) and 3 (Feb 1, 2, 10).
        #expect(HabitHistory.buckets(d, by: .month, numerical: false)
            == [B(start: date(2026, 1, 1), value: 2), B(start: date(2026, 2, 1), value: 3)])
        #expect(HabitHistory.buckets(d, by: .quarter, numerical: false) == [B(start: date(2026, 1, 1), value: 5)])
        #expect(HabitHistory.buckets(d, by: .year, numerical: false) == [B(start: date(2026, 1, 1), value: 5)])
        // The worked example of docs/statistics.md: Wed, Sat, Sun, Mon, Tue; today (Tue Feb 10)
        // is in the week of Feb 9 (1), February (3), 2026 (5); 5 of 14 days done.
        #expect(HabitHistory.weekdays(d) == [1, 1, 1, 0, 0, 1, 1])
        #expect(HabitHistory.totals(d, numerical: false) == .init(week: 1, month: 3, year: 5, all: 5))
        #expect(d.count == 14 && HabitHistory.shareDone(d) == 5.0 / 14.0)
    }

    @Test func quarterStartsOnAprilFirst() {
        // Mar 31 is the last day of Q1, Apr 1 the first of Q2.
        let d = Self.days(date(2026, 3, 31), date(2026, 4, 1), checks: [date(2026, 3, 31), date(2026, 4, 1), date(2026, 4, 1)])
        #expect(HabitHistory.buckets(d, by: .quarter, numerical: false)
            == [B(start: date(2026, 1, 1), value: 1), B(start: date(2026, 4, 1), value: 2)])
        // Quarter starts from any month: Dec 15 → Oct 1, Feb 28 → Jan 1, Sep 30 → Jul 1.
        #expect(HabitHistory.Unit.quarter.start(of: date(2025, 12, 15)) == date(2025, 10, 1))
        #expect(HabitHistory.Unit.quarter.start(of: date(2026, 2, 28)) == date(2026, 1, 1))
        #expect(HabitHistory.Unit.quarter.start(of: date(2026, 9, 30)) == date(2026, 7, 1))
        #expect(HabitHistory.Unit.quarter.next(after: date(2025, 10, 1)) == date(2026, 1, 1))
    }

    @Test func leapYear() {
        // 2024 is a leap year: Feb 29 belongs to February, and the year bucket holds 366 days.
        let d = Self.days(date(2024, 2, 28), date(2024, 3, 1), checks: [date(2024, 2, 29), date(2024, 2, 29), date(2024, 3, 1)])
        #expect(HabitHistory.buckets(d, by: .month, numerical: false)
            == [B(start: date(2024, 2, 1), value: 2), B(start: date(2024, 3, 1), value: 1)])
        let y = Self.days(date(2023, 12, 31), date(2025, 1, 1), checks: [date(2023, 12, 31), date(2024, 1, 1), date(2024, 12, 31), date(2025, 1, 1)])
        #expect(HabitHistory.buckets(y, by: .year, numerical: false)
            == [B(start: date(2023, 1, 1), value: 1), B(start: date(2024, 1, 1), value: 2), B(start: date(2025, 1, 1), value: 1)])
        #expect(HabitHistory.Unit.year.next(after: date(2024, 1, 1)) == date(2025, 1, 1))
        #expect(HabitHistory.Unit.month.next(after: date(2024, 2, 1)) == date(2024, 3, 1))
        #expect(HabitHistory.Unit.month.next(after: date(2023, 2, 1)) == date(2023, 3, 1))
    }

    @Test func emptyBucketsArePresent() {
        // Done in January and April only: February and March are there with 0.
        let d = Self.days(date(2026, 1, 5), date(2026, 4, 10), checks: [date(2026, 1, 5), date(2026, 4, 10)])
        #expect(HabitHistory.buckets(d, by: .month, numerical: false).map(\.value) == [1, 0, 0, 1])
        #expect(HabitHistory.buckets(d, by: .month, numerical: false).map(\.start)
            == [date(2026, 1, 1), date(2026, 2, 1), date(2026, 3, 1), date(2026, 4, 1)])
        // Mon Jan 5 to Fri Apr 10 spans 14 weeks (Jan 5 + 13 × 7 = Apr 6), the first and last non-zero.
        let weeks = HabitHistory.buckets(d, by: .week, numerical: false)
        #expect(weeks.count == 14 && weeks.first?.value == 1 && weeks.last?.value == 1 && weeks.last?.start == date(2026, 4, 6))
        #expect(weeks.map(\.value).reduce(0, +) == 2)
    }

    @Test func numericalAmountsAreSummed() {
        let d = Self.days(date(2026, 6, 29), date(2026, 7, 2), checks: [date(2026, 6, 30), date(2026, 7, 1)],
                          amounts: [(date(2026, 6, 30), 1.5), (date(2026, 7, 1), 2.25), (date(2026, 7, 1), 0.5)])
        // June: 1.5; July: 2.25 + 0.5 = 2.75. Completions would be 1 and 1.
        #expect(HabitHistory.buckets(d, by: .month, numerical: true)
            == [B(start: date(2026, 6, 1), value: 1.5), B(start: date(2026, 7, 1), value: 2.75)])
        #expect(HabitHistory.buckets(d, by: .month, numerical: false).map(\.value) == [1, 1])
        // Q2 (Apr 1) holds June, Q3 (Jul 1) holds July; the week of Mon Jun 29 holds all four days.
        #expect(HabitHistory.buckets(d, by: .quarter, numerical: true).map(\.value) == [1.5, 2.75])
        #expect(HabitHistory.buckets(d, by: .week, numerical: true) == [B(start: date(2026, 6, 29), value: 4.25)])
    }

    @Test func singleDayAndNeverDone() {
        let d = Self.days(date(2026, 11, 29), date(2026, 11, 29))
        #expect(HabitHistory.buckets(d, by: .week, numerical: false) == [B(start: date(2026, 11, 23), value: 0)])
        #expect(HabitHistory.buckets(d, by: .year, numerical: true) == [B(start: date(2026, 1, 1), value: 0)])
        #expect(HabitHistory.weekdays(d) == [0, 0, 0, 0, 0, 0, 0])
        #expect(HabitHistory.totals(d, numerical: false) == .init(week: 0, month: 0, year: 0, all: 0))
        #expect(HabitHistory.shareDone(d) == 0)
        // Skipped and never done: no day counts.
        #expect(HabitHistory.shareDone(Self.days(date(2026, 11, 29), date(2026, 11, 29), skipped: [date(2026, 11, 29)])) == nil)
    }

    @Test func tenYearsOfBuckets() {
        // Fri 2016-01-01 … Wed 2025-12-31: weeks from Mon 2015-12-28 to Mon 2025-12-29 are
        // (2025-12-29 − 2015-12-28) / 7 + 1 = 523 (counted with Python's datetime).
        let d = Self.days(date(2016, 1, 1), date(2025, 12, 31), checks: [date(2016, 1, 1), date(2025, 12, 31)])
        #expect(d.count == 3653)
        let weeks = HabitHistory.buckets(d, by: .week, numerical: false)
        #expect(weeks.count == 523 && weeks.first?.start == date(2015, 12, 28) && weeks.last?.start == date(2025, 12, 29))
        #expect(HabitHistory.buckets(d, by: .month, numerical: false).count == 120)
        #expect(HabitHistory.buckets(d, by: .quarter, numerical: false).count == 40)
        #expect(HabitHistory.buckets(d, by: .year, numerical: false).map(\.start.year) == Array(2016...2025))
    }

    @Test func weekdayCounts() {
        // Mon Nov 23 … Sun Nov 29, 2026 and the following Monday: two completions on each Monday,
        // one on Wednesday, three on Sunday.
        let mon = date(2026, 11, 23), wed = date(2026, 11, 25), sun = date(2026, 11, 29), nextMon = date(2026, 11, 30)
        let d = Self.days(mon, nextMon, checks: [mon, mon, wed, sun, sun, sun, nextMon, nextMon])
        #expect(HabitHistory.weekdays(d) == [4, 0, 1, 0, 0, 0, 3])
        // Starting on a Sunday: index 6 first, then wrapping to Monday.
        let e = Self.days(sun, nextMon, checks: [sun, nextMon])
        #expect(HabitHistory.weekdays(e) == [1, 0, 0, 0, 0, 0, 1])
    }

    @Test func totalsOfThePeriodsContainingToday() {
        // Today is Tue Dec 1, 2026: its week began Mon Nov 30, its month Dec 1, its year Jan 1.
        let d = Self.days(date(2025, 12, 30), date(2026, 12, 1),
                          checks: [date(2025, 12, 30), date(2026, 1, 1), date(2026, 11, 29), date(2026, 11, 30), date(2026, 12, 1), date(2026, 12, 1)],
                          amounts: [(date(2026, 12, 1), 0.5), (date(2026, 11, 30), 2), (date(2025, 12, 30), 10)])
        #expect(HabitHistory.totals(d, numerical: false) == .init(week: 3, month: 2, year: 5, all: 6))
        #expect(HabitHistory.totals(d, numerical: true) == .init(week: 2.5, month: 0.5, year: 2.5, all: 12.5))
    }

    @Test func shareOfDaysDone() {
        // Ten days: done on 4, skipped on 2 (one of them also done, which counts as done).
        // Counted days: 10 − 1 skipped without a completion = 9; share 4 / 9.
        let first = date(2026, 3, 1)
        let d = Self.days(first, first.adding(days: 9), checks: [0, 2, 2, 5, 9].map { first.adding(days: $0) },
                          skipped: [first.adding(days: 5), first.adding(days: 6)])
        #expect(HabitHistory.shareDone(d) == 4.0 / 9.0)
    }

    /// HabitBull's own test files (shared/real-exports/habitbull-csv), counted independently with
    /// Python's csv module: H3 of habitbull2.csv has 57 distinct days with a Value in 1…1,000,000
    /// from 2019-04-11 to 2019-06-15, 15 in April, 28 in May, 14 in June, by weekday Monday…Sunday
    /// 7, 8, 9, 9, 8, 7, 9. Pushups of habitbull3.csv: 30 on 2021-09-01, 100 on each of 2022-01-08…13.
    @Test(.enabled(if: TestPaths.hasShared)) func realHabitBullExports() throws {
        func log(_ name: String, now: Int64) -> HabitLog {
            let path = TestPaths.shared.appendingPathComponent("real-exports/habitbull-csv/" + name).path
            let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
            let part = HabitBullImporter.read(SourceFile.memory(name, bytes), ImportContext())
            return HabitLog(export: part.export, now: now, zone: .utc)
        }
        let h3 = try #require(log("habitbull2.csv", now: 1_561_896_000).habits.first { $0.name == "H3" })  // 2019-06-30 12:00 UTC
        #expect(h3.days.first == date(2019, 4, 11) && h3.days.totalChecks == 57)
        #expect(HabitHistory.buckets(h3.days, by: .month, numerical: false)
            == [B(start: date(2019, 4, 1), value: 15), B(start: date(2019, 5, 1), value: 28), B(start: date(2019, 6, 1), value: 14)])
        #expect(HabitHistory.weekdays(h3.days) == [7, 8, 9, 9, 8, 7, 9])
        #expect(HabitHistory.buckets(h3.days, by: .quarter, numerical: false) == [B(start: date(2019, 4, 1), value: 57)])

        let pushups = try #require(log("habitbull3.csv", now: 1_643_630_400).habits.first { $0.name == "Pushups" })  // 2022-01-31 12:00 UTC
        #expect(HabitHistory.buckets(pushups.days, by: .year, numerical: true)
            == [B(start: date(2021, 1, 1), value: 30), B(start: date(2022, 1, 1), value: 600)])
        #expect(HabitHistory.buckets(pushups.days, by: .quarter, numerical: true).map(\.value) == [30, 0, 600])
        #expect(HabitHistory.totals(pushups.days, numerical: true) == .init(week: 0, month: 600, year: 600, all: 630))
    }
}
