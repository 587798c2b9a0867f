import Testing
@testable import WaymarkKit

struct HabitCalendarTests {
    typealias Cell = HabitCalendar.Cell
    static let today = LocalDate(year: 2026, month: 11, day: 29)!  // a Sunday; the grid starts Mon 2025-11-24

    static func labels(_ legend: HabitCalendar.Legend = .items([(.missed, "Not done"), (.done, "Done"), (.skipped, "Skipped")]))
        -> HabitCalendar.Labels {
        HabitCalendar.Labels(weekday: { ["", "Mon", "", "Wed", "", "Fri", "", ""][$0] }, month: { "M\($0)" },
                             cell: { day, cell in "\(day): \(cell)" }, legend: legend, title: "Run <&\">", description: "D")
    }

    /// From Sun 2026-11-01: done Nov 2 and 3, skipped Nov 4, skipped and done Nov 5.
    static func days() -> HabitDays {
        let first = LocalDate(year: 2026, month: 11, day: 1)!
        var days = HabitDays(first: first, last: today)
        days.checks[1] = 1
        days.checks[2] = 2
        days.skipped[3] = true
        days.skipped[4] = true
        days.checks[4] = 1
        return days
    }

    @Test func cellsOfAYesNoHabit() {
        let cells = HabitCalendar.cells(Self.days(), today: Self.today, numerical: false)
        // 53 weeks ending on a Sunday: 371 days. 2025-11-24 + 364 = 2026-11-23, so Nov 1 is index
        // 364 − 22 = 342: everything before it is before the habit.
        #expect(cells.count == 371)
        #expect(cells[0..<342].allSatisfy { $0 == .before })
        #expect(Array(cells[342...347]) == [.missed, .done, .done, .skipped, .done, .missed])
        #expect(cells.last == .missed)
        // A habit older than the grid has no `.before` cell.
        let old = HabitDays(first: LocalDate(year: 2020, month: 1, day: 1)!, last: Self.today)
        #expect(HabitCalendar.cells(old, today: Self.today, numerical: false).allSatisfy { $0 == .missed })
    }

    @Test func levelsOfANumericalHabit() {
        // Amounts 1…8 on eight days: the quartiles of the positive amounts are 2.75, 4.5 and 6.25
        // (as the dashboard heatmap), so levels 1, 1, 2, 2, 3, 3, 4, 4; a completion without an
        // amount is level 1; a day without a completion is not done.
        let first = LocalDate(year: 2026, month: 11, day: 19)!
        var days = HabitDays(first: first, last: Self.today)
        for i in 0..<8 {
            days.checks[i] = 1
            days.amounts[i] = Double(i + 1)
        }
        days.checks[9] = 1
        let cells = HabitCalendar.cells(days, today: Self.today, numerical: true)
        let start = 371 - 11  // Nov 19 is 10 days before today
        #expect(Array(cells[start...]) == [1, 1, 2, 2, 3, 3, 4, 4].map(Cell.level) + [.missed, .level(1), .missed])
        #expect(cells[start - 1] == .before)
    }

    @Test func svgOfTheCalendar() {
        let cells = HabitCalendar.cells(Self.days(), today: Self.today, numerical: false)
        let svg = HabitCalendar.svg(today: Self.today, cells: cells, labels: Self.labels(), id: "cal")
        #expect(svg.hasPrefix("<svg class=\"chart heatmap calendar\" viewBox=\"0 0 802 142\" role=\"img\" aria-labelledby=\"cal-title cal-desc\""))
        #expect(svg.contains("<title id=\"cal-title\">Run &lt;&amp;&quot;&gt;</title>"))
        // The pattern's background, the one cell that 371 days place with <use>, 3 legend boxes.
        #expect(svg.components(separatedBy: "<rect").count - 1 == 1 + 1 + 3)
        #expect(svg.components(separatedBy: "<use href=\"#cal-c\"").count - 1 == 371)
        #expect(svg.contains("<pattern id=\"cal-skip\"") && svg.contains("<rect id=\"cal-c\" width=\"11\" height=\"11\" rx=\"2\"/></defs>"))
        // Nov 4 is day 345: column 49, row 2, at 30 + 49 × 14 = 716, 18 + 2 × 14 = 46.
        #expect(svg.contains("<use href=\"#cal-c\" x=\"716\" y=\"46\" class=\"skip\" fill=\"url(#cal-skip)\"><title>2026-11-04: skipped</title></use>"))
        #expect(svg.contains("<use href=\"#cal-c\" x=\"30\" y=\"18\" class=\"none\"><title>2025-11-24: before</title></use>"))
        #expect(svg.contains("class=\"l4\"><title>2026-11-02: done</title>") && svg.contains("class=\"l0\"><title>2026-11-29: missed</title>"))
        // Legend: boxes and words 11 + 4 + 8 × 6.6 = 67.8, 41.4 and 61.2 wide with 12 between:
        // 194.4 in all, ending 4 units from the right edge, so starting at 774 − 4 − 194.4 = 575.6.
        #expect(svg.contains("<rect x=\"575.6\" y=\"124\" width=\"11\" height=\"11\" rx=\"2\" class=\"l0\"/><text x=\"590.6\" y=\"133\">Not done</text>"))
        #expect(svg.contains("<rect x=\"655.4\" y=\"124\" width=\"11\" height=\"11\" rx=\"2\" class=\"l4\"/><text x=\"670.4\" y=\"133\">Done</text>"))
        #expect(svg.contains("<rect x=\"708.8\" y=\"124\" width=\"11\" height=\"11\" rx=\"2\" class=\"skip\" fill=\"url(#cal-skip)\"/><text x=\"723.8\" y=\"133\">Skipped</text>"))
        #expect(SVGTextBox.overlapping(SVGTextBox.boxes(svg)).isEmpty)
        // Too few cells: the rest are drawn as before the habit.
        let short = HabitCalendar.svg(today: Self.today, cells: [], labels: Self.labels(), id: "cal")
        #expect(short.components(separatedBy: "class=\"none\"").count - 1 == 371)
    }

    @Test func scaleLegendMatchesTheDashboardHeatmap() {
        // The numerical calendar's legend is the heatmap's, byte for byte, and so is the axis.
        let svg = HabitCalendar.svg(today: Self.today, cells: [], labels: Self.labels(.scale(less: "Less", more: "More")), id: "h")
        let heat = Heatmap.svg(today: Self.today, value: { _ in 0 },
                               labels: Heatmap.Labels(weekday: { ["", "Mon", "", "Wed", "", "Fri", "", ""][$0] }, month: { "M\($0)" },
                                                      cell: { _, _ in "" }, less: "Less", more: "More", title: "T", description: "D"), id: "h")
        let legend = { (s: String) in s.components(separatedBy: "<g class=\"legend axis\">").last ?? "" }
        let axis = { (s: String) in s.components(separatedBy: "<g class=\"cells\">").first?.components(separatedBy: "<g class=\"axis\">").last ?? "" }
        #expect(legend(svg) == legend(heat) && legend(svg).contains(">Less</text>"))
        // Both repeat the weekday labels right of the last week (30 + 53 × 14 + 3 = 775), so a phone,
        // which opens them scrolled to the latest weeks, shows labels; the view is 774 + 28 wide.
        let right = ["<text x=\"775\" y=\"27\">Mon</text>", "<text x=\"775\" y=\"55\">Wed</text>", "<text x=\"775\" y=\"83\">Fri</text>"]
        #expect(right.allSatisfy { axis(heat).contains($0) })
        #expect(axis(svg) == axis(heat) && axis(svg).contains(">M12</text>"))
    }

    @Test func chineseLegendDoesNotOverlap() {
        let zh = Self.labels(.items([(.missed, "未完成"), (.done, "完成"), (.skipped, "跳过"), (.before, "开始之前")]))
        let svg = HabitCalendar.svg(today: Self.today, cells: [], labels: zh, id: "z")
        #expect(SVGTextBox.overlapping(SVGTextBox.boxes(svg)).isEmpty)
        #expect(SVGTextBox.boxes(svg).allSatisfy { $0.x0 >= 0 && $0.x1 <= 802 })
    }
}
