/// What the habit strength and streaks of one habit need to know about it, as Loop Habit Tracker
/// reads a habit: how often, yes/no or an amount, and the amount's target.
public struct HabitRule: Sendable, Equatable {
    /// How often; `n` in `n` days is stored as every day, as Loop's `Frequency` does (so 7 in 7
    /// is daily, with a one-day window).
    public var frequency: Frequency
    /// Whether the strength and streaks weigh amounts against a target rather than count days
    /// with an entry.
    public var isNumerical: Bool
    /// A numerical habit's target per `frequency.denominator` days; 0 when there is none.
    public var target: Double
    public var targetKind: HabitDetails.TargetKind

    public init(frequency: Frequency = .daily, isNumerical: Bool = false, target: Double = 0,
                targetKind: HabitDetails.TargetKind = .atLeast) {
        self.frequency = frequency.numerator == frequency.denominator ? .daily : frequency
        self.isNumerical = isNumerical
        self.target = target.isFinite ? target : 0
        self.targetKind = targetKind
    }

    /// The rule of `tag`: its Loop (or other tracker's) details, or, for the points app's own
    /// timed habits, which have none, a daily yes/no habit.
    public init(tag: Tag) {
        guard let habit = tag.habit else {
            self.init()
            return
        }
        let target = habit.target ?? 0, kind = habit.targetKind ?? .atLeast
        // "At least nothing" is met every day, so such a habit's strength would sit at 100%
        // whatever is entered: without a target to reach, an amount habit is measured as yes/no
        // (a day with an entry is done). Its amounts are still shown (`HabitFigures.amounts`).
        let measuresAmounts = habit.isNumerical && (kind == .atMost || target > 0)
        self.init(frequency: habit.frequency ?? .daily, isNumerical: measuresAmounts, target: target, targetKind: kind)
    }

    /// `numerator / denominator`, the `f` of the strength formula.
    public var perDay: Double { Double(frequency.numerator) / Double(frequency.denominator) }
}
