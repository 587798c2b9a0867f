import Testing
@testable import WaymarkKit

/// `AppDateTime` reads the app's `yyyy-MM-ddTHH:mm:ss` exactly as `DateTimeText.parse`, the
/// plain reference, does: the same wall time for every text of that shape it reads as a wall
/// time, nil for every other text.
struct AppDateTimeTests {
    /// The reference: a wall time from `DateTimeText.parse` for a text of the app's shape
    /// (ASCII digits and those separators at those places), nil for anything else.
    static func reference(_ bytes: [UInt8]) -> Int64? {
        let shape = Array("0000-00-00T00:00:00".utf8)
        guard bytes.count == shape.count else { return nil }
        for (b, s) in zip(bytes, shape) where s == UInt8(ascii: "0") ? !(48...57).contains(b) : b != s { return nil }
        guard case .wallTime(let wall)? = bytes.withUnsafeBufferPointer({ DateTimeText.parse(bytes: $0) }) else { return nil }
        return wall.secondsAsUTC
    }

    static func fast(_ bytes: [UInt8], at start: Int = 0) -> Int64? {
        var reader = AppDateTime()
        return bytes.withUnsafeBufferPointer { reader.seconds(in: $0, at: start) }
    }

    static func text(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> [UInt8] {
        func digits(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return Array("\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))T\(digits(hour, 2)):\(digits(minute, 2)):\(digits(second, 2))".utf8)
    }

    @Test func everyNinetySeventhDayOfTheCalendar() {
        var mismatches: [String] = [], read = 0
        var day = LocalDate(year: 1, month: 1, day: 1)!.dayNumber, k = 0
        while day <= LocalDate(year: 9999, month: 12, day: 31)!.dayNumber {
            let date = LocalDate(dayNumber: day)
            let bytes = Self.text(date.year, date.month, date.day, k % 24, k * 7 % 60, k * 13 % 60)
            let got = Self.fast(bytes)
            if got == nil || got != Self.reference(bytes) { mismatches.append(String(decoding: bytes, as: UTF8.self)) }
            read += 1
            day += 97
            k += 1
        }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(3))")
        #expect(read > 37_000)
    }

    @Test func edgesOfEachField() {
        var cases: [[UInt8]] = []
        for year in [0, 1, 4, 100, 1900, 2000, 2004, 2100, 2400, 9999] {
            for (month, day) in [(0, 1), (1, 0), (1, 31), (1, 32), (2, 28), (2, 29), (2, 30), (4, 30), (4, 31), (12, 31), (13, 1), (99, 99)] {
                for (hour, minute, second) in [(0, 0, 0), (23, 59, 59), (24, 0, 0), (23, 60, 0), (23, 59, 60), (99, 99, 99)] {
                    cases.append(Self.text(year, month, day, hour, minute, second))
                }
            }
        }
        var reads = 0
        for bytes in cases {
            let expected = Self.reference(bytes)
            #expect(Self.fast(bytes) == expected, "\(String(decoding: bytes, as: UTF8.self))")
            if expected != nil { reads += 1 }
        }
        #expect(reads >= 80 && reads < cases.count / 2, "\(reads) of \(cases.count)")
    }

    /// Each byte of a good text replaced by bytes near the digits and separators, and by bytes
    /// that are not ASCII: one wrong byte anywhere must be refused.
    @Test func everyByteReplaced() {
        let replacements: [UInt8] = [0x00, 0x09, 0x20, 0x22, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x30, 0x31, 0x35, 0x39, 0x3A, 0x3B, 0x40,
                                     0x41, 0x54, 0x5A, 0x74, 0x7A, 0x7F, 0x80, 0xB0, 0xB9, 0xC0, 0xE0, 0xF0, 0xFF]
        for base in [Self.text(2016, 12, 2, 7, 10, 51), Self.text(2000, 2, 29, 23, 59, 59), Self.text(1, 1, 1, 0, 0, 0)] {
            for place in base.indices {
                for byte in replacements {
                    var bytes = base
                    bytes[place] = byte
                    #expect(Self.fast(bytes) == Self.reference(bytes), "\(byte) at \(place) of \(String(decoding: base, as: UTF8.self))")
                }
            }
        }
    }

    @Test func seededTextsOfTheShapesAlphabet() {
        var random = SampleRandom(seed: 97)
        let alphabet = Array("0123456789-T: ".utf8) + Array("0123456789".utf8)
        let base = Self.text(2016, 12, 2, 7, 10, 51)
        var mismatches = 0, reads = 0
        for _ in 0..<100_000 {
            var bytes = base
            for _ in 0..<(1 + random.int(3)) { bytes[random.int(bytes.count)] = random.pick(alphabet) }
            let expected = Self.reference(bytes)
            if Self.fast(bytes) != expected { mismatches += 1 }
            if expected != nil { reads += 1 }
        }
        #expect(mismatches == 0)
        #expect(reads > 10_000)
    }

    /// Only the 19 bytes from `start` are read: nil when fewer are there.
    @Test func readsOnlyWithinTheBytes() {
        let bytes = Array("xx".utf8) + Self.text(2016, 12, 2, 7, 10, 51) + Array("yy".utf8)
        #expect(Self.fast(bytes, at: 2) == Self.reference(Array(bytes[2..<21])))
        #expect(Self.fast(bytes, at: 2) != nil)
        #expect(Self.fast(Array(bytes[..<20]), at: 2) == nil)
        #expect(Self.fast(bytes, at: 4) == nil)
        #expect(Self.fast(bytes, at: -1) == nil)
        #expect(Self.fast(bytes, at: bytes.count) == nil)
        #expect(Self.fast([], at: 0) == nil)
    }

    /// One reader for a run of texts, as for a file's records: a date kept from the text before
    /// serves only the same date, whatever changes in the text after it.
    @Test func oneReaderForARunOfTexts() {
        var random = SampleRandom(seed: 98)
        var reader = AppDateTime()
        var previous = Self.text(2016, 12, 2, 7, 10, 51)
        let alphabet = Array("0123456789-T:x".utf8)
        var mismatches: [String] = [], reads = 0
        for _ in 0..<200_000 {
            var bytes = previous
            switch random.int(4) {
            case 0: bytes = Self.text(1 + random.int(9999), 1 + random.int(13), random.int(32), random.int(25), random.int(61), random.int(61))
            case 1: bytes[11 + random.int(8)] = random.pick(alphabet)  // the time only
            default: bytes[random.int(bytes.count)] = random.pick(alphabet)
            }
            let expected = Self.reference(bytes)
            if bytes.withUnsafeBufferPointer({ reader.seconds(in: $0, at: 0) }) != expected { mismatches.append(String(decoding: bytes, as: UTF8.self)) }
            if expected != nil {
                reads += 1
                previous = bytes
            }
        }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(3))")
        #expect(reads > 50_000)
    }
}
