/// Who the export belongs to and how they like to see it. The e-mail address is never kept.
public struct Profile: Hashable, Sendable {
    public var userName: String?
    /// IANA identifier as written in the export (validated on import).
    public var timeZone: String?
    public var language: Language?
    public var exportedAt: Moment?
    public var heightCm: Double?
    public var goalWeightKg: Double?
    /// Which way the goal weight was set; nil when the source does not say.
    public var goalDirection: GoalDirection?
    public var weightUnit: WeightUnit?

    public init(userName: String? = nil, timeZone: String? = nil, language: Language? = nil, exportedAt: Moment? = nil,
                heightCm: Double? = nil, goalWeightKg: Double? = nil, weightUnit: WeightUnit? = nil) {
        self.userName = userName
        self.timeZone = timeZone
        self.language = language
        self.exportedAt = exportedAt
        self.heightCm = heightCm
        self.goalWeightKg = goalWeightKg
        self.weightUnit = weightUnit
    }
}

/// The unit weights are shown in; data is always stored in kilograms.
public enum WeightUnit: String, Sendable, CaseIterable, Hashable {
    case kg, lb, jin

    /// Converts kilograms into this unit.
    public func fromKilograms(_ kg: Double) -> Double {
        switch self {
        case .kg: return kg
        case .lb: return kg / 0.45359237
        case .jin: return kg * 2
        }
    }
}
