/// One habit's days, from its first check or skip to today in the report's zone: what the habit
/// statistics (strength, streaks, history, year in review) are computed from. Records after
/// `now` are left out, as everywhere else.
public struct HabitDays: Sendable, Equatable {
    /// The day of index 0: the habit's first check or skip, or today when it has none.
    public let first: LocalDate
    /// Completions (point records of type "tag" with the habit's name) per day.
    public internal(set) var checks: [Int]
    /// The sum of the records' `value` per day (numerical habits); 0 where none.
    public internal(set) var amounts: [Double]
    /// Days marked as skipped (Loop's skip, `Export.skips`).
    public internal(set) var skipped: [Bool]
    /// Points the habit earned per day.
    public internal(set) var points: [Int]
    /// Completions by hour of day (24 entries), for records that have a time.
    public internal(set) var hours: [Int]

    /// Empty days from `first` to `last` (at least one day).
    public init(first: LocalDate, last: LocalDate) {
        self.first = first
        let count = max(1, first.days(to: last) + 1)
        checks = [Int](repeating: 0, count: count)
        amounts = [Double](repeating: 0, count: count)
        skipped = [Bool](repeating: false, count: count)
        points = [Int](repeating: 0, count: count)
        hours = [Int](repeating: 0, count: 24)
    }

    /// Number of days held (first day to today, both included).
    public var count: Int { checks.count }
    /// The last day held: today.
    public var last: LocalDate { first.adding(days: count - 1) }

    /// The index of `day`, or nil outside the days held.
    public func index(_ day: LocalDate) -> Int? {
        let i = first.days(to: day)
        return i >= 0 && i < count ? i : nil
    }

    /// Completions on `day` (0 outside the days held).
    public func checks(on day: LocalDate) -> Int { index(day).map { checks[$0] } ?? 0 }

    /// Total completions.
    public var totalChecks: Int { checks.reduce(0, +) }
}
