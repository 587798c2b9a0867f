import Foundation

/// "Nice" tick values, as d3-array's `ticks`, `tickIncrement` and d3-scale's `nice` compute them
/// (Heckbert's steps of 1, 2 or 5 × 10^k). Ticks below 1 are computed as integers divided by a
/// power of ten, so no value comes out as 0.30000000000000004.
public enum Ticks {
    private static let e10 = 50.0.squareRoot(), e5 = 10.0.squareRoot(), e2 = 2.0.squareRoot()

    /// (first index, last index, increment); a negative increment means "divide by −increment".
    static func spec(_ start: Double, _ stop: Double, _ count: Double) -> (Double, Double, Double) {
        let step = (stop - start) / max(0, count)
        let power = floor(log10(step))
        let error = step / pow(10, power)
        let factor: Double = error >= e10 ? 10 : error >= e5 ? 5 : error >= e2 ? 2 : 1
        var i1: Double, i2: Double, inc: Double
        if power < 0 {
            inc = pow(10, -power) / factor
            i1 = (start * inc).rounded()
            i2 = (stop * inc).rounded()
            if i1 / inc < start { i1 += 1 }
            if i2 / inc > stop { i2 -= 1 }
            inc = -inc
        } else {
            inc = pow(10, power) * factor
            i1 = (start / inc).rounded()
            i2 = (stop / inc).rounded()
            if i1 * inc < start { i1 += 1 }
            if i2 * inc > stop { i2 -= 1 }
        }
        if i2 < i1 && 0.5 <= count && count < 2 { return spec(start, stop, count * 2) }
        return (i1, i2, inc)
    }

    /// About `count` round values between `start` and `stop` (inclusive when they are round).
    public static func ticks(_ start: Double, _ stop: Double, count: Int) -> [Double] {
        guard count > 0, start.isFinite, stop.isFinite else { return [] }
        if start == stop { return [start] }
        let reverse = stop < start
        let (i1, i2, inc) = reverse ? spec(stop, start, Double(count)) : spec(start, stop, Double(count))
        guard i2 >= i1, i2 - i1 < 10_000 else { return [] }
        let n = Int(i2 - i1) + 1
        var result = (0..<n).map { i -> Double in
            inc < 0 ? (i1 + Double(i)) / -inc : (i1 + Double(i)) * inc
        }
        if reverse { result.reverse() }
        return result
    }

    /// The tick step for a domain; negative values mean 1 / −value (see `spec`).
    public static func increment(_ start: Double, _ stop: Double, count: Int) -> Double {
        spec(start, stop, Double(count)).2
    }

    /// The domain extended outward to round values, repeated until the step settles (d3 `nice`).
    public static func nice(_ start: Double, _ stop: Double, count: Int) -> (Double, Double) {
        guard start.isFinite, stop.isFinite, start < stop else { return (start, stop) }
        var lo = start, hi = stop
        var previous: Double?
        for _ in 0..<10 {
            let step = increment(lo, hi, count: count)
            if step == previous || step == 0 || !step.isFinite { break }
            if step > 0 {
                lo = floor(lo / step) * step
                hi = ceil(hi / step) * step
            } else {
                lo = ceil(lo * step) / step
                hi = floor(hi * step) / step
            }
            previous = step
        }
        return (lo, hi)
    }
}
