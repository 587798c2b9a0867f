/// Dates in HTTP headers (RFC 9110, section 5.6.7): written as IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`); read in that form and the two obsolete ones that
/// recipients must still accept (RFC 850 and asctime).
enum HTTPDate {
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `seconds` since 1970 as an IMF-fixdate.
    static func format(_ seconds: Int64) -> String {
        let (days, rest) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let day = rest < 0 ? days - 1 : days
        let second = rest < 0 ? rest + 86_400 : rest
        let date = LocalDate(dayNumber: Int(day))
        return "\(weekdays[date.weekday - 1]), \(pad(date.day, 2)) \(months[date.month - 1]) \(pad(date.year, 4)) "
            + "\(pad(Int(second / 3600), 2)):\(pad(Int(second / 60 % 60), 2)):\(pad(Int(second % 60), 2)) GMT"
    }

    /// The seconds since 1970 a header date names; nil when it is in none of the three forms.
    static func parse(_ text: String) -> Int64? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var day: Int?, month: Int?, year: Int?, time: String?
        switch parts.count {
        case 6 where parts[0].hasSuffix(",") && parts[5] == "GMT":  // Sun, 06 Nov 1994 08:49:37 GMT
            (day, month, year, time) = (Int(parts[1]), months.firstIndex(of: parts[2]), Int(parts[3]), parts[4])
        case 4 where parts[0].hasSuffix(",") && parts[3] == "GMT":  // Sunday, 06-Nov-94 08:49:37 GMT
            let date = parts[1].split(separator: "-").map(String.init)
            guard date.count == 3, date[2].count == 2, let yy = Int(date[2]) else { return nil }
            // RFC 9110: a two-digit year more than 50 years in the future is in the past century;
            // without a clock here, 70–99 are 19xx, as in most servers.
            (day, month, year, time) = (Int(date[0]), months.firstIndex(of: date[1]), yy < 70 ? 2000 + yy : 1900 + yy, parts[2])
        case 5:  // Sun Nov  6 08:49:37 1994
            (day, month, year, time) = (Int(parts[2]), months.firstIndex(of: parts[1]), Int(parts[4]), parts[3])
        default:
            return nil
        }
        guard let day, let month, let year, let time, let date = LocalDate(year: year, month: month + 1, day: day) else { return nil }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard clock.count == 3, let h = clock[0], let m = clock[1], let s = clock[2],
              (0...23).contains(h), (0...59).contains(m), (0...60).contains(s) else { return nil }
        return Int64(date.dayNumber) * 86_400 + Int64(h * 3600 + m * 60 + s)
    }
}
