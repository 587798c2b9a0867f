/// Everything read from one export directory.
public struct Export: Hashable, Sendable {
    public var profile: Profile
    public var points: [PointRecord]
    public var tags: [Tag]
    public var targets: [Target]
    public var weights: [WeightEntry]
    public var todos: [Todo]
    public var notes: [Note]
    /// Days a habit was skipped (Loop), which leave its strength unchanged.
    public var skips: [HabitDay]
    public var bodyFat: [BodyFatEntry]
    public var moods: [MoodEntry]
    /// What the phone, the watch and activity apps counted (steps, distance, energy, …), as written.
    public var activity: [ActivitySample]
    public var sleep: [SleepSession]
    public var workouts: [Workout]
    /// Daily goals apps set (Apple's activity rings, Garmin's step goal).
    public var goals: [ActivityGoal]

    public init(profile: Profile = Profile(), points: [PointRecord] = [], tags: [Tag] = [], targets: [Target] = [],
                weights: [WeightEntry] = [], todos: [Todo] = [], notes: [Note] = [], skips: [HabitDay] = [],
                bodyFat: [BodyFatEntry] = [], moods: [MoodEntry] = [], activity: [ActivitySample] = [],
                sleep: [SleepSession] = [], workouts: [Workout] = [], goals: [ActivityGoal] = []) {
        self.profile = profile
        self.points = points
        self.tags = tags
        self.targets = targets
        self.weights = weights
        self.todos = todos
        self.notes = notes
        self.skips = skips
        self.bodyFat = bodyFat
        self.moods = moods
        self.activity = activity
        self.sleep = sleep
        self.workouts = workouts
        self.goals = goals
    }
}
