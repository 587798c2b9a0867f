/// Reads the date-time forms an export may use, by hand (no formatter per record):
///
/// - `yyyy-MM-dd'T'HH:mm:ss`: wall time in the export's time zone (the app's own format)
/// - `yyyy-MM-dd HH:mm:ss`: the same with a space
/// - `yyyy-MM-dd`: the whole day
/// - either of the first two followed by `Z` or an offset (`+08:00`, `+0800`, `+08`)
///
/// Seconds and fractions of a second are optional (fractions are dropped); years run 1 to 9999,
/// and a time with an offset must fall in them in UTC as well: `0001-01-01T00:00:00+14:00` is
/// 31 December of year 0 in UTC and is refused, as `9999-12-31T23:00:00-12:00` (year 10000) is.
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
        let parsed = parseAnyInstant(bytes: all)
        if case .instant(let seconds)? = parsed, !CalendarSpan.containsUTC(seconds) { return nil }
        return parsed
    }

    /// Why `text` is refused when the reason is that its offset moves it out of years 1 to 9999
    /// in UTC, to add to a "not a date-time" message; empty for any other text.
    public static func spanNote(_ text: String) -> String {
        var text = text
        guard case .instant(let seconds)? = text.withUTF8({ parseAnyInstant(bytes: $0) }), !CalendarSpan.containsUTC(seconds) else { return "" }
        return "; that is \(LocalDateTime(secondsAsUTC: seconds))Z, \(seconds < 0 ? "before year 1" : "after year 9999") in UTC, and Waymark reads years 1 to 9999"
    }

    /// `parse` without the check that an instant lies in years 1 to 9999 in UTC.
    private static func parseAnyInstant(bytes all: UnsafeBufferPointer<UInt8>) -> Parsed? {
        var lo = 0, hi = all.count
        while hi > lo, all[hi - 1] == 0x20 || all[hi - 1] == 0x09 { hi -= 1 }
        while lo < hi, all[lo] == 0x20 || all[lo] == 0x09 { lo += 1 }
        let s = UnsafeBufferPointer(rebasing: all[lo..<hi])
        // A cursor value rather than functions capturing `i`: a captured variable is checked for
        // exclusive access at run time on every use, a large part of parsing a date.
        var c = Cursor(s: s)

        guard let year = c.number(4), c.expect(UInt8(ascii: "-")), let month = c.number(2), c.expect(UInt8(ascii: "-")),
              let day = c.number(2), let date = LocalDate(year: year, month: month, day: day) else { return nil }
        if c.i == s.count { return .day(date) }
        guard c.expect(UInt8(ascii: "T")) || c.expect(UInt8(ascii: " ")) || c.expect(UInt8(ascii: "t")) else { return nil }
        guard let hour = c.number(2), c.expect(UInt8(ascii: ":")), let minute = c.number(2) else { return nil }
        var second = 0
        if c.expect(UInt8(ascii: ":")) {
            guard let sec = c.number(2) else { return nil }
            second = sec
            if c.expect(UInt8(ascii: ".")) || c.expect(UInt8(ascii: ",")) {
                let start = c.i
                while c.i < s.count, s[c.i] >= 48, s[c.i] <= 57 { c.i += 1 }
                guard c.i > start else { return nil }
            }
        }
        guard let wall = LocalDateTime(date: date, hour: hour, minute: minute, second: second) else { return nil }
        if c.i == s.count { return .wallTime(wall) }

        // Zone designator.
        if c.expect(UInt8(ascii: "Z")) || c.expect(UInt8(ascii: "z")) {
            return c.i == s.count ? .instant(wall.secondsAsUTC) : nil
        }
        let sign: Int
        if c.expect(UInt8(ascii: "+")) { sign = 1 } else if c.expect(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let offsetHours = c.number(2) else { return nil }
        var offsetMinutes = 0
        if c.i < s.count {
            _ = c.expect(UInt8(ascii: ":"))
            guard let m = c.number(2) else { return nil }
            offsetMinutes = m
        }
        guard c.i == s.count, offsetHours <= 18, offsetMinutes <= 59 else { return nil }
        let offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        return .instant(wall.secondsAsUTC - Int64(offset))
    }
}

/// Reads a date-time left to right.
private struct Cursor {
    let s: UnsafeBufferPointer<UInt8>
    var i = 0

    /// `width` digits as a number, consumed; nil when they are not all digits.
    mutating func number(_ width: Int) -> Int? {
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

    /// Whether the next byte is `c`, consumed if so.
    mutating func expect(_ c: UInt8) -> Bool {
        guard i < s.count, s[i] == c else { return false }
        i += 1
        return true
    }
}
