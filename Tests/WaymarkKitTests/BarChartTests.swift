import Testing
@testable import WaymarkKit

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
