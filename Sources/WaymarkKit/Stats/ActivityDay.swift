/// One metric on one day, as the site shows it: the total of the source that counted the most.
public struct ActivityDay: Hashable, Sendable {
    public var day: LocalDate
    public var metric: ActivityMetric
    /// The day's value, in `metric.unit`.
    public var value: Double
    /// The source whose total this is.
    public var source: String
    /// How many sources recorded the metric that day.
    public var sources: Int

    public init(day: LocalDate, metric: ActivityMetric, value: Double, source: String, sources: Int) {
        self.day = day
        self.metric = metric
        self.value = value
        self.source = source
        self.sources = sources
    }
}
