/// Points earned (positive) or spent (negative) at one moment.
public struct PointRecord: Hashable, Sendable {
    public var point: Int
    /// "tag", "target", "game", "shop" or any other string the app used; nil when absent.
    public var type: String?
    public var name: String?
    public var describe: String?
    public var date: Moment
    /// A numerical habit's amount, in its tag's `habit.unit` (e.g. 5.2 km); nil for the rest.
    public var value: Double?

    public init(point: Int, type: String? = nil, name: String? = nil, describe: String? = nil, date: Moment, value: Double? = nil) {
        self.point = point
        self.type = type
        self.name = name
        self.describe = describe
        self.date = date
        self.value = value
    }
}
