import Foundation
import Testing
@testable import WaymarkKit

struct LineChartTests {
    static func options(width: Double = 300, height: Double = 136, title: String = "Strength", tick: @escaping (LocalDate) -> String = { String($0.day) },
                        color: Color? = nil) -> LineChart.Options {
        LineChart.Options(width: width, height: height, xTicks: 7, title: title, description: "D", tickLabel: tick,
                          percent: { SVG.number($0 * 100) + "%" }, pointTitle: { "\($0): " + SVG.number($1 * 100) + "%" },
                          color: color, id: "s")
    }

    static let nov27 = LocalDate(year: 2026, month: 11, day: 27)!

    @Test func geometryWorkedOutByHand() {
        let svg = LineChart.svg(first: Self.nov27, values: [0, 0.5, 1], Self.options())
        // Plot y: 12 (top) … 136 − 24 = 112, 100 units, so 0 → 112, 0.5 → 62, 1 → 12.
        // Plot x: 40 … 300 − 8 − 33.6 ("100%" measured as 4 × 0.6 × 14) − 4 = 254.4; three days →
        // 40, 147.2, 254.4.
        #expect(svg.contains("<path class=\"line\" d=\"M40 112L147.2 62L254.4 12\"><title>Strength</title></path>"))
        #expect(svg.contains("<path class=\"area\" d=\"M40 112L147.2 62L254.4 12V112H40Z\"/>"))
        #expect(svg.contains("<circle cx=\"254.4\" cy=\"12\" r=\"4\"><title>2026-11-29: 100%</title></circle>"))
        #expect(svg.contains("<text x=\"262.4\" y=\"12\" dy=\"0.32em\">100%</text>"))
        // The y axis: 0, 25, 50, 75 and 100 % at 112, 87, 62, 37 and 12.
        for (label, y) in [("0%", "112"), ("25%", "87"), ("50%", "62"), ("75%", "37"), ("100%", "12")] {
            #expect(svg.contains("<text x=\"35\" y=\"\(y)\" dy=\"0.32em\" text-anchor=\"end\">\(label)</text>"))
        }
        // Three days, about 7 ticks wanted: a tick a day, under each point.
        for (label, x) in [("27", "40"), ("28", "147.2"), ("29", "254.4")] {
            #expect(svg.contains("<text x=\"\(x)\" y=\"129\" text-anchor=\"middle\">\(label)</text>"))
        }
        #expect(svg.hasPrefix("<svg class=\"chart line \" viewBox=\"0 0 300 136\" role=\"img\" aria-labelledby=\"s-title s-desc\""))
        #expect(!svg.contains("style="))
    }

    @Test func valuesAreClampedAndEscaped() {
        let svg = LineChart.svg(first: Self.nov27, values: [-0.5, .nan, 1.7], Self.options(title: "A <&\"> B", tick: { _ in "<&\"" }))
        // −0.5 and NaN are drawn at 0, 1.7 at 100 %.
        #expect(svg.contains("d=\"M40 112L147.2 112L254.4 12\""))
        #expect(svg.contains("<title id=\"s-title\">A &lt;&amp;&quot;&gt; B</title>"))
        #expect(svg.contains(">&lt;&amp;&quot;</text>") && !svg.contains("<&"))
    }

    @Test func emptyAndSingleDay() {
        let empty = LineChart.svg(first: Self.nov27, values: [], Self.options())
        #expect(empty.hasSuffix("</desc></svg>") && !empty.contains("<path"))
        // One day: no line or area, only the dot (at the plot's left edge) and its label.
        let one = LineChart.svg(first: Self.nov27, values: [0.25], Self.options())
        #expect(!one.contains("<path"))
        #expect(one.contains("<circle cx=\"40\" cy=\"87\" r=\"4\"><title>2026-11-27: 25%</title></circle>"))
        #expect(one.contains("<text x=\"48\" y=\"87\" dy=\"0.32em\">25%</text>"))
        // A width that is not a number gives an empty chart, not a trap.
        #expect(LineChart.svg(first: Self.nov27, values: [0.1, 0.2, 0.3, 0.4], Self.options(width: .nan)).hasSuffix("</desc></svg>"))
    }

    @Test func tenYearsAreDownsampledAndLabelsDoNotOverlap() {
        let first = LocalDate(year: 2016, month: 1, day: 1)!
        let values = (0..<3650).map { 0.5 + 0.45 * sin(Double($0) / 40) }
        let label = { (d: LocalDate) in d.month == 1 && d.day == 1 ? String(d.year) : "\(d.month)/\(d.day)" }
        let svg = LineChart.svg(first: first, values: values, Self.options(width: 720, height: 240, tick: label))
        let line = try? #require(svg.components(separatedBy: "<path class=\"line\" d=\"").dropFirst().first?.components(separatedBy: "\"").first)
        let points = (line ?? "").split(whereSeparator: { $0 == "M" || $0 == "L" }).map(String.init)
        // The plot ends where the last value's label leaves room: 720 − 8 − its width − 4; at most
        // one point per two units of plot width is drawn, the first and the last kept.
        let lastLabel = SVG.number(values[3649] * 100) + "%"
        let right = 720 - 8 - TimeTicks.estimatedWidth(lastLabel, fontSize: 14) - 4
        #expect(points.count == Int((right - 40) / 2) && points.count > 300)
        #expect(points.first == "40 " + WeightChart.c(240 - 24 - (240 - 24 - 12) * values[0]))
        #expect(points.last == WeightChart.c(right) + " " + WeightChart.c(240 - 24 - (240 - 24 - 12) * values[3649]))
        // Ten years, about 7 ticks: every other year (10 / 7 ≈ 1.4 rounds to a step of 2).
        #expect(svg.contains(">2016</text>") && svg.contains(">2024</text>") && !svg.contains(">2017</text>"))
        let boxes = SVGTextBox.boxes(svg, fontSize: { _ in 12 })
        #expect(boxes.count == 5 + 5 + 1)
        #expect(SVGTextBox.overlapping(boxes).isEmpty, "\(SVGTextBox.overlapping(boxes))")
        // A maximum given by the caller wins.
        var o = Self.options(width: 720)
        o.maxPoints = 50
        let small = LineChart.svg(first: first, values: values, o)
        #expect(small.components(separatedBy: "<path class=\"line\"")[1].components(separatedBy: "L").count == 50)
    }

    @Test func seriesColourAndItsText() {
        // #ff8f00 (Loop's orange) has a relative luminance of about 0.41: black text reads best;
        // #0f766e about 0.14: (0.14 + 0.05)² < 0.0525, white.
        let svg = LineChart.svg(first: Self.nov27, values: [0.1, 0.2], Self.options(color: Color(hex: "#FF8F00")))
        #expect(svg.contains("<g class=\"series\" style=\"--series: #ff8f00; --series-fg: #000000\">"))
        #expect(SVG.seriesStyle(Color(hex: "0f766e")) == " style=\"--series: #0f766e; --series-fg: #ffffff\"")
        #expect(SVG.seriesStyle(nil) == "")
    }
}
