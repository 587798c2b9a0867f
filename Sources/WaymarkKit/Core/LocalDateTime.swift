/// A wall-clock date and time without a zone, as the habit app writes them.
public struct LocalDateTime: Hashable, Sendable, CustomStringConvertible {
    public let date: LocalDate
    public let hour: Int
    public let minute: Int
    public let second: Int

    public init?(date: LocalDate, hour: Int, minute: Int, second: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Seconds since 1970-01-01T00:00:00 as if this wall time were UTC.
    public var secondsAsUTC: Int64 {
        Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// The number of the day (days since 1970-01-01) that holds the wall time `seconds` after
    /// 1970-01-01T00:00:00; rounds down before 1970.
    public static func dayNumber(secondsAsUTC seconds: Int64) -> Int {
        Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    }

    /// The hour (0–23) of the wall time `seconds` after 1970-01-01T00:00:00, without working
    /// out its calendar date.
    public static func hour(secondsAsUTC seconds: Int64) -> Int {
        Int(seconds - Int64(dayNumber(secondsAsUTC: seconds)) * 86_400) / 3600
    }

    /// The wall time `seconds` after 1970-01-01T00:00:00.
    public init(secondsAsUTC seconds: Int64) {
        let days = LocalDateTime.dayNumber(secondsAsUTC: seconds)
        let rest = Int(seconds - Int64(days) * 86_400)
        date = LocalDate(dayNumber: days)
        hour = rest / 3600
        minute = rest / 60 % 60
        second = rest % 60
    }

    /// `yyyy-MM-ddTHH:mm:ss`.
    public var description: String {
        "\(date)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }
}
