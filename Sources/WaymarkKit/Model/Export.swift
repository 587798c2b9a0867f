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

    public init(profile: Profile = Profile(), points: [PointRecord] = [], tags: [Tag] = [], targets: [Target] = [],
                weights: [WeightEntry] = [], todos: [Todo] = [], notes: [Note] = [], skips: [HabitDay] = [],
                bodyFat: [BodyFatEntry] = [], moods: [MoodEntry] = []) {
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
    }
}
