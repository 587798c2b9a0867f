/// Reads the date-time forms an export may use, by hand (no formatter per record):
///
/// - `yyyy-MM-dd'T'HH:mm:ss`: wall time in the export's time zone (the app's own format)
/// - `yyyy-MM-dd HH:mm:ss`: the same with a space
/// - `yyyy-MM-dd`: the whole day
/// - either of the first two followed by `Z` or an offset (`+08:00`, `+0800`, `+08`)
///
/// Seconds and fractions of a second are optional (fractions are dropped); years run 1 to 9999.
public enum DateTimeText {
    public enum Parsed: Equatable, Sendable {
        case wallTime(LocalDateTime)
        case instant(Int64)
        case day(LocalDate)

        /// The moment this text names, reading wall times in `zone`.
        public func moment(in zone: Zone) -> Moment {
            switch self {
            case .wallTime(let wall): return .instant(zone.instant(of: wall))
            case .instant(let seconds): return .instant(seconds)
            case .day(let date): return .day(date)
            }
        }
    }

    public static func parse(_ text: String) -> Parsed? {
        var text = text
        // Parse the UTF-8 bytes in place; a native string always has contiguous storage.
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes all: UnsafeBufferPointer<UInt8>) -> Parsed? {
        var lo = 0, hi = all.count
        while hi > lo, all[hi - 1] == 0x20 || all[hi - 1] == 0x09 { hi -= 1 }
        while lo < hi, all[lo] == 0x20 || all[lo] == 0x09 { lo += 1 }
        let s = UnsafeBufferPointer(rebasing: all[lo..<hi])
        var i = 0

        func number(_ width: Int) -> Int? {
            guard i + width <= s.count else { return nil }
            var v = 0
            for k in 0..<width {
                let b = s[i + k]
                guard b >= 48 && b <= 57 else { return nil }
                v = v * 10 + Int(b - 48)
            }
            i += width
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < s.count, s[i] == c else { return false }
            i += 1
            return true
        }

        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), let date = LocalDate(year: year, month: month, day: day) else { return nil }
        if i == s.count { return .day(date) }
        guard expect(UInt8(ascii: "T")) || expect(UInt8(ascii: " ")) || expect(UInt8(ascii: "t")) else { return nil }
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2) else { return nil }
        var second = 0
        if expect(UInt8(ascii: ":")) {
            guard let sec = number(2) else { return nil }
            second = sec
            if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
                let start = i
                while i < s.count, s[i] >= 48, s[i] <= 57 { i += 1 }
                guard i > start else { return nil }
            }
        }
        guard let wall = LocalDateTime(date: date, hour: hour, minute: minute, second: second) else { return nil }
        if i == s.count { return .wallTime(wall) }

        // Zone designator.
        if expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) {
            return i == s.count ? .instant(wall.secondsAsUTC) : nil
        }
        let sign: Int
        if expect(UInt8(ascii: "+")) { sign = 1 } else if expect(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let offsetHours = number(2) else { return nil }
        var offsetMinutes = 0
        if i < s.count {
            _ = expect(UInt8(ascii: ":"))
            guard let m = number(2) else { return nil }
            offsetMinutes = m
        }
        guard i == s.count, offsetHours <= 18, offsetMinutes <= 59 else { return nil }
        let offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        return .instant(wall.secondsAsUTC - Int64(offset))
    }
}
