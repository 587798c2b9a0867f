import Testing
@testable import WaymarkKit

struct DateTimeTextTests {
    let shanghai = Zone(identifier: "Asia/Shanghai")!
    let newYork = Zone(identifier: "America/New_York")!

    func instant(_ text: String, _ zone: Zone) -> Int64? {
        guard case .instant(let s)? = DateTimeText.parse(text)?.moment(in: zone) else { return nil }
        return s
    }

    @Test func everyDocumentedForm() {
        // 2026-11-29 20:00 in Shanghai (UTC+8) is 12:00Z = 1795953600 (date -u -d '2026-11-29 12:00' +%s).
        #expect(instant("2026-11-29T20:00:00", shanghai) == 1_795_953_600)
        #expect(instant("2026-11-29 20:00:00", shanghai) == 1_795_953_600)
        #expect(instant("2026-11-29T12:00:00Z", shanghai) == 1_795_953_600)
        #expect(instant("2026-11-29T20:00:00+08:00", newYork) == 1_795_953_600)
        #expect(instant("2026-11-29T20:00:00+0800", newYork) == 1_795_953_600)
        #expect(instant("2026-11-29T20:00:00+08", newYork) == 1_795_953_600)
        #expect(instant("2026-11-29T20:00:00.123Z", newYork) == 1_795_982_400)
        #expect(instant("2026-11-29T20:00", shanghai) == 1_795_953_600)
        #expect(DateTimeText.parse("2026-11-29") == .day(LocalDate(year: 2026, month: 11, day: 29)!))
    }

    @Test func impossibleDatesAreRefused() {
        for text in ["2026-02-30", "2026-13-01", "0000-01-01", "99999-01-01", "2026-11-29T24:00:00", "2026-11-29T23:60:00",
                     "2026-1-5", "29/11/2026", "", "2026-11-29T20:00:00+19:00", "2026-11-29X20:00:00", "1732868400000"] {
            #expect(DateTimeText.parse(text) == nil, "\(text)")
        }
        #expect(DateTimeText.parse("2024-02-29") != nil)
        #expect(DateTimeText.parse("2100-02-29") == nil)
    }

    /// A time with an offset must lie in years 1 to 9999 in UTC too: 0001-01-01T00:00:00Z is
    /// −62,135,596,800 s (719,162 days before 1970 × 86,400) and 9999-12-31T23:59:59Z is
    /// 253,402,300,799 s (2,932,896 days after 1970 × 86,400 + 86,399).
    @Test func offsetsThatLeaveYears1To9999InUTCAreRefused() {
        #expect(DateTimeText.parse("0001-01-01T14:00:00+14:00") == .instant(-62_135_596_800))
        #expect(DateTimeText.parse("0001-01-01T00:00:00Z") == .instant(-62_135_596_800))
        #expect(DateTimeText.parse("9999-12-31T11:59:59-12:00") == .instant(253_402_300_799))
        for text in ["0001-01-01T00:00:00+14:00", "0001-01-01T13:59:59+14:00", "0001-01-01 00:00+00:01", "9999-12-31T12:00:00-12:00",
                     "9999-12-31T23:59:59-00:01", "9999-12-31T23:59:59-18"] {
            #expect(DateTimeText.parse(text) == nil, "\(text)")
        }
        // Wall times and days are read as written, so the ends themselves are fine.
        #expect(DateTimeText.parse("0001-01-01T00:00:00") != nil && DateTimeText.parse("9999-12-31") != nil)
        #expect(DateTimeText.spanNote("0001-01-01T00:00:00+14:00")
                == "; that is 0000-12-31T10:00:00Z, before year 1 in UTC, and Waymark reads years 1 to 9999")
        #expect(DateTimeText.spanNote("9999-12-31T23:59:59-12:00")
                == "; that is 10000-01-01T11:59:59Z, after year 9999 in UTC, and Waymark reads years 1 to 9999")
        for text in ["2026-02-30", "0001-01-01T14:00:00+14:00", "nonsense", "0000-01-01T00:00:00Z"] { #expect(DateTimeText.spanNote(text) == "", "\(text)") }
    }

    /// The site's zone can move an instant of the span's first or last hours out of it.
    @Test func theCalendarSpanOnAClock() throws {
        let tokyo = try #require(Zone(identifier: "Asia/Tokyo")), newYork = try #require(Zone(identifier: "America/New_York"))
        let first: Int64 = -62_135_596_800, last: Int64 = 253_402_300_799
        let nine: Int64 = 9 * 3_600, localMeanTime: Int64 = 4 * 3_600 + 56 * 60 + 2
        #expect(CalendarSpan.contains(last, in: .utc))
        #expect(!CalendarSpan.contains(last, in: tokyo))
        #expect(CalendarSpan.contains(last - nine, in: tokyo))
        #expect(!CalendarSpan.contains(last - nine + 1, in: tokyo))
        // New York's local mean time in year 1, −4:56:02 (Foundation's), puts 04:56:01Z on 31 December of year 0.
        #expect(!CalendarSpan.contains(first + localMeanTime - 1, in: newYork))
        #expect(CalendarSpan.contains(first + localMeanTime, in: newYork))
        #expect(!CalendarSpan.contains(.min, in: .utc) && !CalendarSpan.contains(.max, in: tokyo))
        let export = Export(points: [PointRecord(point: 1, name: "Run", date: .day(LocalDate(year: 9999, month: 12, day: 31)!)),
                                     PointRecord(point: 1, name: "Walk", date: .instant(253_402_300_799))],
                            targets: [Target(name: "T", deadline: .instant(0))])
        #expect(CalendarSpan.firstOutside(export, in: .utc) == nil)
        #expect(CalendarSpan.firstOutside(export, in: tokyo) == CalendarSpan.Outside(record: "the point record “Walk”", instant: 253_402_300_799))
    }

    @Test func wallTimesAcrossDaylightSavingChanges() {
        // New York springs forward on 2026-03-08 at 02:00 EST (07:00Z).
        #expect(instant("2026-03-08T01:30:00", newYork) == instant("2026-03-08T06:30:00Z", newYork))
        #expect(instant("2026-03-08T03:30:00", newYork) == instant("2026-03-08T07:30:00Z", newYork))
        // 02:30 does not exist; it is read with the offset before the change (EST): 07:30Z.
        #expect(instant("2026-03-08T02:30:00", newYork) == instant("2026-03-08T07:30:00Z", newYork))
        // Falls back on 2026-11-01 at 02:00 EDT: 01:30 happens twice; the first (EDT, 05:30Z) is used.
        #expect(instant("2026-11-01T01:30:00", newYork) == instant("2026-11-01T05:30:00Z", newYork))
    }
}
