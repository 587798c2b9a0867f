/// A daily activity figure the phone, the watch or an app records, each kept in one unit.
///
/// The first seven are the ones Apple Health and most apps have; the others are Google Fit's and
/// Garmin's own, kept so that nothing a file holds is lost. Declaration order is display order.
public enum ActivityMetric: String, CaseIterable, Sendable, Comparable {
    /// Steps taken.
    case steps
    /// Walking and running distance, in kilometres.
    case distance
    /// Floors (flights of stairs) climbed.
    case flights
    /// Energy burned by moving, in kilocalories (Apple's Move ring; resting energy not included).
    case activeEnergy = "active_energy"
    /// Minutes of brisk activity (Apple's Exercise ring).
    case exercise
    /// Hours in which the person stood and moved for at least a minute (Apple's Stand ring).
    case stand
    /// Minutes of mindfulness sessions.
    case mindful
    /// Energy burned in all, resting energy included, in kilocalories (Google Fit, Garmin).
    case totalEnergy = "total_energy"
    /// Google Fit's Move Minutes: minutes of any movement.
    case moveMinutes = "move_minutes"
    /// Google Fit's Heart Points: a point a minute of moderate activity, two of vigorous.
    case heartPoints = "heart_points"
    /// Google Fit's Heart Minutes: minutes of moderate or vigorous activity.
    case heartMinutes = "heart_minutes"

    /// The unit values are in, as `activity.csv` and `waymark check` write it.
    public var unit: String {
        switch self {
        case .steps, .flights: return "count"
        case .distance: return "km"
        case .activeEnergy, .totalEnergy: return "kcal"
        case .exercise, .mindful, .moveMinutes, .heartMinutes: return "min"
        case .stand: return "h"
        case .heartPoints: return "points"
        }
    }

    /// How `waymark check` names the metric ("steps", "active energy").
    public var label: String {
        switch self {
        case .steps: return "steps"
        case .distance: return "distance"
        case .flights: return "flights"
        case .activeEnergy: return "active energy"
        case .exercise: return "exercise minutes"
        case .stand: return "stand hours"
        case .mindful: return "mindful minutes"
        case .totalEnergy: return "total energy"
        case .moveMinutes: return "move minutes"
        case .heartPoints: return "heart points"
        case .heartMinutes: return "heart minutes"
        }
    }

    private var order: Int { ActivityMetric.allCases.firstIndex(of: self) ?? 0 }

    public static func < (a: ActivityMetric, b: ActivityMetric) -> Bool { a.order < b.order }
}
