/// Maps a numeric domain onto a range of output coordinates, as d3's `scaleLinear`.
public struct LinearScale: Sendable, Equatable {
    public var domain: (Double, Double)
    public var range: (Double, Double)

    public init(domain: (Double, Double), range: (Double, Double)) {
        self.domain = domain
        self.range = range
    }

    public func callAsFunction(_ value: Double) -> Double {
        let span = domain.1 - domain.0
        guard span != 0 else { return (range.0 + range.1) / 2 }
        return range.0 + (value - domain.0) / span * (range.1 - range.0)
    }

    /// The same scale with its domain rounded outward to nice values.
    public func niced(count: Int = 5) -> LinearScale {
        let (lo, hi) = Ticks.nice(domain.0, domain.1, count: count)
        return LinearScale(domain: (lo, hi), range: range)
    }

    public func ticks(count: Int = 5) -> [Double] { Ticks.ticks(domain.0, domain.1, count: count) }

    public static func == (a: LinearScale, b: LinearScale) -> Bool {
        a.domain == b.domain && a.range == b.range
    }
}
