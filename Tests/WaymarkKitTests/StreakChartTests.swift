import Testing
@testable import WaymarkKit

struct StreakChartTests {
    static func streak(_ start: String, _ days: Int) -> HabitStreak {
        let parts = start.split(separator: "-").compactMap { Int($0) }
        let first = LocalDate(year: parts[0], month: parts[1], day: parts[2])!
        return HabitStreak(start: first, end: first.adding(days: days - 1))
    }

    static func labels(date: @escaping (LocalDate) -> String = { $0.description }) -> StreakChart.Labels {
        StreakChart.Labels(date: date, length: { String($0) }, bar: { "\($0.start)–\($0.end): \($0.length) <days> & \"more\"" },
                           title: "Best streaks", description: "D")
    }

    /// Newest first, as the page orders them: 10, 5, 1 and 8 days.
    static let four = [streak("2026-03-01", 10), streak("2026-01-01", 5), streak("2025-06-01", 1), streak("2025-01-01", 8)]

    @Test func geometryWorkedOutByHand() {
        let svg = StreakChart.svg(Self.four, width: 400, labels: Self.labels(), id: "k")
        // Dates "2026-03-01" are 10 × 6.6 = 66 wide, reserved with 8 % to spare: 71.28. Bars get
        // 400 − 2 × (71.28 + 6) = 245.44, centred. 10 days: 245.44 wide at x 77.28; 5 days: 122.72
        // at 138.64; 1 day: 24.544 at 187.728; 8 days: 196.352 at 101.824 (written to 0.1).
        // Rows are 24 high from y 4: centres 16, 40, 64, 88; bars 18 high; the chart 8 + 4 × 24 = 104.
        #expect(svg.hasPrefix("<svg class=\"chart streaks \" viewBox=\"0 0 400 104\""))
        #expect(svg.contains("<g class=\"s3\"><rect x=\"77.3\" y=\"7\" width=\"245.4\" height=\"18\" rx=\"3\">"
            + "<title>2026-03-01–2026-03-10: 10 &lt;days&gt; &amp; &quot;more&quot;</title></rect>"
            + "<text class=\"length\" x=\"200\" y=\"16\" dy=\"0.32em\" text-anchor=\"middle\">10</text>"
            + "<text x=\"71.3\" y=\"16\" dy=\"0.32em\" text-anchor=\"end\">2026-03-01</text>"
            + "<text x=\"328.7\" y=\"16\" dy=\"0.32em\">2026-03-10</text></g>"))
        #expect(svg.contains("<g class=\"s1\"><rect x=\"138.6\" y=\"31\" width=\"122.7\""))
        #expect(svg.contains("<text x=\"132.6\" y=\"40\" dy=\"0.32em\" text-anchor=\"end\">2026-01-01</text><text x=\"267.4\" y=\"40\""))
        #expect(svg.contains("<g class=\"s0\"><rect x=\"187.7\" y=\"55\" width=\"24.5\""))
        #expect(svg.contains("<g class=\"s2\"><rect x=\"101.8\" y=\"79\" width=\"196.4\""))
        // In the order given: the 10-day streak first.
        let order = ["2026-03-10", "2026-01-05", "2025-06-01", "2025-01-08"].compactMap { svg.range(of: ">\($0)</text>")?.lowerBound }
        #expect(order.count == 4 && order == order.sorted())
        #expect(SVGTextBox.overlapping(SVGTextBox.boxes(svg)).isEmpty)
    }

    @Test func aShortBarStillHoldsItsLength() {
        // 1 day against 300: 256 / 300 = 0.85 units, widened to "1" (6.6) + 11 = 17.6 and centred;
        // 3-digit "300" has room in the longest bar.
        let svg = StreakChart.svg([Self.streak("2025-01-01", 300), Self.streak("2026-01-01", 1)], width: 400, labels: Self.labels(), id: "k")
        #expect(svg.contains("<rect x=\"191.2\" y=\"31\" width=\"17.6\""))
        #expect(svg.contains("<text x=\"185.2\" y=\"40\" dy=\"0.32em\" text-anchor=\"end\">2026-01-01</text>"))
        let boxes = SVGTextBox.boxes(svg)
        #expect(SVGTextBox.overlapping(boxes).isEmpty)
        #expect(boxes.allSatisfy { $0.x0 >= 0 && $0.x1 <= 400 })
    }

    @Test func longChineseDatesNeitherOverlapNorLeaveTheChart() {
        // The widest date, "2026年10月12日" (Sep 18 + 24 days), is 8 digits × 6.6 + 3 CJK × 11 = 85.8;
        // with 8 % to spare 92.664; on a 340-unit phone drawing the bars get 340 − 2 × 98.664 =
        // 142.672, more than a quarter of the width, so dates are shown.
        let zh = Self.labels(date: { "\($0.year)年\($0.month)月\($0.day)日" })
        let streaks = (0..<10).map { Self.streak("2026-0\(1 + $0 % 9)-1\($0)", 1 + $0 * 13 % 40) }
        let svg = StreakChart.svg(streaks, width: 340, labels: zh, id: "k")
        let boxes = SVGTextBox.boxes(svg)
        #expect(boxes.count == 30 && svg.contains(">2026年10月12日</text>"))
        #expect(svg.contains("<rect x=\"98.7\" y=\"79\" width=\"142.7\""))  // the longest, 40 days, fourth
        #expect(SVGTextBox.overlapping(boxes).isEmpty, "\(SVGTextBox.overlapping(boxes))")
        #expect(boxes.allSatisfy { $0.x0 >= 0 && $0.x1 <= 340 })
        #expect(svg.contains("height=\"18\"") && svg.contains("viewBox=\"0 0 340 248\""))  // 8 + 10 × 24
    }

    @Test func datesAreLeftOutWhenTheyWouldCrowdTheBars() {
        // At 150 units, 66-wide dates would leave 150 − 144 = 6 < 150 / 4 for bars: only lengths
        // are written, and the longest bar spans the whole width.
        let svg = StreakChart.svg(Self.four, width: 150, labels: Self.labels(), id: "k")
        #expect(svg.contains("<rect x=\"0\" y=\"7\" width=\"150\""))
        #expect(!svg.contains(">2026-03-01</text>") && svg.contains("<title>2026-03-01–2026-03-10"))
        #expect(SVGTextBox.boxes(svg).map(\.text) == ["10", "5", "1", "8"])
    }

    @Test func emptyAndColoured() {
        let empty = StreakChart.svg([], width: 400, labels: Self.labels(), id: "k")
        #expect(empty.contains("viewBox=\"0 0 400 8\"") && !empty.contains("<rect") && empty.hasSuffix("<g class=\"series\"></g></svg>"))
        let coloured = StreakChart.svg([Self.streak("2026-03-01", 3)], width: 400, labels: Self.labels(), id: "k", color: Color(hex: "#00897b"))
        #expect(coloured.contains("<g class=\"series\" style=\"--series: #00897b; --series-fg: #000000\">"))
        // A malformed streak (end before start) counts as 0 days and draws a minimal bar.
        let odd = StreakChart.svg([HabitStreak(start: LocalDate(dayNumber: 10), end: LocalDate(dayNumber: 5))], width: 400, labels: Self.labels(), id: "k")
        #expect(odd.contains(">0</text>") && odd.contains("width=\"17.6\""))
        // A width that is not a number draws at 0 rather than trapping.
        #expect(StreakChart.svg(Self.four, width: .nan, labels: Self.labels(), id: "k").hasSuffix("</g></svg>"))
    }
}
