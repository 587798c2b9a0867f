/// Apple Health's dates read straight from the parser's bytes: most records of an export carry a
/// date that is read (steps, energy, distance), and the usual form `2023-12-03 08:15:00 +0100`
/// is turned into an instant without making a string. Any other form, or anything out of the
/// ordinary in this one, goes to `HealthDateText`, so both always agree (a test holds them to it).
enum HealthDateBytes {
    /// Seconds since 1970 UTC, or nil when the bytes are not a date Apple Health writes.
    static func instant(_ bytes: UnsafeRawBufferPointer, zone: Zone) -> Int64? {
        if let fast = usual(bytes) { return fast }
        return HealthDateText.instant(String(decoding: bytes, as: UTF8.self), zone: zone)
    }

    /// `yyyy-MM-dd HH:mm:ss ±hhmm` with every field in range; nil for anything else.
    static func usual(_ b: UnsafeRawBufferPointer) -> Int64? {
        guard b.count == 25, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x20, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x20 else { return nil }
        func digits(_ at: Int, _ width: Int) -> Int? {
            var v = 0
            for k in at..<(at + width) {
                let d = b[k] &- 48
                guard d <= 9 else { return nil }
                v = v * 10 + Int(d)
            }
            return v
        }
        let sign: Int64
        switch b[20] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), let date = LocalDate(year: year, month: month, day: day),
              let hour = digits(11, 2), hour <= 23, let minute = digits(14, 2), minute <= 59, let second = digits(17, 2), second <= 59,
              let offsetHours = digits(21, 2), offsetHours <= 18, let offsetMinutes = digits(23, 2), offsetMinutes <= 59 else { return nil }
        let wall = Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        let instant = wall - sign * Int64(offsetHours * 3600 + offsetMinutes * 60)
        // Out of years 1 to 9999 in UTC: the slow path refuses it with its reasons.
        return CalendarSpan.containsUTC(instant) ? instant : nil
    }
}
