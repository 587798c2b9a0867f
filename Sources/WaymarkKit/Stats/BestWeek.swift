/// The Monday-start week of a year with the most points earned. A week that crosses New Year
/// counts only its days inside the year (see `docs/statistics.md`), so `start` is later than
/// `monday` for the year's first week and `end` earlier than the Sunday for its last.
public struct BestWeek: Sendable, Equatable {
    /// The week's Monday (may lie in the year before).
    public var monday: LocalDate
    /// The first day counted: `monday`, or 1 January.
    public var start: LocalDate
    /// The last day counted: the Sunday, or 31 December, or today in the current year.
    public var end: LocalDate
    /// Points earned from `start` to `end`.
    public var earned: Int
}
