/// One figure of one day, as `activity.csv` writes it: `date,metric,value,unit`.
public struct ActivityRow: Hashable, Sendable {
    public var day: LocalDate
    /// The metric's name in the file: an `ActivityMetric`'s raw value (`steps`, `active_energy`),
    /// or `sleep`, `workouts`, `workout_minutes`.
    public var metric: String
    /// The value, in `unit`.
    public var value: Double
    public var unit: String

    public init(day: LocalDate, metric: String, value: Double, unit: String) {
        self.day = day
        self.metric = metric
        self.value = value
        self.unit = unit
    }

    /// The name of the row of a night's minutes asleep.
    public static let sleep = "sleep"
    /// The names of the rows of a day's workouts: how many, and their minutes.
    public static let workouts = "workouts"
    public static let workoutMinutes = "workout_minutes"
}
