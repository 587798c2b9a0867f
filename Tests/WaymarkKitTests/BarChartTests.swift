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

    @Test func ticksFromAThousandAreGroupedByThousands() {
        // Steps of 23,119 on a 4-tick axis: a step of 5,779.75 rounds to 5,000, so the ticks are
        // 0, 5,000, …, 25,000, written as the tables beside the chart write amounts.
        let svg = BarChart.svg([BarChart.Bar(title: "s", label: nil, value: 23_119)], width: 234, height: 132, id: "c", title: "T", description: "D")
        #expect(svg.contains(">25,000</text>") && svg.contains(">5,000</text>") && svg.contains(">0</text>"))
        #expect(!svg.contains(">25000</text>"))
        #expect(BarChart.defaultTick(999.5) == "999.5" && BarChart.defaultTick(1_000) == "1,000")
        #expect(BarChart.defaultTick(-2_500) == "−2,500" && BarChart.defaultTick(1_234.5) == "1,234.5")
    }

    @Test func fractionalAmounts() {
        let bars = [BarChart.Bar(title: "a", label: nil, amount: 0.5), BarChart.Bar(title: "b", label: nil, amount: 2.25)]
        let svg = BarChart.svg(bars, width: 234, height: 132, id: "c", title: "T", description: "D", tickLabel: { SVG.number($0) + " km" })
        // 0…2.25 in about 4 ticks: a step of 0.5625 rounds to 0.5 (factor 5 × 10⁻¹), so the domain
        // is niced to 0…2.5. On the 100-unit plot (y 10…110): 0.5 → 110 − 20 = 90, 2.25 → 110 − 90 = 20.
        // "2.5 km" is 6 × 6.6 = 39.6 units wide, so the plot starts at 39.6 + 9 = 48.6: bands of
        // (234 − 48.6 − 6) / 2 = 89.7, bars of 0.72 × 89.7 = 64.58 at 48.6 + 12.56 = 61.16 and 150.86.
        #expect(svg.contains("<rect x=\"61.16\" y=\"90\" width=\"64.58\" height=\"20\"><title>a</title></rect>"))
        #expect(svg.contains("<rect x=\"150.86\" y=\"20\" width=\"64.58\" height=\"90\"><title>b</title></rect>"))
        #expect(svg.contains(">2.5 km</text>") && svg.contains(">0.5 km</text>") && !svg.contains(">3 km</text>"))
        // A value that is not finite is drawn as 0; `value` reads amounts as whole numbers.
        let odd = BarChart.svg([BarChart.Bar(title: "n", label: nil, amount: .nan)], width: 234, height: 132, id: "c", title: "T", description: "D")
        #expect(odd.contains("height=\"0\"><title>n</title>"))
        #expect(BarChart.Bar(title: "", label: nil, amount: 2.75).value == 2 && BarChart.Bar(title: "", label: nil, amount: .infinity).value == 0)
    }

    @Test func tenYearsOfWeeklyBars() {
        // 520 bars on 680 units: bands of 680 / 520 = 1.3077, bars 90% of a band = 1.18. The last
        // bar starts at 34 + 519 × 1.3077 + (1.3077 − 1.1769) / 2 = 712.76.
        let bars = (0..<520).map { BarChart.Bar(title: "w\($0)", label: nil, value: $0 % 3) }
        let svg = BarChart.svg(bars, width: 720, height: 220, id: "c", title: "T", description: "D")
        #expect(svg.components(separatedBy: "<rect").count - 1 == 520)
        #expect(svg.contains("<rect x=\"712.76\" y=\"") && svg.contains("width=\"1.18\""))
        // A three-letter label (19.8 units) on every 4th bar: kept labels must be 19.8 + 6 apart,
        // i.e. 20 bars (26.2 units; 16 bars are 20.9). Bar 0's label is held flush left (34…53.8),
        // so the first after it is bar 28 (61.4…81.2; bar 24 would start at 56.2), then every
        // 20th; bar 516's, flush right at 694.2…714, would meet bar 508's (689.1…708.9).
        let offered = (0..<520).map { $0 % 4 == 0 ? "Mar" : nil }
        let kept = BarChart.fittingLabels(offered, width: 720)
        #expect(kept.indices.filter { kept[$0] != nil } == [0] + Array(stride(from: 28, through: 508, by: 20)))
        #expect(BarChart.fittingLabels([], width: 720) == [])
    }

    @Test func aLabelHeldFlushWithTheEdgeIsMeasuredThere() {
        // 30 bars on 340 units: the plot is 34…334, a band 10. "Sep 13" (6 × 6.6 = 39.6) under the
        // last bar (centre 329) would end at 348.8, so it is drawn flush right, 294.4…334; "Sep 8"
        // under bar 24 (centre 279, 33 wide) ends at 295.5: they would overlap, and the later one
        // goes. (Measured at its centre, 309.2…348.8, it was kept and drawn over "Sep 8".)
        var offered = [String?](repeating: nil, count: 30)
        offered[24] = "Sep 8"
        offered[29] = "Sep 13"
        let kept = BarChart.fittingLabels(offered, width: 340)
        #expect(kept.indices.filter { kept[$0] != nil } == [24])
    }

    @Test func regularLabelsStepBackFromTheLastBar() {
        // Thirty 39.6-unit labels need 39.6 + 8 = 47.6 units apart. On 340 (band 10) a step of 5
        // is 50 apart, but the last label, flush right at 294.4…334, meets bar 24's (259.2…298.8);
        // a step of 7 fits: bars 29, 22, 15, 8 and 1 (flush left at 34…73.6).
        let labels = (1...30).map { "Day " + ($0 < 10 ? "0" : "") + String($0) }
        let narrow = BarChart.regularLabels(labels, width: 340)
        #expect(narrow.indices.filter { narrow[$0] != nil } == [1, 8, 15, 22, 29])
        // On 720 (band 22.67) a step of 2 is 45.3 apart, too close; 3 is 68 and fits at both edges.
        let wide = BarChart.regularLabels(labels, width: 720)
        #expect(wide.indices.filter { wide[$0] != nil } == Array(stride(from: 2, through: 29, by: 3)))
        #expect(wide[29] == "Day 30")
        #expect(BarChart.regularLabels([], width: 340) == [])
    }

    @Test func wideTickLabelsGetRoomAndCountsGetWholeTicks() {
        // Ticks of 0…4,000 step 1,000; "4,000" is 5 × 6.6 = 33 units wide, so the plot starts at
        // 33 + 9 = 42 instead of 34 and the label ends 5 units before it.
        let bars = [BarChart.Bar(title: "a", label: nil, value: 3_050), BarChart.Bar(title: "b", label: nil, value: 10)]
        let svg = BarChart.svg(bars, width: 340, height: 180, id: "c", title: "T", description: "D",
                               tickLabel: { LocaleFormat(.en).integer(Int($0)) })
        #expect(svg.contains(#"<line x1="42" x2="334""#))
        #expect(svg.contains(#"<text x="37" y="10" dy="0.32em" text-anchor="end">4,000</text>"#))
        // Without wide labels the plot keeps its 34.
        #expect(BarChart.svg([BarChart.Bar(title: "a", label: nil, value: 5)], width: 340, height: 180, id: "c", title: "T",
                             description: "D").contains(#"<line x1="34""#))
        // Counts of at most 1 would get ticks 0, 0.2, … 1; whole numbers keep the axis 0…4.
        let few = BarChart.svg([BarChart.Bar(title: "a", label: nil, value: 1)], width: 340, height: 180, id: "c", title: "T",
                               description: "D", wholeNumbers: true)
        let ticks = few.components(separatedBy: "text-anchor=\"end\">").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(ticks == ["0", "1", "2", "3", "4"])
    }
}

struct BarChartLabelPlaceTests {
    /// A 30-unit label under a bar centred 10 units into a plot starting at 34 would start at
    /// 29, left of the plot, under the y axis's "0": it is held flush with the plot instead.
    @Test func labelsStayInsideThePlot() {
        #expect(BarChart.labelPlace(centre: 44, width: 30, from: 34, to: 334) == (34, "start"))
        #expect(BarChart.labelPlace(centre: 60, width: 30, from: 34, to: 334) == (60, "middle"))
        #expect(BarChart.labelPlace(centre: 325, width: 30, from: 34, to: 334) == (334, "end"))
    }
}
