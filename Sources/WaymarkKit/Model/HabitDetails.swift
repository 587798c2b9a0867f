/// What habit trackers other than the points app know about a habit (Loop Habit Tracker,
/// HabitBull, Daylio, Beeminder): kept beside the tag, all optional.
public struct HabitDetails: Hashable, Sendable {
    /// Whether a numerical habit's target is a floor or a ceiling.
    public enum TargetKind: String, Hashable, Sendable {
        case atLeast, atMost
    }

    public var frequency: Frequency?
    /// The question the app asks, e.g. "Did you wake up early today?".
    public var question: String?
    /// A numerical habit's unit ("km", "pages"); "" for a numerical habit whose app states no
    /// unit; nil for yes/no habits.
    public var unit: String?
    /// A numerical habit's target per `frequency.denominator` days.
    public var target: Double?
    public var targetKind: TargetKind?
    /// Hidden in the app but kept: its history still counts.
    public var archived: Bool
    /// The app it came from, e.g. "Loop Habit Tracker".
    public var source: String?
    /// A category or group the app files it under (HabitBull's HabitCategory).
    public var category: String?

    public init(frequency: Frequency? = nil, question: String? = nil, unit: String? = nil, target: Double? = nil,
                targetKind: TargetKind? = nil, archived: Bool = false, source: String? = nil, category: String? = nil) {
        self.frequency = frequency
        self.question = question
        self.unit = unit
        self.target = target
        self.targetKind = targetKind
        self.archived = archived
        self.source = source
        self.category = category
    }

    /// Whether the habit counts an amount rather than yes/no.
    public var isNumerical: Bool { unit != nil || target != nil }
    /// The unit written after an amount; nil when there is none to write.
    public var unitLabel: String? { unit.flatMap { $0.isEmpty ? nil : $0 } }
}
