/// A to-do item.
public struct Todo: Hashable, Sendable {
    public enum Priority: Int, Sendable, CaseIterable, Comparable {
        case low = 0, normal = 1, high = 2
        public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
    }

    public var name: String
    public var priority: Priority
    public var completed: Bool

    public init(name: String, priority: Priority = .normal, completed: Bool = false) {
        self.name = name
        self.priority = priority
        self.completed = completed
    }
}
