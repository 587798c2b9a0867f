/// One weighing, always in kilograms.
public struct WeightEntry: Hashable, Sendable {
    public var date: Moment
    public var kg: Double

    public init(date: Moment, kg: Double) {
        self.date = date
        self.kg = kg
    }
}
