/// What was spent on one item: the spending records with the same type and name.
public struct SpendingItem: Sendable, Equatable {
    public var type: String?
    public var name: String?
    /// Records.
    public var times: Int
    /// Points spent in all.
    public var spent: Int
    /// The day of the latest record.
    public var last: LocalDate
}
