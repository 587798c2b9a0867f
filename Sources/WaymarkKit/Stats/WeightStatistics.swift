/// The weight numbers of `docs/weight.md`, in kilograms, unrounded.
public struct WeightStatistics: Sendable, Equatable {
    public struct Extreme: Sendable, Equatable {
        public var kg: Double
        public var date: LocalDate
    }

    public var series: WeightSeries
    /// Weighings used (entries after now are left out).
    public var entries: Int
    public var latest: Double
    public var latestDate: LocalDate
    public var trend: Double
    public var change7d: Double?
    public var change30d: Double?
    public var change365d: Double?
    public var min: Extreme
    public var max: Extreme
    /// kg per week: least-squares slope of the last 14 trend values × 7; nil with fewer than 2.
    public var weeklyRate: Double?
    public var goal: Double?
    /// Which way the goal was set; nil when its source does not say.
    public var goalDirection: GoalDirection?
    /// Whether the trend has reached the goal in its direction; nil without a goal or a direction.
    public var goalReached: Bool?
    /// trend − goal.
    public var toGoal: Double?
    /// When the trend reaches the goal at the current rate: after the day shown, else nil.
    public var projectedGoalDate: LocalDate?
    /// The rate reached the goal, but on a day already past when the site is shown (the
    /// weighings end long before it): no forecast, and no "not reached" either.
    public var projectionIsPast = false
    /// Body-mass index of the trend.
    public var bmi: Double?

    /// nil when there are no weighings up to `now`.
    public init?(entries: [WeightEntry], now: Int64, zone: Zone, goalKg: Double?, heightCm: Double?, goalDirection: GoalDirection? = nil) {
        let series = WeightSeries(entries: entries, now: now, zone: zone)
        guard let last = series.days.last else { return nil }
        self.series = series
        self.entries = entries.filter { !$0.date.isAfter(now, in: zone) }.count
        latest = last.weight
        latestDate = last.date
        trend = last.trend
        let n = series.days.count
        func change(_ back: Int) -> Double? { n - 1 - back >= 0 ? last.trend - series.days[n - 1 - back].trend : nil }
        change7d = change(7)
        change30d = change(30)
        change365d = change(365)
        let real = series.days.filter { !$0.interpolated }
        var lo = real[0], hi = real[0]
        for d in real {
            if d.weight < lo.weight { lo = d }
            if d.weight > hi.weight { hi = d }
        }
        min = Extreme(kg: lo.weight, date: lo.date)
        max = Extreme(kg: hi.weight, date: hi.date)
        let recent = series.days.suffix(14).map(\.trend)
        weeklyRate = WeightStatistics.slope(Array(recent)).map { $0 * 7 }
        goal = goalKg
        self.goalDirection = goalKg == nil ? nil : goalDirection
        goalReached = goalKg.flatMap { g in self.goalDirection.map { $0.isReached(trend: last.trend, goal: g) } }
        toGoal = goalKg.map { last.trend - $0 }
        if let goalKg, let rate = weeklyRate {
            // A forecast is of the future: a date on or before the day shown (the last weighing
            // long before it) is no forecast at all.
            let today = zone.localDateTime(of: now).date
            let projected = WeightStatistics.projection(from: last.date, trend: last.trend, goal: goalKg, dailySlope: rate / 7)
            projectedGoalDate = projected.flatMap { $0 > today ? $0 : nil }
            projectionIsPast = projected.map { $0 <= today } ?? false
        }
        bmi = heightCm.map { last.trend / (($0 / 100) * ($0 / 100)) }
    }

    /// Least-squares slope of values at x = 0, 1, 2, …; nil with fewer than two values.
    public static func slope(_ values: [Double]) -> Double? {
        guard values.count >= 2 else { return nil }
        let n = Double(values.count)
        let meanX = (n - 1) / 2
        let meanY = values.reduce(0, +) / n
        var num = 0.0, den = 0.0
        for (i, y) in values.enumerated() {
            let dx = Double(i) - meanX
            num += dx * (y - meanY)
            den += dx * dx
        }
        return num / den
    }

    /// The day the trend reaches the goal at the current slope: last day + ⌈|trend − goal| / |slope|⌉,
    /// only when the slope moves toward the goal and the date is at most three years away.
    public static func projection(from last: LocalDate, trend: Double, goal: Double, dailySlope: Double) -> LocalDate? {
        let distance = goal - trend
        if distance == 0 { return last }
        guard dailySlope != 0, (distance > 0) == (dailySlope > 0) else { return nil }
        let days = (abs(distance) / abs(dailySlope)).rounded(.up)
        guard days <= 3 * 366 else { return nil }
        let date = last.adding(days: Int(days))
        let limit = LocalDate(year: last.year + 3, month: last.month, day: Swift.min(last.day, LocalDate.daysIn(month: last.month, year: last.year + 3)))
        guard let limit, date <= limit else { return nil }
        return date
    }
}
