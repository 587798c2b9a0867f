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
