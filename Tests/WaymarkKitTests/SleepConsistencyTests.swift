import Testing
@testable import WaymarkKit

/// The sleep figures, worked out by hand.
struct SleepConsistencyTests {
    static func day(_ d: Int) -> LocalDate { LocalDate(dayNumber: 19_723 + d - 1) }  // 2024-01-01
    static let jan1 = Int64(1_704_067_200)  // 2024-01-01T00:00:00Z

    @Test func meanAsleepAndTheSpreadOfBedAndWakeTimes() throws {
        // Bed at 23:00 (660 after noon) and 01:00 (780): mean 720 (midnight), spread 60. Wake
        // at 07:00 (420) and 08:00 (480): mean 450, spread 30. Asleep 420 and 360: mean 390.
        // The night of the 1st, outside the two nights asked for, and an in-bed-only night on
        // the 4th (the latest, without sleep) are not counted.
        let nights = [
            SleepNight(night: Self.day(1), source: "W", asleep: 100, bedtime: Self.jan1 - 3600, wake: Self.jan1 + 3600),
            SleepNight(night: Self.day(2), source: "W", asleep: 420, bedtime: Self.jan1 + 23 * 3600, wake: Self.jan1 + 31 * 3600),
            SleepNight(night: Self.day(3), source: "W", asleep: 360, bedtime: Self.jan1 + 49 * 3600, wake: Self.jan1 + 56 * 3600),
            SleepNight(night: Self.day(4), source: "C", inBed: 60),
        ]
        let s = try #require(SleepConsistency.make(nights, days: 2, in: .utc))
        #expect(s.nights == 2 && s.first == Self.day(2) && s.last == Self.day(3))
        #expect(s.meanAsleep == 390)
        #expect(s.bedtime?.mean == 720 && s.bedtime?.spread == 60)
        #expect(s.wake?.mean == 450 && s.wake?.spread == 30)
        #expect(SleepConsistency.make([SleepNight(night: Self.day(4), source: "C", inBed: 60)], days: 30, in: .utc) == nil)
        // One night: its times, and no spread (a spread of 0 would say it never varies).
        let one = try #require(SleepConsistency.make([nights[2]], days: 30, in: .utc))
        #expect(one.bedtime?.mean == 780 && one.bedtime?.spread == .some(nil) && one.wake?.mean == 480 && one.wake?.spread == .some(nil))
    }
}
