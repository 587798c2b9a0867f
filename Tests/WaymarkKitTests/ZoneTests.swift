import Testing
@testable import WaymarkKit

struct ZoneTests {
    @Test func datesAndPaddingWrittenAsBytes() {
        func reference(_ v: Int, _ w: Int) -> String {
            let d = String(v)
            return d.count >= w ? d : String(repeating: "0", count: w - d.count) + d
        }
        for v in [0, 1, 9, 10, 99, 100, 2026, 99_999, 123_456_789, 999_999_999_999, 1_000_000_000_000, -5, Int.max] {
            for w in [0, 1, 2, 4, 12, 13] {
                #expect(pad(v, w) == reference(v, w), "\(v) \(w)")
            }
        }
        var random = SampleRandom(seed: 11)
        for _ in 0..<2_000 {
            let date = LocalDate(dayNumber: random.int(4_000_000) - 1_000_000)
            #expect(date.description == reference(date.year, 4) + "-" + reference(date.month, 2) + "-" + reference(date.day, 2))
        }
        #expect(LocalDate(dayNumber: 0).description == "1970-01-01")
        #expect(LocalDate(year: 9999, month: 12, day: 31)?.description == "9999-12-31")
    }

    @Test func dayNumbersWithoutBuildingDates() throws {
        let zones = try ["Asia/Shanghai", "America/St_Johns", "Pacific/Kiritimati", "UTC"].map { try #require(Zone(identifier: $0)) }
        // Around midnight in each zone, before and after 1970, and whole days.
        for zone in zones {
            for seconds in stride(from: Int64(-90_000), through: 1_800_000_000, by: 86_399 * 97 + 13) {
                for delta: Int64 in [-1, 0, 1] {
                    let moment = Moment.instant(seconds + delta)
                    #expect(moment.dayNumber(in: zone) == moment.localDate(in: zone).dayNumber)
                }
            }
            #expect(Moment.day(LocalDate(year: 1969, month: 12, day: 31)!).dayNumber(in: zone) == -1)
            for seconds in stride(from: Int64(-200_000), through: 1_800_000_000, by: 3_599 * 131 + 7) {
                #expect(zone.hour(of: seconds) == zone.localDateTime(of: seconds).hour)
            }
        }
        let shanghai = zones[0]
        // 1970-01-01T00:00+08:00 is the first second of day 0 there, 16:00 UTC the day before.
        #expect(Moment.instant(-8 * 3600).dayNumber(in: shanghai) == 0)
        #expect(Moment.instant(-8 * 3600 - 1).dayNumber(in: shanghai) == -1)
        // 1969-12-31T23:59:59Z is 07:59:59 in Shanghai, 1970-01-01T00:00:00Z 08:00.
        #expect(shanghai.hour(of: -1) == 7 && shanghai.hour(of: 0) == 8 && Zone.utc.hour(of: -1) == 23)
        #expect(Streaks.current(today: 10) { $0 >= 7 && $0 != 10 } == 3)  // 9, 8, 7: today not yet scored
        #expect(Streaks.longest(from: 0, to: 9) { $0 % 4 != 3 } == 3)
    }

    @Test(arguments: ["Asia/Shanghai", "America/New_York", "Europe/Moscow", "Pacific/Apia", "Australia/Lord_Howe",
                      "Asia/Kolkata", "America/Sao_Paulo", "Pacific/Chatham", "UTC"])
    func transitionTableAgreesWithFoundation(identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        // Every 3 hours plus a prime number of seconds, 1950-2040, and both sides of the table's span.
        var s: Int64 = -631_152_000
        var mismatches = 0
        while s < 2_208_988_800 {
            if zone.offset(at: s) != zone.foundationOffset(at: s) { mismatches += 1 }
            s += 10_807
        }
        #expect(mismatches == 0)
        for edge: Int64 in [-2_208_988_801, -2_208_988_800, 7_258_118_399, 7_258_118_400, -62_135_596_800, 253_402_300_799] {
            #expect(zone.offset(at: edge) == zone.foundationOffset(at: edge))
        }
    }

    @Test(arguments: ["America/New_York", "Europe/Moscow", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata", "UTC"])
    func spanIndexAgreesWithTheBinarySearch(identifier: String) throws {
        let table = try #require(Zone(identifier: identifier)).transitions
        // Each transition and the seconds either side of it, where the two could part.
        var probes: [Int64] = []
        for t in table.instants { probes += [t - 1, t, t + 1] }
        // Every span's first and last second, and a seeded spread over the whole table.
        let spanLength: Int64 = 1 << Zone.Transitions.spanShift
        var start = Zone.Transitions.start
        while start < Zone.Transitions.end { probes += [start, start + spanLength - 1]; start += spanLength }
        var numbers = SeededNumbers(state: 11)
        let width = Zone.Transitions.end - Zone.Transitions.start
        for _ in 0..<20_000 {
            let draw = Int64(numbers.next(1 << 30)) << 4 | Int64(numbers.next(16))
            probes.append(Zone.Transitions.start + draw % width)
        }
        probes += [Zone.Transitions.start - 1, Zone.Transitions.end, Zone.Transitions.end - 1, .min, .max]
        var mismatches: [Int64] = []
        for s in probes where table.offset(at: s) != table.searchedOffset(at: s) { mismatches.append(s) }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(3))")
        if identifier == "America/New_York" {
            // 2026-03-08 07:00 UTC: EST (-5 h) ends at that second and EDT (-4 h) begins.
            #expect(table.offset(at: 1_772_953_199) == -18_000 && table.offset(at: 1_772_953_200) == -14_400)
            #expect(table.instants.count > 400)
        }
    }

    @Test func wallTimesThroughDaylightSavingChanges() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        func instant(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int) throws -> Int64 {
            let date = try #require(LocalDate(year: y, month: m, day: d))
            return newYork.instant(of: try #require(LocalDateTime(date: date, hour: h, minute: min, second: 0)))
        }
        // Worked out by hand from the US rules for 2026 (clocks forward on March 8 at 02:00 EST,
        // back on November 1 at 02:00 EDT); 2026-07-01T16:00:00Z is 1,782,921,600.
        #expect(try instant(2026, 7, 1, 12, 0) == 1_782_921_600)  // EDT, UTC-4
        #expect(try instant(2026, 1, 15, 9, 30) == 1_768_487_400)  // EST, UTC-5: 14:30Z
        // 02:30 on March 8 does not exist: read with the offset before the change, UTC-5, so
        // 07:30Z, which the clocks show as 03:30 EDT.
        #expect(try instant(2026, 3, 8, 2, 30) == 1_772_955_000)
        // 01:30 on November 1 happens twice: the first time, in EDT (05:30Z).
        #expect(try instant(2026, 11, 1, 1, 30) == 1_793_511_000)
        #expect(try instant(2026, 11, 1, 0, 59) == 1_793_509_140)
        #expect(try instant(2026, 11, 1, 2, 0) == 1_793_516_400)  // EST again: 07:00Z
    }
}
