import Testing
@testable import WaymarkKit

/// A point record's date as the fast decoder reads it (`FastRecordDecoder.moment(in:)`: the app's
/// form by `AppDateTime`, wall times placed by `Zone.WallClock`, one decoder for a run of dates as
/// for a file's records) against the plain reference, `DateTimeText.parse` then `moment(in:)` on
/// each date alone: the same moment or the same refusal for every string, in order, out of order
/// and across offset changes.
struct AppDateTimeMomentTests {
    static let zones = ["Europe/London", "America/New_York", "Australia/Lord_Howe", "Asia/Shanghai", "UTC", "Pacific/Apia"]

    /// Whether a string is the app's form, `yyyy-MM-ddTHH:mm:ss` in ASCII digits: these the fast
    /// path must read itself whenever they name a time.
    static func isAppForm(_ text: String) -> Bool {
        let shape = Array("0000-00-00T00:00:00".utf8), bytes = Array(text.utf8)
        guard bytes.count == shape.count else { return false }
        return zip(bytes, shape).allSatisfy { b, s in s == UInt8(ascii: "0") ? (48...57).contains(b) : b == s }
    }

    /// The reference: the string alone, parsed and placed in `zone`.
    static func reference(_ text: String, in zone: Zone) -> Moment? {
        DateTimeText.parse(text)?.moment(in: zone)
    }

    /// Reads each of `texts` (a JSON string's content, without escapes) in turn with one decoder
    /// over one buffer of all of them: `appInstant` first, as a point record does, then
    /// `moment(in:)` where it declines. Returns the strings read otherwise than the reference
    /// reads them, and how many the app's form read.
    static func compare(_ texts: [String], in zone: Zone) -> (mismatches: [String], appForm: Int) {
        var buffer: [UInt8] = [], starts: [Int] = []
        for text in texts {
            starts.append(buffer.count)
            buffer += Array("\"\(text)\",".utf8)
        }
        var mismatches: [String] = [], appForm = 0
        buffer.withUnsafeBufferPointer { bytes in
            var decoder = FastRecordDecoder(bytes, at: 0)
            for (text, start) in zip(texts, starts) {
                decoder.move(to: start)
                let expected = reference(text, in: zone), end = start + text.utf8.count + 2
                if let seconds = decoder.appInstant(in: zone) {
                    appForm += 1
                    if Moment.instant(seconds) != expected || decoder.index != end || !isAppForm(text) { mismatches.append(text) }
                    continue
                }
                // Declined: nothing consumed, and the app's form declined only when it names no time.
                if decoder.index != start || (isAppForm(text) && expected != nil) { mismatches.append(text) }
                let got = decoder.moment(in: zone)
                if got != expected || (got != nil && decoder.index != end) { mismatches.append(text) }
            }
        }
        return (mismatches, appForm)
    }

    /// The app's text of a wall time (`secondsAsUTC`), years 1 to 9999.
    static func text(_ naive: Int64) -> String {
        LocalDateTime(secondsAsUTC: naive).description
    }

    /// A date near the app's form, or another form `DateTimeText` reads, or one it refuses.
    static func variant(_ text: String, _ random: inout SampleRandom) -> String {
        var bytes = Array(text.utf8)
        switch random.int(12) {
        case 0: bytes[10] = random.pick(Array(" tTx".utf8))
        case 1: bytes += Array(random.pick(["Z", "z", "+08:00", "-0530", "+14", "-12:00", ".123", ",5", ".", " ", "  ", "+", "x"]).utf8)
        case 2: bytes.insert(random.pick(Array(" 0".utf8)), at: 0)
        case 3: bytes.removeLast(random.int(20))
        case 4: bytes.replaceSubrange(8..<10, with: Array(random.pick(["28", "29", "30", "31", "00", "32", "99"]).utf8))
        case 5: bytes.replaceSubrange(5..<7, with: Array(random.pick(["00", "02", "12", "13", "20"]).utf8))
        case 6: bytes.replaceSubrange(11..<13, with: Array(random.pick(["00", "23", "24", "25", "99"]).utf8))
        case 7:
            let place = 14 + 3 * random.int(2)  // minutes or seconds
            bytes.replaceSubrange(place..<place + 2, with: Array(random.pick(["59", "60", "61", "99"]).utf8))
        case 8: bytes.replaceSubrange(0..<4, with: Array(random.pick(["0000", "0001", "0999", "1000", "1899", "1900", "2100", "2199",
                                                                      "2200", "2400", "9999"]).utf8))
        case 9: bytes.replaceSubrange(0..<4, with: Array(random.pick(["10000", "999", "+2016", "-2016", "٢٠١٦"]).utf8))
        default:
            for _ in 0..<(1 + random.int(2)) {
                bytes[random.int(bytes.count)] = random.pick(Array("0123456789-T: /.xZ".utf8) + [0x7F, 0xC3])
            }
        }
        // No tab (a JSON string holds one only escaped, which the fast path hands over whole), and
        // a byte that ends no UTF-8 character made one, as in a file the general decoder reads.
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs of the zone's records, as a file holds them: 60 from two or three days before an
    /// offset change (or the zone table's ends, or a time in years 1–9999), seconds to hours
    /// apart (about two days after it at the end), sometimes the same time again, a day later or
    /// an earlier time; one in six a variant of its date.
    static func texts(in zone: Zone, seed: UInt64) -> [String] {
        var random = SampleRandom(seed: seed)
        let day: Int64 = 86_400
        let instants = zone.transitions.instants
        var centres: [Int64] = [Zone.Transitions.start, Zone.Transitions.end]
        for _ in 0..<min(80, instants.count) { centres.append(random.pick(instants)) }
        // Apia's day that was skipped, 2011-12-30, and the hour around New York's 2026 changes.
        centres += [1_325_239_200, 1_772_953_200, 1_793_512_800]
        for _ in 0..<(20 + 80 - min(80, instants.count)) { centres.append(Int64(random.next() % 3_000_000_000) - 600_000_000) }
        for _ in 0..<10 { centres.append(CalendarSpan.firstSecond + 3 * day + Int64(random.next() % 300_000_000_000)) }
        var texts: [String] = []
        for centre in centres {
            var naive = centre - 2 * day - Int64(random.int(Int(day)))
            for _ in 0..<60 {
                naive = min(max(naive, CalendarSpan.firstSecond), CalendarSpan.lastSecond)
                let plain = text(naive)
                texts.append(random.int(6) == 0 ? variant(plain, &random) : plain)
                switch random.int(20) {
                case 0: naive -= Int64(random.int(Int(2 * day)))
                case 1: break
                case 2: naive += day
                case 3: naive += Int64(random.int(60))
                default: naive += Int64(random.int(4 * 3600))
                }
            }
        }
        return texts
    }

    @Test(arguments: zip(zones, 1...6))
    func runsOfDatesAsEachAloneReads(identifier: String, seed: Int) throws {
        let zone = try #require(Zone(identifier: identifier))
        let texts = Self.texts(in: zone, seed: UInt64(seed))
        let (mismatches, appForm) = Self.compare(texts, in: zone)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(texts.count), first: \(mismatches.prefix(3))")
        // Most are the app's form, read by the fast path; a good share are not.
        #expect(appForm > texts.count * 3 / 4 && appForm < texts.count * 19 / 20, "\(appForm) of \(texts.count)")
    }

    /// The same dates shuffled: each record's day and offset unrelated to the one before.
    @Test(arguments: zip(zones, 11...16))
    func shuffledDatesAsEachAloneReads(identifier: String, seed: Int) throws {
        let zone = try #require(Zone(identifier: identifier))
        var texts = Self.texts(in: zone, seed: UInt64(seed)), random = SampleRandom(seed: UInt64(seed))
        for i in stride(from: texts.count - 1, to: 0, by: -1) { texts.swapAt(i, random.int(i + 1)) }
        let (mismatches, appForm) = Self.compare(texts, in: zone)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(texts.count), first: \(mismatches.prefix(3))")
        #expect(appForm > texts.count * 3 / 4)
    }

    /// A date at the end of the bytes: read when its closing quote is there, declined (nothing
    /// consumed, nothing read past the end) when the file stops anywhere before it.
    @Test func dateCutOffByTheEndOfTheFile() throws {
        let zone = try #require(Zone(identifier: "Europe/London"))
        let whole = Array(#""2024-03-31T01:30:00""#.utf8)
        for end in 0...whole.count {
            let bytes = Array(whole[..<end])
            bytes.withUnsafeBufferPointer { buffer in
                var decoder = FastRecordDecoder(buffer, at: 0)
                let got = decoder.appInstant(in: zone)
                #expect(got == (end == whole.count ? 1_711_848_600 : nil), "cut at \(end)")
                #expect(decoder.index == (got == nil ? 0 : end))
                var general = FastRecordDecoder(buffer, at: 0)
                #expect(general.moment(in: zone) == (end == whole.count ? .instant(1_711_848_600) : nil), "cut at \(end)")
            }
        }
    }

    /// Wall times worked out by hand, read alone and after the same time one or two days before
    /// (which leaves the clock a span ending a day short of the change, when there is one):
    /// - 2024-03-31 is day 19,813 (54 years of 365 days and 13 leap days to 2024-01-01: 19,723;
    ///   then 31 + 29 + 30 days). London's clocks go from 01:00 GMT to 02:00 BST that night, so
    ///   01:30 is skipped and read with GMT, the offset before: 19,813 × 86,400 + 5,400 =
    ///   1,711,848,600.
    /// - 2024-10-27 (day 19,813 + 1 + 30 + 31 + 30 + 31 + 31 + 30 + 26 = 20,023): 01:00–02:00 BST
    ///   comes again as GMT; 01:30 is its first time, BST: 20,023 × 86,400 + 5,400 − 3,600 =
    ///   1,729,989,000.
    /// - New York's clocks go from 02:00 EST (−05:00) to 03:00 EDT (−04:00) on 2026-03-08, day
    ///   20,520 (2026-01-01: 56 × 365 + 14 leap days = 20,454; then 31 + 28 + 7): 04:00 is EDT,
    ///   20,520 × 86,400 + 14,400 + 14,400 = 1,772,956,800, though the day before at 04:00 was
    ///   EST and the change comes only at 07:00 UTC.
    /// - Lord Howe's clocks go from 02:00 (+10:30) to 02:30 (+11:00) on 2024-10-06 (day 20,002):
    ///   02:15 is skipped, read with +10:30: 20,002 × 86,400 + 8,100 − 37,800 = 1,728,143,100.
    /// - Apia skipped 2011-12-30 (day 15,338), from −10:00 straight to +14:00: its noon is read
    ///   with −10:00, 15,338 × 86,400 + 43,200 + 36,000 = 1,325,282,400; the next midnight, with
    ///   +14:00, 15,339 × 86,400 − 50,400 = 1,325,239,200, an earlier instant.
    /// - Shanghai, +08:00 since 1991: 2016-12-02 (day 17,137) 07:10:51 is 17,137 × 86,400 +
    ///   25,851 − 28,800 = 1,480,633,851.
    /// - UTC: 2000-02-29 (day 11,016) at noon is 951,825,600; 0001-01-01 is day −719,162,
    ///   −62,135,596,800; 9999-12-31 is day 2,932,896, and 23:59:59 is 253,402,300,799.
    @Test func wallTimesWorkedOutByHand() throws {
        let cases: [(String, String, Int64)] = [
            ("Europe/London", "2024-03-31T01:30:00", 1_711_848_600), ("Europe/London", "2024-10-27T01:30:00", 1_729_989_000),
            ("America/New_York", "2026-03-08T04:00:00", 1_772_956_800), ("Australia/Lord_Howe", "2024-10-06T02:15:00", 1_728_143_100),
            ("Pacific/Apia", "2011-12-30T12:00:00", 1_325_282_400), ("Pacific/Apia", "2011-12-31T00:00:00", 1_325_239_200),
            ("Asia/Shanghai", "2016-12-02T07:10:51", 1_480_633_851), ("UTC", "2000-02-29T12:00:00", 951_825_600),
            ("UTC", "0001-01-01T00:00:00", -62_135_596_800), ("UTC", "9999-12-31T23:59:59", 253_402_300_799),
        ]
        for (identifier, text, expected) in cases {
            let zone = try #require(Zone(identifier: identifier))
            guard case .wallTime(let wall)? = DateTimeText.parse(text) else {
                Issue.record("not a wall time: \(text)")
                continue
            }
            let days = [1, 2].map { LocalDateTime(secondsAsUTC: wall.secondsAsUTC - $0 * 86_400).description }
            for texts in [[text], [days[0], text], [days[1], text]] {
                var buffer: [UInt8] = [], starts: [Int] = []
                for t in texts {
                    starts.append(buffer.count)
                    buffer += Array("\"\(t)\",".utf8)
                }
                let got = buffer.withUnsafeBufferPointer { bytes -> Int64? in
                    var decoder = FastRecordDecoder(bytes, at: 0)
                    for start in starts.dropLast() {
                        decoder.move(to: start)
                        _ = decoder.moment(in: zone)
                    }
                    decoder.move(to: starts[starts.count - 1])
                    return decoder.appInstant(in: zone)
                }
                #expect(got == expected, "\(identifier) \(texts)")
            }
        }
    }
}
