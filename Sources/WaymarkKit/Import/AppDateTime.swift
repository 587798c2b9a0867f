/// The app's own date-time form, `yyyy-MM-ddTHH:mm:ss`, read with a few word operations: nearly
/// every record of an export is written so, and `DateTimeText.parse` (the reference, which reads
/// every form) spends a call and a check per character on it. Records come in time order, a few
/// a day, so the last date read and its day number are kept: the next record's date is then
/// compared whole instead of checked and counted again.
struct AppDateTime {
    /// Bytes in the form.
    static let length = 19
    /// The last date read, `yyyy-MM-` and `dd` as they are read (below); its day number. The
    /// `dd` bytes are compared only after they were checked to be digits, so the 0 before the
    /// first date never matches.
    private var lastYearMonth: UInt64 = 0
    private var lastDay: UInt64 = 0
    private var lastDayNumber = 0

    init() {}

    /// The wall time in the 19 bytes from `start` as `LocalDateTime.secondsAsUTC` gives it, when
    /// they are exactly the app's form and name a real time; nil otherwise, also for other forms
    /// that `DateTimeText.parse` reads (a space for the `T`, an offset after the seconds, which
    /// would follow these bytes and is for the caller to rule out).
    @inline(__always) mutating func seconds(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int64? {
        guard start >= 0, start <= bytes.count - AppDateTime.length, let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base + start)
        // yyyy-MM-  dd'T'HH:mm  and, overlapping, HH:mm:ss (bytes 11 to 18).
        let w1 = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let w2 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let w3 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 11, as: UInt64.self))
        guard Self.matches(w2, digits: Self.timeDigits, separators: Self.timeSeparators, expected: Self.tAndColon),
              Self.matches(w3, digits: Self.timeDigits, separators: Self.timeSeparators, expected: Self.colons) else { return nil }
        let d2 = w2 ^ (Self.timeDigits & Self.zeros), d3 = w3 ^ (Self.timeDigits & Self.zeros)
        let hour = Int(Self.digit(d2, 3) * 10 + Self.digit(d2, 4))
        let minute = Int(Self.digit(d2, 6) * 10 + Self.digit(d2, 7))
        let second = Int(Self.digit(d3, 6) * 10 + Self.digit(d3, 7))
        guard hour <= 23, minute <= 59, second <= 59 else { return nil }
        let time = Int64(hour * 3600 + minute * 60 + second)
        let day = w2 & 0xFFFF
        if w1 == lastYearMonth && day == lastDay { return Int64(lastDayNumber) * 86_400 + time }
        guard Self.matches(w1, digits: Self.dateDigits, separators: Self.dateSeparators, expected: Self.dashes) else { return nil }
        let d1 = w1 ^ (Self.dateDigits & Self.zeros)
        let year = Int(Self.digit(d1, 0) * 1000 + Self.digit(d1, 1) * 100 + Self.digit(d1, 2) * 10 + Self.digit(d1, 3))
        let month = Int(Self.digit(d1, 5) * 10 + Self.digit(d1, 6))
        let dayOfMonth = Int(Self.digit(d2, 0) * 10 + Self.digit(d2, 1))
        guard year >= 1, month >= 1, month <= 12, dayOfMonth >= 1, dayOfMonth <= LocalDate.daysIn(month: month, year: year) else { return nil }
        lastYearMonth = w1
        lastDay = day
        lastDayNumber = LocalDate.dayNumber(year: year, month: month, day: dayOfMonth)
        return Int64(lastDayNumber) * 86_400 + time
    }

    // Byte k of a word is bits 8k to 8k + 7 (the words are read little-endian).
    private static let dateDigits: UInt64 = 0x00FF_FF00_FFFF_FFFF  // yyyy-MM-
    private static let dateSeparators: UInt64 = 0xFF00_00FF_0000_0000
    private static let dashes: UInt64 = 0x2D00_002D_0000_0000
    private static let timeDigits: UInt64 = 0xFFFF_00FF_FF00_FFFF  // dd'T'HH:mm and HH:mm:ss
    private static let timeSeparators: UInt64 = 0x0000_FF00_00FF_0000
    private static let tAndColon: UInt64 = 0x0000_3A00_0054_0000
    private static let colons: UInt64 = 0x0000_3A00_003A_0000
    private static let zeros: UInt64 = 0x3030_3030_3030_3030

    /// Whether the word holds ASCII digits where `digits` has bytes and exactly `expected` where
    /// `separators` has. A byte is a digit when its high half is 3 and adding 6 keeps it so (the
    /// addition cannot carry into the next byte once the first test has passed).
    @inline(__always) private static func matches(_ w: UInt64, digits: UInt64, separators: UInt64, expected: UInt64) -> Bool {
        let highs = digits & 0xF0F0_F0F0_F0F0_F0F0
        return w & (highs | separators) == (digits & zeros) | expected
            && (w &+ (digits & 0x0606_0606_0606_0606)) & highs == digits & zeros
    }

    @inline(__always) private static func digit(_ w: UInt64, _ k: UInt64) -> UInt64 {
        (w >> (8 * k)) & 0xFF
    }
}
