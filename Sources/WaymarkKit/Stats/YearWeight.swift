/// The TrendWeight trend (`WeightSeries`) at the start and end of a year, in kilograms.
public struct YearWeight: Sendable, Equatable {
    /// The first day of the year with a trend value: 1 January when weighings began earlier,
    /// else the year's first weighing.
    public var startDate: LocalDate
    public var start: Double
    /// The last day of the year with a trend value: 31 December (today in the current year) when
    /// weighings go on, else the year's last weighing.
    public var endDate: LocalDate
    public var end: Double

    /// end − start.
    public var change: Double { end - start }
}
