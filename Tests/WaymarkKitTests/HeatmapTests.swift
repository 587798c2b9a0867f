import Testing
@testable import WaymarkKit

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
        // 30 + 53 × 14 + 2 = 774 for the grid, and 28 more for the weekday labels on the right.
        #expect(svg.hasPrefix("<svg class=\"chart heatmap\" viewBox=\"0 0 802 142\" role=\"img\" aria-labelledby=\"h-title h-desc\""))
        #expect(svg.contains("<text x=\"24\" y=\"27\" text-anchor=\"end\">W1</text><text x=\"775\" y=\"27\">W1</text>"))
        #expect(SVGTextBox.overlapping(SVGTextBox.boxes(svg)).isEmpty)
        #expect(SVGTextBox.boxes(svg).allSatisfy { $0.x0 >= 0 && $0.x1 <= 802 })
    }
}
