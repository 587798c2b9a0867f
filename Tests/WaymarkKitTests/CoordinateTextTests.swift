import Testing
@testable import WaymarkKit

/// Coordinates are written as bytes; they must read as the plain decimal rule says.
struct CoordinateTextTests {
    @Test func coordinatesMatchTheDecimalRule() {
        func tenths(_ v: Double) -> String {
            let t = Int64((v * 10).rounded())
            let a = abs(t)
            return (t < 0 ? "-" : "") + String(a / 10) + (a % 10 == 0 ? "" : "." + String(a % 10))
        }
        func hundredths(_ v: Double) -> String {
            let h = Int64((v * 100).rounded(.toNearestOrAwayFromZero))
            if h == 0 { return "0" }
            let a = abs(h), whole = a / 100, frac = a % 100
            let sign = h < 0 ? "-" : ""
            if frac == 0 { return sign + String(whole) }
            if frac % 10 == 0 { return sign + String(whole) + "." + String(frac / 10) }
            return sign + String(whole) + "." + (frac < 10 ? "0" : "") + String(frac)
        }
        var random = SampleRandom(seed: 3)
        var values: [Double] = [0, 0.04, -0.04, 0.05, -0.05, 0.5, -0.5, 1, -1, 12.345, 99.995, 1_000_000.25, -7.06]
        for _ in 0..<3_000 { values.append(Double(random.int(2_000_000) - 1_000_000) / Double([1, 7, 100, 1_000][random.int(4)])) }
        for v in values {
            #expect(WeightChart.c(v) == tenths(v), "\(v)")
            #expect(SVG.number(v) == hundredths(v), "\(v)")
        }
        #expect(SVG.number(.nan) == "0" && WeightChart.c(-0.25) == "-0.3" && SVG.number(-0.005) == "-0.01")
    }
}
