import Testing
@testable import WaymarkKit

/// A habit's charts are finished markup (`TemplateValue.chart`), which the page's date pass
/// jumps over: that is right only when the pass would leave them exactly as they are. The plain
/// reference is the pass itself, run over each chart alone; a habit whose name holds a date and
/// a closing `</svg>` would end the skip early if a chart wrote it unescaped.
struct ChartMarkupTests {
    static func finished(_ value: TemplateValue) -> [[UInt8]] {
        switch value {
        case .finishedHTML(let bytes): return [bytes]
        case .array(let items): return items.flatMap(finished)
        case .object(let members): return members.keys.sorted().flatMap { finished(members[$0] ?? .null) }
        default: return []
        }
    }

    @Test(arguments: [Language.en, .zhHans])
    func theDatePassWouldLeaveEveryChartAsItIs(language: Language) throws {
        let today = HabitCalendarTitleTests.day(2026, 3, 10)
        let options = SiteOptions(now: Int64(today.dayNumber) * 86_400 + 43_200, zone: .utc, language: language)
        let r = PageRenderer(templates: try TemplateSet([:]), options: options, siteTitle: "x")
        var days = HabitCalendarTitleTests.figures(unit: "km", target: 3).days
        for i in 0..<days.count { days.hours[i % 24] += days.checks[i] }
        let tag = Tag(name: "Run </svg> Nov 29 12月8日", habit: HabitDetails(unit: "km", target: 3))
        let h = HabitFigures(name: tag.name ?? "", tag: tag, days: days)
        var charts = Self.finished(.object(HabitCharts.all(h, today: today, r.phrases, r)))
        let year = HabitCharts.yearCalendar(h, year: 2025, today: HabitCalendarTitleTests.day(2025, 12, 31), r.phrases, r)
        charts += [year.wide, year.narrow]
        charts += Self.finished(HabitCharts.history(h, .week, id: "week", limit: 60, checked: true, year: 2025, r.phrases, r))
        // The strength chart, ring, calendar, four histories, weekdays, hours, frequency, streaks;
        // the year's two calendars and its history.
        #expect(charts.count == 14)
        var dated = 0
        for chart in charts {
            let text = String(decoding: chart, as: UTF8.self)
            #expect(chart.first == UInt8(ascii: "<") && chart.last == UInt8(ascii: ">"), "\(text.prefix(60))")
            #expect(DateNoBreak.wrap(chart) == chart, "\(text.prefix(60))")
            #expect(text.contains("&lt;/svg&gt;") || !text.contains("Run"))
            if text.contains(language == .en ? "Mar 9" : "3月9日") || text.contains(language == .en ? "Dec 31" : "12月31日") { dated += 1 }
        }
        // The pass would have had dates to wrap in them, were they not in an svg.
        #expect(dated >= 3)
    }
}
