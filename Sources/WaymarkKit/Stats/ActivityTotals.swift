/// One metric's days added up by week (Monday to Sunday), month and year, its best days, and
/// its days against a daily goal. Pure: from the days `ActivityDays` gives.
public struct ActivityTotals: Sendable, Equatable {
    /// A week, month or year and the sum of its days' values.
    public struct Bucket: Sendable, Equatable {
        /// The first day of the week, month or year.
        public var start: LocalDate
        public var total: Double
        /// Days of the bucket with a figure.
        public var days: Int

        public init(start: LocalDate, total: Double, days: Int) {
            self.start = start
            self.total = total
            self.days = days
        }
    }

    public var metric: ActivityMetric
    /// The days with a figure, oldest first.
    public var days: [ActivityDay]
    public var weeks: [Bucket]
    public var months: [Bucket]
    public var years: [Bucket]

    /// `days` of one metric, sorted by day (as `ActivityDays.daily` gives them).
    public init(metric: ActivityMetric, days: [ActivityDay]) {
        self.metric = metric
        self.days = days.filter { $0.metric == metric && $0.value.isFinite }
        weeks = Self.buckets(self.days) { $0.startOfWeek }
        months = Self.buckets(self.days) { LocalDate(year: $0.year, month: $0.month, day: 1) ?? $0 }
        years = Self.buckets(self.days) { LocalDate(year: $0.year, month: 1, day: 1) ?? $0 }
    }

    static func buckets(_ days: [ActivityDay], start: (LocalDate) -> LocalDate) -> [Bucket] {
        var out: [Bucket] = []
        for day in days {
            let first = start(day.day)
            if out.last?.start == first {
                out[out.count - 1].total += day.value
                out[out.count - 1].days += 1
            } else {
                out.append(Bucket(start: first, total: day.value, days: 1))
            }
        }
        return out
    }

    /// The `limit` days with the largest values, largest first; ties go to the earlier day.
    public func best(_ limit: Int) -> [ActivityDay] {
        Array(days.sorted { $0.value != $1.value ? $0.value > $1.value : $0.day < $1.day }.prefix(limit))
    }

    /// The days from `first` to `last` (with a figure), oldest first.
    public func days(from first: LocalDate, to last: LocalDate) -> [ActivityDay] {
        days.filter { $0.day >= first && $0.day <= last }
    }

    /// The mean of the days with a figure from `first` to `last`; nil when none has one.
    public func mean(from first: LocalDate, to last: LocalDate) -> Double? {
        let shown = days(from: first, to: last)
        return shown.isEmpty ? nil : shown.reduce(0) { $0 + $1.value } / Double(shown.count)
    }
}
