/// Points earned (positive) or spent (negative) at one moment.
public struct PointRecord: Hashable, Sendable {
    public var point: Int
    /// "tag", "target", "game", "shop" or any other string the app used; nil when absent.
    public var type: String?
    public var name: String?
    public var describe: String?
    public var date: Moment

    public init(point: Int, type: String? = nil, name: String? = nil, describe: String? = nil, date: Moment) {
        self.point = point
        self.type = type
        self.name = name
        self.describe = describe
        self.date = date
    }
}
