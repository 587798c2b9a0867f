/// Small pieces of the date and time forms weight apps write besides ISO 8601
/// (`01/05/20` and `07:32:11` in Fitbit's files, `19.11.2020 08:00` in openScale's).
enum ClockText {
    /// A run of ASCII digits whose length is in `width`, as a number (`Int("+1")` would accept a sign).
    static func digits(_ text: Substring, _ width: ClosedRange<Int>) -> Int? {
        guard width.contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }

    /// `HH:mm:ss` or `HH:mm` on `day`.
    static func wallTime(_ day: LocalDate, _ text: Substring) -> LocalDateTime? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), let hour = digits(parts[0], 1...2), let minute = digits(parts[1], 2...2) else { return nil }
        var second = 0
        if parts.count == 3 {
            guard let s = digits(parts[2], 2...2) else { return nil }
            second = s
        }
        return LocalDateTime(date: day, hour: hour, minute: minute, second: second)
    }

    /// `08:23:40`, `9:34:26 AM`, `12:05 am` on `day`.
    static func clock(_ day: LocalDate, _ text: String) -> LocalDateTime? {
        var text = text.trimmingWhitespace().lowercased()
        var shift: Int?
        for (suffix, hours) in [("am", 0), ("pm", 12)] where text.hasSuffix(suffix) {
            text = String(text.dropLast(2)).trimmingWhitespace()
            shift = hours
        }
        guard var wall = ClockText.wallTime(day, Substring(text)) else { return nil }
        if let shift {
            guard (1...12).contains(wall.hour) else { return nil }
            wall = LocalDateTime(date: day, hour: wall.hour % 12 + shift, minute: wall.minute, second: wall.second) ?? wall
        }
        return wall
    }
}
