import Testing
@testable import WaymarkKit

struct TicksTests {
    @Test func d3Examples() {
        // Worked out with d3-array's rules (see docs/weight.md): span 3.64 / 5 = 0.728 → step 1.
        #expect(Ticks.ticks(61.23, 64.87, count: 5) == [62, 63, 64])
        #expect(Ticks.nice(61.23, 64.87, count: 5) == (61, 65))
        // span / 10 = 0.364 → error 3.64 ≥ √10 → step 0.5.
        #expect(Ticks.ticks(61.23, 64.87, count: 10) == [61.5, 62, 62.5, 63, 63.5, 64, 64.5])
        #expect(Ticks.ticks(0, 1, count: 10) == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1])
        #expect(Ticks.ticks(0, 10, count: 5) == [0, 2, 4, 6, 8, 10])
        #expect(Ticks.ticks(-5, 5, count: 4) == [-4, -2, 0, 2, 4])
        #expect(Ticks.ticks(1, 1, count: 5) == [1])
        #expect(Ticks.ticks(10, 0, count: 5) == [10, 8, 6, 4, 2, 0])
        #expect(Ticks.ticks(0, 17, count: 4) == [0, 5, 10, 15])
        #expect(Ticks.nice(0, 17, count: 4) == (0, 20))
        #expect(Ticks.ticks(.nan, 1, count: 5) == [])
    }

    @Test func noFloatingPointNoise() {
        let ticks = Ticks.ticks(62.1, 62.45, count: 5)
        #expect(ticks == [62.1, 62.15, 62.2, 62.25, 62.3, 62.35, 62.4, 62.45])
        #expect(ticks.map(SVG.number) == ["62.1", "62.15", "62.2", "62.25", "62.3", "62.35", "62.4", "62.45"])
        #expect(Ticks.ticks(0.1, 0.3, count: 2).map { "\($0)" } == ["0.1", "0.2", "0.3"])
    }

    @Test func svgNumbers() {
        #expect(SVG.number(12.5) == "12.5")
        #expect(SVG.number(3) == "3")
        #expect(SVG.number(-0.001) == "0")
        #expect(SVG.number(-0.25) == "-0.25")
        #expect(SVG.number(62.300000001) == "62.3")
        #expect(SVG.number(0.05) == "0.05")
        #expect(SVG.number(.infinity) == "0")
    }

    @Test func linearScale() {
        let s = LinearScale(domain: (60, 65), range: (200, 0))
        #expect(s(60) == 200 && s(65) == 0 && s(62.5) == 100)
        #expect(LinearScale(domain: (61.23, 64.87), range: (0, 1)).niced().domain == (61, 65))
    }
}

struct HeatmapTests {
    @Test func quartileLevels() {
        // Non-zero values 1…8: quartiles with linear interpolation are 2.75, 4.5 and 6.25.
        let values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 0]
        let t = Heatmap.thresholds(values)
        #expect(t == [2.75, 4.5, 6.25])
        #expect(values.map { Heatmap.level($0, thresholds: t) } == [0, 1, 1, 2, 2, 3, 3, 4, 4, 0])
        #expect(Heatmap.thresholds([0, 0]) == [])
        #expect(Heatmap.level(5, thresholds: Heatmap.thresholds([5])) == 1)
        #expect(Quantile.sorted([1, 2, 3, 4], 0.5) == 2.5)
    }

    @Test func layoutOf53Weeks() {
        let today = LocalDate(year: 2026, month: 11, day: 29)!  // a Sunday
        #expect(Heatmap.firstDay(today: today) == LocalDate(year: 2025, month: 11, day: 24))  // 52 weeks before Monday 11-23
        let labels = Heatmap.Labels(weekday: { "W\($0)" }, month: { "M\($0)" }, cell: { d, n in "\(d): \(n)" },
                                    less: "Less", more: "More", title: "T <b>", description: "D")
        let svg = Heatmap.svg(today: today, value: { $0 == today ? 7 : 0 }, labels: labels, id: "h")
        #expect(svg.components(separatedBy: "<rect").count - 1 == 53 * 7 + 5)  // cells + legend
        #expect(svg.contains("<title id=\"h-title\">T &lt;b&gt;</title>"))
        #expect(svg.contains("class=\"l1\"><title>2026-11-29: 7</title>"))  // a lone non-zero day is the first quartile
        #expect(svg.contains("class=\"l0\"><title>2025-11-24: 0</title>"))
        #expect(svg.contains(">M12</text>") && svg.contains(">M11</text>"))
        #expect(svg.hasPrefix("<svg class=\"chart heatmap\" viewBox=\"0 0 774 142\" role=\"img\" aria-labelledby=\"h-title h-desc\""))
    }
}

struct BarChartTests {
    @Test func barsScaleToNiceTicks() {
        let bars = [BarChart.Bar(title: "a", label: "A", value: 5), BarChart.Bar(title: "b <&>", label: nil, value: 17, highlight: true)]
        let svg = BarChart.svg(bars, width: 234, height: 132, id: "c", title: "T", description: "D")
        // Plot area: x 34…228 (two bands of 97), y 10…110; the domain is niced to 0…20.
        // Bars are 72% of a band, centred: 34 + (97 − 69.84) / 2 = 47.58.
        #expect(svg.contains("<rect x=\"47.58\" y=\"85\" width=\"69.84\" height=\"25\"><title>a</title></rect>"))
        #expect(svg.contains("<rect x=\"144.58\" y=\"25\" width=\"69.84\" height=\"85\" class=\"highlight\"><title>b &lt;&amp;&gt;</title></rect>"))
        #expect(svg.contains(">20</text>") && !svg.contains(">25</text>"))
        #expect(svg.contains("<text x=\"82.5\" y=\"126\" text-anchor=\"middle\">A</text>"))
    }
}

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
