/// A daily goal an app set for one metric, and what it counted towards it that day: Apple's
/// activity rings (Move in active kilocalories, Exercise in minutes, Stand in hours) and
/// Garmin's step goal. A goal of 0 (Apple writes it for days without a watch) is no goal and is
/// never one of these.
public struct ActivityGoal: Hashable, Sendable {
    public var day: LocalDate
    public var metric: ActivityMetric
    /// The goal, in `metric.unit`; above 0.
    public var goal: Double
    /// What the app counted towards the goal that day, when it says (the ring's value).
    public var achieved: Double?
    public var source: String

    public init(day: LocalDate, metric: ActivityMetric, goal: Double, achieved: Double? = nil, source: String) {
        self.day = day
        self.metric = metric
        self.goal = goal
        self.achieved = achieved
        self.source = source
    }
}
