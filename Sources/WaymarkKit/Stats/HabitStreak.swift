/// A run of consecutive days on which a habit counted as done (see `docs/statistics.md`).
public struct HabitStreak: Sendable, Equatable, Hashable {
    public var start: LocalDate
    public var end: LocalDate

    public init(start: LocalDate, end: LocalDate) {
        self.start = start
        self.end = end
    }

    /// Days in the run, both ends included.
    public var length: Int { start.days(to: end) + 1 }
}
