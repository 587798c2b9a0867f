import Foundation

/// Dates and numbers written the way each language writes them ("Nov 29" / "11月29日"),
/// by hand, so no formatter is created per value and output never depends on the machine's locale.
public struct LocaleFormat: Sendable {
    public let language: Language

    public init(_ language: Language) {
        self.language = language
    }

    static let monthsShort = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let monthsLong = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    /// The month names as UTF-8, for the writers that copy bytes (`DateText`, `DateNoBreak`).
    static let monthsShortUTF8: [[UInt8]] = monthsShort.map { Array($0.utf8) }
    static let monthsLongUTF8: [[UInt8]] = monthsLong.map { Array($0.utf8) }
    static let weekdaysEnglish = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let weekdaysChinese = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]

    /// "Nov 29" / "11月29日"
    public func shortDate(_ d: LocalDate) -> String {
        switch language {
        case .en: return DateText.make { $0.month(d.month, long: false); $0.literal(" "); $0.number(d.day) }
        case .zhHans: return DateText.make { $0.number(d.month); $0.literal("月"); $0.number(d.day); $0.literal("日") }
        }
    }

    /// "Nov 29, 2026" / "2026年11月29日"
    public func longDate(_ d: LocalDate) -> String {
        DateText.make { writeLongDate(d, &$0) }
    }

    /// `longDate(d)` appended to `bytes` as UTF-8.
    func appendLongDate(_ d: LocalDate, to bytes: inout [UInt8]) {
        DateText.append(to: &bytes) { writeLongDate(d, &$0) }
    }

    /// `longDate(d)` appended to `bytes` as UTF-8: a date of years 1000–9999 written straight into
    /// its room (a calendar names a day in each of its hundreds of cells), any other as `DateText`.
    func appendLongDate(_ d: LocalDate, to bytes: inout ByteBuffer) {
        guard d.year >= 1000 && d.year <= 9999 else {
            DateText.append(to: &bytes) { writeLongDate(d, &$0) }
            return
        }
        let language = language
        bytes.appendInPlace(maximum: 24) { room in
            var i = 0
            @inline(__always) func put(_ b: UInt8) {
                room[i] = b
                i += 1
            }
            @inline(__always) func upToTwo(_ n: Int) {
                if n >= 10 { put(UInt8(48 + n / 10)) }
                put(UInt8(48 + n % 10))
            }
            @inline(__always) func four(_ n: Int) {
                put(UInt8(48 + n / 1000))
                put(UInt8(48 + n / 100 % 10))
                put(UInt8(48 + n / 10 % 10))
                put(UInt8(48 + n % 10))
            }
            switch language {
            case .en:
                let name = LocaleFormat.monthsShortUTF8[d.month - 1]
                put(name[0]); put(name[1]); put(name[2]); put(UInt8(ascii: " "))
                upToTwo(d.day)
                put(UInt8(ascii: ",")); put(UInt8(ascii: " "))
                four(d.year)
            case .zhHans:
                four(d.year)
                put(0xE5); put(0xB9); put(0xB4)  // 年
                upToTwo(d.month)
                put(0xE6); put(0x9C); put(0x88)  // 月
                upToTwo(d.day)
                put(0xE6); put(0x97); put(0xA5)  // 日
            }
            return i
        }
    }

    private func writeLongDate(_ d: LocalDate, _ text: inout DateText) {
        switch language {
        case .en:
            text.month(d.month, long: false); text.literal(" "); text.number(d.day); text.literal(", "); text.number(d.year)
        case .zhHans:
            text.number(d.year); text.literal("年"); text.number(d.month); text.literal("月"); text.number(d.day); text.literal("日")
        }
    }

    /// "2026" / "2026年": a year named on its own, in a heading or a title (a table's column of
    /// years and a chart's axis keep the bare number).
    public func year(_ year: Int) -> String {
        switch language {
        case .en: return String(year)
        case .zhHans: return String(year) + "年"
        }
    }

    /// "November 2026" / "2026年11月"
    public func monthYear(year: Int, month: Int) -> String {
        switch language {
        case .en: return DateText.make { $0.month(month, long: true); $0.literal(" "); $0.number(year) }
        case .zhHans: return DateText.make { $0.number(year); $0.literal("年"); $0.number(month); $0.literal("月") }
        }
    }

    /// "Nov 2026" / "2026年11月": a month with its year where room is short (a chart's axis).
    public func monthYearShort(year: Int, month: Int) -> String {
        switch language {
        case .en: return DateText.make { $0.month(month, long: false); $0.literal(" "); $0.number(year) }
        case .zhHans: return DateText.make { $0.number(year); $0.literal("年"); $0.number(month); $0.literal("月") }
        }
    }

    /// "Nov" / "11月"
    public func monthShort(_ month: Int) -> String {
        switch language {
        case .en: return LocaleFormat.monthsShort[month - 1]
        case .zhHans: return "\(month)月"
        }
    }

    /// "Mon" / "周一"
    public func weekday(_ d: LocalDate) -> String {
        switch language {
        case .en: return LocaleFormat.weekdaysEnglish[d.weekday - 1]
        case .zhHans: return LocaleFormat.weekdaysChinese[d.weekday - 1]
        }
    }

    /// "20:05"
    public func time(_ t: LocalDateTime) -> String {
        pad(t.hour, 2) + ":" + pad(t.minute, 2)
    }

    /// "Nov 29, 2026 20:05" / "2026年11月29日 20:05"
    public func dateTime(_ t: LocalDateTime) -> String {
        longDate(t.date) + " " + time(t)
    }

    /// A moment in `zone`: date and time, or the date alone for a whole day.
    public func moment(_ m: Moment, in zone: Zone) -> String {
        switch m {
        case .instant(let s): return dateTime(zone.localDateTime(of: s))
        case .day(let d): return longDate(d)
        }
    }

    /// Machine-readable value for `<time datetime>`.
    public static func machine(_ m: Moment, in zone: Zone) -> String {
        switch m {
        case .instant(let s):
            let wall = zone.localDateTime(of: s)
            return wall.description + LocaleFormat.offset(zone.offset(at: s))
        case .day(let d): return d.description
        }
    }

    /// "+08:00"
    public static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let a = abs(seconds)
        return sign + pad(a / 3600, 2) + ":" + pad(a / 60 % 60, 2)
    }

    /// "12,345" (both languages group by thousands with commas).
    public func integer(_ n: Int) -> String {
        // Written as bytes from the right, a comma after every third digit ("−" is 3 bytes).
        let digits = decimalDigitCount(UInt64(n.magnitude))
        let count = digits + (digits - 1) / 3 + (n < 0 ? 3 : 0)
        return String(unsafeUninitializedCapacity: count) { b in
            var m = n.magnitude, i = count - 1, written = 0
            repeat {
                if written > 0 && written % 3 == 0 {
                    b[i] = UInt8(ascii: ",")
                    i -= 1
                }
                b[i] = UInt8(48 + m % 10)
                m /= 10
                i -= 1
                written += 1
            } while m > 0
            if n < 0 { (b[0], b[1], b[2]) = (0xE2, 0x88, 0x92) }
            return count
        }
    }

    /// An amount to at most `places` decimals without trailing zeros, its whole part grouped by
    /// thousands as `integer` groups it: 3866825 → "3,866,825", 6795.833 → "6,795.83", 5.20 → "5.2".
    public func amount(_ x: Double, places: Int = 2) -> String {
        var s = decimal(x, places: places)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        let negative = s.hasPrefix("−")
        let body = negative ? s.dropFirst() : Substring(s)
        let whole = body.prefix { $0 != "." }
        guard whole.count > 3, whole.allSatisfy(\.isASCII), whole.allSatisfy(\.isNumber) else { return s }
        var grouped = negative ? "−" : ""
        for (i, digit) in whole.enumerated() {
            if i > 0 && (whole.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped + body.dropFirst(whole.count)
    }

    /// One decimal, rounded half away from zero: 62.45 → "62.5"; whole values keep ".0".
    public func decimal(_ x: Double, places: Int = 1) -> String {
        LocaleFormat.fixed(x, places: places, minus: "−")
    }

    /// Fixed decimals with a chosen minus sign; shared with machine formats.
    static func fixed(_ x: Double, places: Int, minus: String = "-") -> String {
        guard x.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (x * scale).rounded(.toNearestOrAwayFromZero)
        let negative = scaled < 0
        // Beyond Int64 (a habit target of 1e20 in someone's export) the value is written whole,
        // without decimals, rather than trapping on the conversion.
        guard let magnitude = Int64(exactly: abs(scaled)), magnitude < Int64.max / 10 else {
            return (negative ? minus : "") + String(format: "%.0f", abs(x))
        }
        let whole = magnitude / Int64(scale)
        var out = negative ? minus : ""
        out += String(whole)
        if places > 0 {
            out += "." + pad(Int(magnitude % Int64(scale)), places)
        }
        return out
    }
}
