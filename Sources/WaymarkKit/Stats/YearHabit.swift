/// One habit in one year.
public struct YearHabit: Sendable, Equatable {
    /// The habit's index in `HabitLog.habits`.
    public var index: Int
    public var name: String
    /// The habit's checks on days inside the year (`HabitDays.checks`).
    public var completions: Int
    /// The longest of the given streaks, cut to the year; the earliest on a tie; nil without one.
    public var longestStreak: HabitStreak?
    /// The given strength on the year's last day (today in the current year); nil when the habit
    /// had not started by then, or the value is missing or not finite.
    public var strength: Double?
    /// A numerical habit's amounts on the year's days (a week across New Year counts in each
    /// year it has an entry in); nil for a yes/no habit.
    public var amounts: HabitAmounts?
}
