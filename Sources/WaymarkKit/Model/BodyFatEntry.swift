/// One body fat measurement, as a percentage of body mass.
public struct BodyFatEntry: Hashable, Sendable {
    public var date: Moment
    public var percent: Double

    public init(date: Moment, percent: Double) {
        self.date = date
        self.percent = percent
    }
}
