/// Dates written as numbers in the phone's order (Garmin Connect's `07/27/2025` for a US account,
/// Renpho's `17/04/2026` or `2025.12.26`), whose order is decided once per file from its dates.
enum NumericDate {
    enum Order: Equatable { case monthFirst, dayFirst }

    /// The order of `texts` (`a/b/yyyy`): day first when some first part is above 12, month
    /// first when some second part is; month first (the US order) when nothing tells, which
    /// `told` is false for.
    static func order(_ texts: [String]) -> (order: Order, told: Bool) {
        var firstBig = false, secondBig = false
        for text in texts {
            let parts = text.trimmingWhitespace().split(separator: "/")
            guard parts.count == 3, let a = Int(parts[0]), let b = Int(parts[1]) else { continue }
            if a > 12 { firstBig = true }
            if b > 12 { secondBig = true }
        }
        if firstBig && !secondBig { return (.dayFirst, true) }
        return (.monthFirst, secondBig)
    }

    /// `07/27/2025` in `order`, `27.07.2025`, `2025.07.27`, `2025/07/27` or `2025-07-27`.
    static func day(_ text: String, _ order: Order) -> LocalDate? {
        let text = text.trimmingWhitespace()
        if case .day(let day)? = DateTimeText.parse(text) { return day }
        let separator: Character = text.contains(".") ? "." : "/"
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        // Year first: always year, month, day.
        if parts.count == 3, let y = ClockText.digits(parts[0], 4...4), let m = ClockText.digits(parts[1], 1...2),
           let d = ClockText.digits(parts[2], 1...2) {
            return LocalDate(year: y, month: m, day: d)
        }
        guard parts.count == 3, let a = ClockText.digits(parts[0], 1...2), let b = ClockText.digits(parts[1], 1...2),
              let y = ClockText.digits(parts[2], 4...4) else { return nil }
        // A dotted date is always day first.
        return separator == "." || order == .dayFirst ? LocalDate(year: y, month: b, day: a) : LocalDate(year: y, month: a, day: b)
    }
}
