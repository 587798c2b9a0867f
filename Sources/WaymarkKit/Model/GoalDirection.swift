/// Which way a weight goal was set: to lose (lower is better) or to gain (higher is better).
/// It comes from where the goal was set (Beeminder's `yaw`, else `dir`; the profile's start
/// weight against its goal; `waymark.json`), never from the weighings.
public enum GoalDirection: String, Sendable, Hashable, CaseIterable {
    case lose, gain

    /// Whether `trend` has reached `goal` in this direction; within 0.05 kg counts as reached.
    public func isReached(trend: Double, goal: Double) -> Bool {
        switch self {
        case .lose: return trend <= goal + 0.05
        case .gain: return trend >= goal - 0.05
        }
    }
}
