import Testing
@testable import WaymarkKit

/// Dates written as bytes (`DateText`) read exactly as string interpolation writes them, the
/// plain reference they replace.
struct DateTextTests {
    @Test func handWorkedDates() throws {
        let en = LocaleFormat(.en), zh = LocaleFormat(.zhHans)
        let d = try #require(LocalDate(year: 2026, month: 11, day: 29))
        #expect(en.longDate(d) == "Nov 29, 2026")
        #expect(zh.longDate(d) == "2026年11月29日")
        #expect(en.shortDate(d) == "Nov 29" && zh.shortDate(d) == "11月29日")
        #expect(en.monthYear(year: 2026, month: 9) == "September 2026" && zh.monthYear(year: 2026, month: 9) == "2026年9月")
        #expect(en.monthYearShort(year: 1, month: 1) == "Jan 1" && zh.monthYearShort(year: 9999, month: 12) == "9999年12月")
        let first = try #require(LocalDate(year: 1, month: 1, day: 1)), last = try #require(LocalDate(year: 9999, month: 12, day: 31))
        #expect(en.longDate(first) == "Jan 1, 1" && zh.longDate(last) == "9999年12月31日")
    }

    @Test func numbersAtTheirLimits() {
        for n in [0, 7, 10, 99, 100, 2026, -1, -2026, Int.max, Int.min] {
            #expect(DateText.make { $0.number(n) } == String(n))
        }
        #expect(DateText.make { $0.number(Int.min); $0.literal("年"); $0.number(Int.max); $0.literal("月"); $0.number(Int.min); $0.literal("日") }
            == "-9223372036854775808年9223372036854775807月-9223372036854775808日")
    }

    @Test func every97thDayOfTenThousandYearsAsInterpolationWritesIt() throws {
        let en = LocaleFormat(.en), zh = LocaleFormat(.zhHans)
        let start = try #require(LocalDate(year: 1, month: 1, day: 1)), end = try #require(LocalDate(year: 9999, month: 12, day: 31))
        var checked = 0
        for n in stride(from: start.dayNumber, through: end.dayNumber, by: 97) {
            let d = LocalDate(dayNumber: n)
            let month = LocaleFormat.monthsShort[d.month - 1]
            guard en.longDate(d) == "\(month) \(d.day), \(d.year)", zh.longDate(d) == "\(d.year)年\(d.month)月\(d.day)日",
                  en.shortDate(d) == "\(month) \(d.day)", zh.shortDate(d) == "\(d.month)月\(d.day)日",
                  en.monthYear(year: d.year, month: d.month) == "\(LocaleFormat.monthsLong[d.month - 1]) \(d.year)",
                  en.monthYearShort(year: d.year, month: d.month) == "\(month) \(d.year)",
                  zh.monthYear(year: d.year, month: d.month) == "\(d.year)年\(d.month)月" else {
                Issue.record("differs on \(d)")
                return
            }
            checked += 1
        }
        // 3,652,059 days from 0001-01-01 to 9999-12-31, every 97th from the first (97 is prime: every weekday, month and day length is met).
        #expect(checked == 37_651)
    }

    @Test func appendedLongDatesAreTheStringsBytes() throws {
        let en = LocaleFormat(.en), zh = LocaleFormat(.zhHans)
        let start = try #require(LocalDate(year: 1, month: 1, day: 1)), end = try #require(LocalDate(year: 9999, month: 12, day: 31))
        let prefix = Array("<title>".utf8)
        var checked = 0
        for n in stride(from: start.dayNumber, through: end.dayNumber, by: 97) {
            let d = LocalDate(dayNumber: n)
            // Appended after other bytes, which stay as they were.
            var bytes = prefix
            en.appendLongDate(d, to: &bytes)
            zh.appendLongDate(d, to: &bytes)
            let expected = "<title>\(LocaleFormat.monthsShort[d.month - 1]) \(d.day), \(d.year)\(d.year)年\(d.month)月\(d.day)日"
            guard String(decoding: bytes, as: UTF8.self) == expected else {
                Issue.record("differs on \(d): \(String(decoding: bytes, as: UTF8.self))")
                return
            }
            // Written straight into a buffer's room (years 1000–9999) or through DateText (the rest).
            var buffer = ByteBuffer(capacity: 1)
            buffer.append(prefix)
            en.appendLongDate(d, to: &buffer)
            zh.appendLongDate(d, to: &buffer)
            guard buffer.bytes == bytes else {
                Issue.record("the buffer differs on \(d): \(String(decoding: buffer.bytes, as: UTF8.self))")
                return
            }
            checked += 1
        }
        #expect(checked == 37_651)
        var one: [UInt8] = []
        zh.appendLongDate(try #require(LocalDate(year: 2026, month: 11, day: 29)), to: &one)
        #expect(one == Array("2026年11月29日".utf8))
        // Every day of the years where the written form changes length, and the years either
        // side of the fast path's range, in both languages.
        for year in [999, 1000, 2024, 9999] {
            var d = try #require(LocalDate(year: year, month: 1, day: 1))
            while d.year == year {
                var buffer = ByteBuffer()
                en.appendLongDate(d, to: &buffer)
                buffer.append("|")
                zh.appendLongDate(d, to: &buffer)
                #expect(String(decoding: buffer.bytes, as: UTF8.self) == en.longDate(d) + "|" + zh.longDate(d), "\(d)")
                d = d.adding(days: 1)
            }
        }
    }
}
