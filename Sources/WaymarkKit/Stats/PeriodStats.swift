/// The numbers of one window (see `docs/statistics.md`). Unrounded; rounding happens on output.
public struct PeriodStats: Sendable, Equatable {
    public var period: Period
    public var start: LocalDate
    public var end: LocalDate
    public var days: Int
    /// Points earned (sum of positive points).
    public var total: Int
    /// Points spent (sum of -point over negative points).
    public var spent: Int
    /// total − total of the previous window of the same length; nil for `all`.
    public var progress: Int?
    /// progress / previous total × 100; nil when the previous total is 0, and for `all`.
    public var progressPercent: Double?
    /// total / days.
    public var average: Double
    /// The current streak (the same in every window).
    public var streak: Int
    public var bestStreak: Int
    public var completedTargets: Int
    /// Percentage of targets due in the window that are done; nil when none are due.
    public var completionRate: Double?
    /// Targets due in the window: deadline day in the window, and the deadline passed by now or
    /// the target done (one due at 21:30 is not missed at 20:00). And how many of them are done.
    public var targetsDue: Int
    public var targetsDueDone: Int
}

extension PeriodStats {
    /// Whether anything (earned or spent) was recorded before the window starts. Without it,
    /// `progress` compares with a window before the first record, and the dashboard says there is
    /// no earlier data instead of showing the whole total as a rise.
    public func hasEarlierData(_ daily: DailyPoints) -> Bool {
        daily.hasRecords && daily.firstDay < start
    }
}
