/// Everything read from one export directory.
public struct Export: Hashable, Sendable {
    public var profile: Profile
    public var points: [PointRecord]
    public var tags: [Tag]
    public var targets: [Target]
    public var weights: [WeightEntry]
    public var todos: [Todo]
    public var notes: [Note]

    public init(profile: Profile = Profile(), points: [PointRecord] = [], tags: [Tag] = [], targets: [Target] = [],
                weights: [WeightEntry] = [], todos: [Todo] = [], notes: [Note] = []) {
        self.profile = profile
        self.points = points
        self.tags = tags
        self.targets = targets
        self.weights = weights
        self.todos = todos
        self.notes = notes
    }
}
