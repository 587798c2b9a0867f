/// The unit an app writes distances in when its file does not say (Garmin Connect's activities
/// follow the account's setting).
public enum DistanceUnit: String, Sendable, CaseIterable, Hashable {
    case km, mi

    /// Kilometres in one of this unit.
    public var kilometres: Double {
        switch self {
        case .km: return 1
        case .mi: return 1.609344
        }
    }
}
