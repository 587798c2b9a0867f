/// Quantiles of sorted values with linear interpolation (R-7, as d3-array's `quantileSorted`).
public enum Quantile {
    public static func sorted(_ values: [Double], _ p: Double) -> Double? {
        guard let first = values.first else { return nil }
        if p <= 0 || values.count == 1 { return first }
        if p >= 1 { return values[values.count - 1] }
        let h = Double(values.count - 1) * p
        let i = Int(h)
        return values[i] + (values[i + 1] - values[i]) * (h - Double(i))
    }
}
