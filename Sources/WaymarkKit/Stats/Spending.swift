/// One record that spent points (negative `point`), e.g. a reward bought in the app's shop.
public struct Spending: Sendable, Equatable {
    /// Points spent: −point (held at `Int.max` for `Int.min`).
    public var points: Int
    /// The record's type, usually "shop".
    public var type: String?
    /// What was bought: the shop item's name.
    public var name: String?
    public var describe: String?
    public var date: Moment
    /// The date's day in the report zone.
    public var day: LocalDate
}
