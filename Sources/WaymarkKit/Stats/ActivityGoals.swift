/// The daily goal of each metric on each day: the goal an app set that day (Apple's rings, Garmin's
/// step goal; the largest when two sources set one), else for steps the default of 10,000 a day;
/// other metrics without a goal from the data have none.
public struct ActivityGoals: Sendable, Equatable {
    /// Steps a day when no app set a step goal: the usual pedometer default.
    public static let defaultSteps = 10_000.0

    private var set: [ActivityMetric: [LocalDate: Double]]

    public init(_ goals: [ActivityGoal]) {
        var set: [ActivityMetric: [LocalDate: Double]] = [:]
        for goal in goals where goal.goal > 0 && goal.goal.isFinite {
            set[goal.metric, default: [:]][goal.day] = max(set[goal.metric]?[goal.day] ?? 0, goal.goal)
        }
        self.set = set
    }

    /// The goal of `metric` on `day`, in the metric's unit; nil when it has none.
    public func goal(_ metric: ActivityMetric, on day: LocalDate) -> Double? {
        if let goal = set[metric]?[day] { return goal }
        return metric == .steps ? Self.defaultSteps : nil
    }

    /// Whether any app set a goal for `metric` (the default step goal aside).
    public func hasOwn(_ metric: ActivityMetric) -> Bool { !(set[metric]?.isEmpty ?? true) }

    /// The days of `days` whose value reached that day's goal, and how many had a goal.
    public func met(_ days: [ActivityDay]) -> (met: Int, withGoal: Int) {
        var met = 0, withGoal = 0
        for day in days {
            guard let goal = goal(day.metric, on: day.day) else { continue }
            withGoal += 1
            if day.value >= goal { met += 1 }
        }
        return (met, withGoal)
    }
}
