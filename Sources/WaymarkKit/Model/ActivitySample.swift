/// An amount of one activity metric that one source recorded: a watch's steps over a few
/// minutes, or an app's total for a whole day.
///
/// Samples are kept as written; the figures of a day come from `ActivityDays`, which takes the
/// largest of the sources' totals, since a watch and a phone count the same steps.
public struct ActivitySample: Hashable, Sendable {
    public var metric: ActivityMetric
    /// When the amount was recorded: the start of its span (the sample belongs to the day this
    /// falls on in the site's time zone), or a whole day for apps that give one total a day.
    public var date: Moment
    /// The amount, in `metric.unit`.
    public var value: Double
    /// Who recorded it, as the app names it: a device ("Ryan’s Apple Watch"), an app ("Garmin
    /// Connect"). Compared as written, so two devices never pass for one.
    public var source: String

    public init(metric: ActivityMetric, date: Moment, value: Double, source: String) {
        self.metric = metric
        self.date = date
        self.value = value
        self.source = source
    }

    /// The day the sample counts for in `zone`.
    public func day(in zone: Zone) -> LocalDate { date.localDate(in: zone) }
}
