/// A timed habit: finishing its countdown earns its points.
public struct Tag: Hashable, Sendable {
    /// The app's id; used to link notes, never published.
    public var id: String?
    public var name: String?
    /// Markdown.
    public var describe: String?
    public var color: Color?
    public var point: Int?
    public var hours: Int
    public var minutes: Int
    public var repeats: Bool?
    public var created: Moment?
    /// Frequency, question, unit and target, for habits from other trackers.
    public var habit: HabitDetails?

    public init(id: String? = nil, name: String?, describe: String? = nil, color: Color? = nil, point: Int? = nil,
                hours: Int = 0, minutes: Int = 0, repeats: Bool? = nil, created: Moment? = nil, habit: HabitDetails? = nil) {
        self.id = id
        self.name = name
        self.describe = describe
        self.color = color
        self.point = point
        self.hours = hours
        self.minutes = minutes
        self.repeats = repeats
        self.created = created
        self.habit = habit
    }

    /// Length of one session in minutes.
    public var durationMinutes: Int { hours * 60 + minutes }
}
