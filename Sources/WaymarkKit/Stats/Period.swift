/// The windows statistics are computed over, each ending today.
public enum Period: String, CaseIterable, Sendable {
    case day, week, month, year, all

    /// Length in days; nil for `all`, which starts at the earliest record.
    public var length: Int? {
        switch self {
        case .day: return 1
        case .week: return 7
        case .month: return 30
        case .year: return 365
        case .all: return nil
        }
    }
}
