import Testing
@testable import WaymarkKit

struct LocalDateTests {
    @Test func dayNumbersRoundTrip() {
        #expect(LocalDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(LocalDate(year: 2026, month: 11, day: 29)!.dayNumber == 20_786)
        #expect(LocalDate(year: 1969, month: 12, day: 31)!.dayNumber == -1)
        for n in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(LocalDate(dayNumber: n).dayNumber == n)
        }
    }

    @Test func weekdays() {
        #expect(LocalDate(year: 2026, month: 11, day: 29)!.weekday == 7)  // a Sunday
        #expect(LocalDate(year: 2026, month: 11, day: 30)!.weekday == 1)
        #expect(LocalDate(year: 2026, month: 11, day: 29)!.startOfWeek == LocalDate(year: 2026, month: 11, day: 23))
        #expect(LocalDate(year: 1969, month: 12, day: 31)!.weekday == 3)
    }
}
