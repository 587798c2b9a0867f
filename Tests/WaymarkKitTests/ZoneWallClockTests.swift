import Testing
@testable import WaymarkKit

/// `Zone.WallClock` places wall times as `Zone.instant(ofNaive:)`, the plain reference, does:
/// around every offset change, at the table's ends, far outside it, in order and out of order,
/// and when one clock serves two zones.
struct ZoneWallClockTests {
    static let day: Int64 = 86_400

    /// Wall times (as `secondsAsUTC`) within two days of each transition, a sweep over 1899–2201,
    /// the table's ends, and seeded ones over years 1–9999.
    static func probes(_ zone: Zone, seed: UInt64) -> [Int64] {
        var probes: [Int64] = []
        for t in zone.transitions.instants {
            for offset in stride(from: -2 * day, through: 2 * day, by: 1_799) { probes.append(t + offset) }
            for offset: Int64 in [-day - 1, -day, -day + 1, -1, 0, 1, day - 1, day, day + 1] { probes.append(t + offset) }
        }
        var s = Zone.Transitions.start - 3 * day
        while s < Zone.Transitions.end + 3 * day {
            probes.append(s)
            s += 21_613
        }
        for edge in [Zone.Transitions.start, Zone.Transitions.end] {
            for offset: Int64 in [-2 * day, -day - 1, -day, -day + 1, -1, 0, 1, day - 1, day, day + 1, 2 * day] { probes.append(edge + offset) }
        }
        var random = SampleRandom(seed: seed)
        let first = CalendarSpan.firstSecond + 2 * day, width = CalendarSpan.lastSecond - 2 * day - first
        for _ in 0..<20_000 { probes.append(first + Int64(random.next() % UInt64(width))) }
        return probes
    }

    @Test(arguments: ["America/New_York", "Asia/Shanghai", "Australia/Lord_Howe", "Pacific/Apia", "Europe/Dublin", "America/St_Johns", "UTC"])
    func placesWallTimesAsTheZoneDoes(identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        let ordered = Self.probes(zone, seed: 7).sorted()
        var shuffled = ordered, random = SampleRandom(seed: 8)
        for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, random.int(i + 1)) }
        for probes in [ordered, shuffled] {
            var clock = Zone.WallClock()
            var mismatches: [Int64] = []
            for n in probes where clock.instant(ofNaive: n, in: zone) != zone.instant(ofNaive: n) { mismatches.append(n) }
            #expect(mismatches.isEmpty, "first: \(mismatches.prefix(3))")
        }
    }

    /// What the clock relies on: every wall time of a steady span is placed by the span's offset.
    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "UTC"])
    func steadySpansHoldThroughout(identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        var random = SampleRandom(seed: 5)
        var spans = 0, mismatches: [Int64] = []
        for n in Self.probes(zone, seed: 6) where random.int(8) == 0 {
            guard let (range, offset) = zone.transitions.steadyWallTimes(around: n) else { continue }
            #expect(range.contains(n))
            spans += 1
            let width = UInt64(range.upperBound - range.lowerBound)
            for m in [range.lowerBound, range.upperBound - 1, n, range.lowerBound + Int64(random.next() % width)]
            where zone.instant(ofNaive: m) != m - Int64(offset) {
                mismatches.append(m)
            }
        }
        #expect(spans > 1_000)
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(3))")
    }

    /// The skipped and repeated hours of New York's 2026 changes, right after times nearby.
    @Test func daylightSavingChangesRightAfterSteadyTimes() throws {
        let newYork = try #require(Zone(identifier: "America/New_York"))
        func naive(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int) throws -> Int64 {
            let date = try #require(LocalDate(year: y, month: m, day: d))
            return try #require(LocalDateTime(date: date, hour: h, minute: min, second: 0)).secondsAsUTC
        }
        var clock = Zone.WallClock()
        for (before, at, expected) in [(try naive(2026, 3, 1, 12, 0), try naive(2026, 3, 8, 2, 30), Int64(1_772_955_000)),
                                       (try naive(2026, 10, 20, 12, 0), try naive(2026, 11, 1, 1, 30), 1_793_511_000),
                                       (try naive(2026, 11, 3, 12, 0), try naive(2026, 11, 1, 2, 0), 1_793_516_400)] {
            _ = clock.instant(ofNaive: before, in: newYork)
            #expect(clock.instant(ofNaive: at, in: newYork) == expected)
        }
    }

    /// A clock that remembers one zone's span does not use it for another zone.
    @Test func oneClockForTwoZones() throws {
        let zones = try ["Asia/Shanghai", "Asia/Kolkata", "America/New_York", "UTC"].map { try #require(Zone(identifier: $0)) }
        var clock = Zone.WallClock(), random = SampleRandom(seed: 3)
        let base: Int64 = 1_500_000_000
        for k in 0..<5_000 {
            let zone = zones[random.int(zones.count)]
            let n = base + Int64(k) * 3_607
            #expect(clock.instant(ofNaive: n, in: zone) == zone.instant(ofNaive: n))
        }
    }
}
