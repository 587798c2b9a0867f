/// The calendar month of a year with the most points earned.
public struct BestMonth: Sendable, Equatable {
    /// 1 = January … 12 = December.
    public var month: Int
    /// The month's first day.
    public var start: LocalDate
    /// Points earned in the month (for the current year: up to today).
    public var earned: Int
}
