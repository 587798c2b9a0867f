/// A day a habit was marked, other than done: Loop's "skip" leaves the habit's strength as it was.
public struct HabitDay: Hashable, Sendable {
    /// The habit's (tag's) name.
    public var habit: String
    public var day: LocalDate

    public init(habit: String, day: LocalDate) {
        self.habit = habit
        self.day = day
    }
}
