/// Body fat readings (Apple Health, Fitbit, Withings, openScale) as a daily series with the same
/// trend as weight (TrendWeight's moving average, `WeightSeries`), and the figures shown.
public struct BodyFatFigures: Sendable, Equatable {
    /// Daily means in percent, interpolated between readings, with the trend.
    public var series: WeightSeries
    public var readings: Int
    public var latest: Double
    public var latestDate: LocalDate
    public var trend: Double
    /// Trend today minus the trend 30 days before; nil when the series is shorter.
    public var change30d: Double?

    /// Nil when no reading is on or before `now`.
    public static func make(_ entries: [BodyFatEntry], now: Int64, zone: Zone) -> BodyFatFigures? {
        let valid = entries.filter { !$0.date.isAfter(now, in: zone) }
        let series = WeightSeries(entries: valid.map { WeightEntry(date: $0.date, kg: $0.percent) }, now: now, zone: zone)
        guard let last = series.days.last else { return nil }
        let monthAgo = series.days.count > 30 ? series.days[series.days.count - 31].trend : nil
        return BodyFatFigures(series: series, readings: valid.count, latest: last.weight, latestDate: last.date, trend: last.trend,
                              change30d: monthAgo.map { last.trend - $0 })
    }
}
