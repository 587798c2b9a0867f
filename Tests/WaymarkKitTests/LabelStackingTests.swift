import Testing
@testable import WaymarkKit

struct LabelStackingTests {
    @Test func noTwoLabelsInARowOverlap() {
        var g: UInt64 = 7
        func next() -> Double {
            g = g &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(g >> 40) / Double(1 << 24)
        }
        let spans = (0..<200).map { _ -> (start: Double, end: Double) in
            let start = next() * 700
            return (start, start + 20 + next() * 150)
        }
        let rows = LabelStacking.rows(spans, gap: 6)
        for i in spans.indices {
            for j in spans.indices where j != i && rows[i] == rows[j] {
                let separate = spans[i].end + 6 <= spans[j].start || spans[j].end + 6 <= spans[i].start
                #expect(separate, "labels \(i) and \(j) overlap in row \(rows[i])")
            }
        }
        #expect(LabelStacking.rows([(0, 50), (60, 100), (30, 80), (200, 210)], gap: 6) == [0, 0, 1, 0])
    }

    @Test func timelineSpansAtLeastTodayMinus14ToPlus30() {
        let today = LocalDate(year: 2026, month: 11, day: 29)!.dayNumber
        #expect(TimelineChart.domain([], today: today) == (today - 14, today + 30))
        let far = TimelineChart.Marker(day: today - 100, kind: .overdue, label: "x", title: "x")
        #expect(TimelineChart.domain([far], today: today) == (today - 100, today + 30))
    }

    @Test func timelineLabelsNeverOverlap() {
        let today = 20_786
        let markers = (0..<30).map { TimelineChart.Marker(day: today - 10 + $0 % 7, kind: .upcoming, label: "目标 number \($0) with a long name", title: "") }
        let o = TimelineChart.Options(width: 340, today: today, todayLabel: "Today", xTicks: 4, maxLabel: 14, tickLabel: { $0.description },
                                      title: "t", description: "d", id: "t", className: "")
        let (_, spans, rows) = TimelineChart.layout(markers, o)
        for i in spans.indices {
            for j in spans.indices where j > i && rows[i] == rows[j] {
                #expect(spans[i].end + 6 <= spans[j].start || spans[j].end + 6 <= spans[i].start)
            }
        }
        let svg = TimelineChart.svg(markers, o)
        #expect(svg.components(separatedBy: "<title>").count - 1 == 30)  // one per marker
        #expect(svg.contains("<title id=\"t-title\">t</title><desc id=\"t-desc\">d</desc>"))
    }
}
