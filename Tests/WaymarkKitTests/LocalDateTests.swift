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

    /// The day number kept beside the parts is the parts' own, however the date was made: from
    /// its parts it is computed, from a number the parts are; Python's `date` gives the figures.
    @Test func keptDayNumbersAreThePartsDayNumbers() throws {
        let known: [(Int, Int, Int, Int)] = [(1, 1, 1, -719_162), (1600, 2, 29, -135_081), (1900, 3, 1, -25_508), (2000, 2, 29, 11_016),
                                             (2024, 12, 31, 20_088), (9999, 12, 31, 2_932_896)]
        for (y, m, d, n) in known {
            let date = try #require(LocalDate(year: y, month: m, day: d))
            #expect(date.dayNumber == n)
            let back = LocalDate(dayNumber: n)
            #expect((back.year, back.month, back.day) == (y, m, d))
            #expect(back == date && back.hashValue == date.hashValue)
        }
        var previous: LocalDate?
        for n in stride(from: -719_162, through: 2_932_896, by: 89) {
            let date = LocalDate(dayNumber: n)
            let parts = try #require(LocalDate(year: date.year, month: date.month, day: date.day))
            // Ordered as the parts are.
            let ordered = previous.map { $0 < date && ($0.year, $0.month, $0.day) < (date.year, date.month, date.day) } ?? true
            guard parts.dayNumber == n, parts == date, ordered else {
                Issue.record("day \(n): \(date) gives \(parts.dayNumber)")
                return
            }
            previous = date
        }
    }

    @Test func weekdays() {
        #expect(LocalDate(year: 2026, month: 11, day: 29)!.weekday == 7)  // a Sunday
        #expect(LocalDate(year: 2026, month: 11, day: 30)!.weekday == 1)
        #expect(LocalDate(year: 2026, month: 11, day: 29)!.startOfWeek == LocalDate(year: 2026, month: 11, day: 23))
        #expect(LocalDate(year: 1969, month: 12, day: 31)!.weekday == 3)
    }

    /// Days a day apart differ, and a set of dates made both ways holds each day once.
    @Test func neighbouringDaysDifferAndSetsHoldEachDayOnce() throws {
        var fromParts = Set<LocalDate>(), fromNumbers = Set<LocalDate>()
        for n in 20_000..<20_400 {
            let d = LocalDate(dayNumber: n)
            #expect(d != LocalDate(dayNumber: n + 1) && d.adding(days: 1) == LocalDate(dayNumber: n + 1))
            fromNumbers.insert(d)
            fromParts.insert(try #require(LocalDate(year: d.year, month: d.month, day: d.day)))
        }
        fromParts.formUnion(fromNumbers)
        #expect(fromParts.count == 400 && fromParts == fromNumbers)
    }

    /// The day after, stepped from the parts, is the date of the next day number: every day of
    /// years 1 to 9999 one after another (leap days of 1600 and 2000, none in 1700, 1800, 1900),
    /// with its parts and its day number; and by hand, the ends of months and years.
    @Test func theNextDayIsTheDateOfTheNextNumber() throws {
        var day = try #require(LocalDate(year: 1, month: 1, day: 1))
        while day.dayNumber < 2_932_896 {
            let next = day.next, expected = LocalDate(dayNumber: day.dayNumber + 1)
            guard (next.year, next.month, next.day, next.dayNumber) == (expected.year, expected.month, expected.day, expected.dayNumber) else {
                Issue.record("after \(day): \(next), expected \(expected)")
                return
            }
            day = next
        }
        #expect(day == LocalDate(year: 9999, month: 12, day: 31))
        #expect(LocalDate(year: 2024, month: 2, day: 28)!.next == LocalDate(year: 2024, month: 2, day: 29))
        #expect(LocalDate(year: 1900, month: 2, day: 28)!.next == LocalDate(year: 1900, month: 3, day: 1))
        #expect(LocalDate(year: 2026, month: 12, day: 31)!.next == LocalDate(year: 2027, month: 1, day: 1))
        #expect(LocalDate(year: 2026, month: 4, day: 30)!.next.description == "2026-05-01")
    }

    /// Beyond years 1…9999 (a date made from any number), the parts made from a number still
    /// give that number back: year 0, negative years and a billion days either way.
    @Test func partsOfFarDayNumbersGiveTheirNumberBack() {
        for n in [-719_528, -719_529, -1_000_000, -1_000_000_000, 1_000_000_000, 2_932_897] {
            let d = LocalDate(dayNumber: n)
            #expect(LocalDate.dayNumber(year: d.year, month: d.month, day: d.day) == n, "\(n)")
        }
        // 0000-01-01 (ISO year 0, 1 BC) is 719,528 days before 1970-01-01.
        let zero = LocalDate(dayNumber: -719_528)
        #expect((zero.year, zero.month, zero.day) == (0, 1, 1))
    }
}
