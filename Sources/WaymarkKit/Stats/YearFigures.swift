/// The figures of a span of days that a year in review compares with the year before (see
/// "Year in review" in `docs/statistics.md`). All counts are of days inside the span.
public struct YearFigures: Sendable, Equatable {
    /// Points earned: the sum of positive points (`DailyPoints.earned`).
    public var earned: Int
    /// Points spent: the sum of −point over negative points (`DailyPoints.spent`).
    public var spent: Int
    /// Habit checks: point records of type "tag", whatever their name.
    public var completions: Int
    /// Days with points earned > 0.
    public var scoringDays: Int
    /// Length of the longest run of scoring days inside the span (a run is cut at its edges).
    public var longestStreak: Int
    /// Targets completed on or before their deadline's day.
    public var targetsOnTime: Int
    /// Targets completed after their deadline's day.
    public var targetsLate: Int
    /// Targets completed that had no deadline: neither on time nor late.
    public var targetsWithoutDeadline: Int
    /// Notes dated inside the span.
    public var notesWritten: Int
    /// Trend on the last day with a trend value minus trend on the first; nil without a weighing
    /// inside the span.
    public var weightChange: Double?

    public init(earned: Int = 0, spent: Int = 0, completions: Int = 0, scoringDays: Int = 0, longestStreak: Int = 0,
                targetsOnTime: Int = 0, targetsLate: Int = 0, targetsWithoutDeadline: Int = 0, notesWritten: Int = 0,
                weightChange: Double? = nil) {
        self.earned = earned
        self.spent = spent
        self.completions = completions
        self.scoringDays = scoringDays
        self.longestStreak = longestStreak
        self.targetsOnTime = targetsOnTime
        self.targetsLate = targetsLate
        self.targetsWithoutDeadline = targetsWithoutDeadline
        self.notesWritten = notesWritten
        self.weightChange = weightChange
    }

    /// Targets completed in the span: on time, late and without a deadline.
    public var targetsCompleted: Int { targetsOnTime + targetsLate + targetsWithoutDeadline }

    /// Field by field `a − b`: how a year differs from the one before. `weightChange` is nil
    /// unless both have one.
    public static func - (a: YearFigures, b: YearFigures) -> YearFigures {
        YearFigures(earned: a.earned.saturatingSubtract(b.earned), spent: a.spent.saturatingSubtract(b.spent),
                    completions: a.completions - b.completions, scoringDays: a.scoringDays - b.scoringDays,
                    longestStreak: a.longestStreak - b.longestStreak, targetsOnTime: a.targetsOnTime - b.targetsOnTime,
                    targetsLate: a.targetsLate - b.targetsLate, targetsWithoutDeadline: a.targetsWithoutDeadline - b.targetsWithoutDeadline,
                    notesWritten: a.notesWritten - b.notesWritten,
                    weightChange: a.weightChange.flatMap { x in b.weightChange.map { x - $0 } })
    }
}
