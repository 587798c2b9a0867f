/// A goal with a deadline that earns points when done.
public struct Target: Hashable, Sendable {
    /// The app's id; notes may refer to it, never published.
    public var id: String?
    public var name: String
    /// Markdown.
    public var describe: String?
    public var color: Color?
    public var point: Int?
    public var deadline: Moment?
    public var done: Bool
    public var completed: Moment?

    public init(id: String? = nil, name: String, describe: String? = nil, color: Color? = nil, point: Int? = nil,
                deadline: Moment? = nil, done: Bool = false, completed: Moment? = nil) {
        self.id = id
        self.name = name
        self.describe = describe
        self.color = color
        self.point = point
        self.deadline = deadline
        self.done = done
        self.completed = completed
    }

    /// When the target counts as completed: `completeTime`, else the deadline; nil when open.
    public var completionMoment: Moment? {
        guard done else { return nil }
        return completed ?? deadline
    }
}
