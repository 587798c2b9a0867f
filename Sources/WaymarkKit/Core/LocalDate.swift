/// A calendar date without a time zone (proleptic Gregorian), e.g. the day a record falls on.
///
/// Arithmetic goes through `dayNumber` (days since 1970-01-01), using Howard Hinnant's civil-date
/// algorithms, so no `Calendar` is needed on hot paths. The day number is kept beside the
/// parts: charts and statistics step through days and compare them far more often than they
/// make a date, and each of those asked for it again (a date is 32 bytes where it was 24; no
/// model keeps one per record).
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int
    /// Days since 1970-01-01 (negative before).
    public let dayNumber: Int

    /// A validated date, or nil when the parts do not name a real day in years 1...9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
        dayNumber = LocalDate.dayNumber(year: year, month: month, day: day)
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
        self.dayNumber = dayNumber
    }

    /// The day number of a date's parts (as `dayNumber`).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        let w = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday (ISO 4)
        return (w < 0 ? w + 7 : w) + 1
    }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// The day after: `adding(days: 1)` from the parts, without the divisions of making a date
    /// from its day number (a calendar names its 371 days one after another).
    public var next: LocalDate {
        if day < 28 || day < LocalDate.daysIn(month: month, year: year) {
            return LocalDate(year: year, month: month, day: day + 1, dayNumber: dayNumber + 1)
        }
        return month < 12 ? LocalDate(year: year, month: month + 1, day: 1, dayNumber: dayNumber + 1)
            : LocalDate(year: year + 1, month: 1, day: 1, dayNumber: dayNumber + 1)
    }

    private init(year: Int, month: Int, day: Int, dayNumber: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.dayNumber = dayNumber
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// The first day of this date's month.
    public var startOfMonth: LocalDate { LocalDate(dayNumber: dayNumber - (day - 1)) }

    /// The Monday on or before this date.
    public var startOfWeek: LocalDate { adding(days: 1 - weekday) }

    /// 1 January of this date's year.
    public var startOfYear: LocalDate {
        var before = day - 1
        for m in 1..<max(1, month) { before += LocalDate.daysIn(month: m, year: year) }
        return LocalDate(dayNumber: dayNumber - before)
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // The day number names the date: equal and ordered as the parts are.
    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber < b.dayNumber }
    public static func == (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber == b.dayNumber }
    public func hash(into hasher: inout Hasher) { hasher.combine(dayNumber) }

    /// `yyyy-MM-dd`.
    public var description: String {
        guard (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else {
            return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        }
        // Written as bytes: dates are formatted for every row of every table.
        return String(unsafeUninitializedCapacity: 10) { b in
            b[0] = UInt8(48 + year / 1000); b[1] = UInt8(48 + year / 100 % 10); b[2] = UInt8(48 + year / 10 % 10); b[3] = UInt8(48 + year % 10)
            b[4] = 0x2D; b[5] = UInt8(48 + month / 10); b[6] = UInt8(48 + month % 10)
            b[7] = 0x2D; b[8] = UInt8(48 + day / 10); b[9] = UInt8(48 + day % 10)
            return 10
        }
    }
}

/// Zero-padded decimal, without Foundation formatting.
@inlinable
func pad(_ value: Int, _ width: Int) -> String {
    if value >= 0 && value < 1_000_000_000_000 && width <= 12 {
        // Digits written from the right, zeros filling the rest of the width.
        let count = max(width, decimalDigitCount(UInt64(value)))
        return String(unsafeUninitializedCapacity: count) { b in
            var m = value
            for i in stride(from: count - 1, through: 0, by: -1) {
                b[i] = UInt8(48 + m % 10)
                m /= 10
            }
            return count
        }
    }
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

/// How many decimal digits `n` has (1 for 0), for numbers written as bytes from the right.
@inlinable
func decimalDigitCount(_ n: UInt64) -> Int {
    var digits = 1, rest = n
    while rest >= 10 {
        rest /= 10
        digits += 1
    }
    return digits
}
