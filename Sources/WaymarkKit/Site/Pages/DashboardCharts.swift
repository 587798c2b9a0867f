/// The dashboard's charts: a period's points as bars and the last 53 weeks as a heatmap, each
/// with a visible heading and a table of its numbers (the page's way to read them without a mouse).
enum DashboardCharts {
    /// One bar of the period chart.
    struct Bucket {
        /// What the bar covers, as a table cell ("Nov 23, 2026", "November 2026", "2026").
        var when: String
        /// The bar's tooltip ("week of Nov 23, 2026 · 12 points").
        var title: String
        var value: Int
        /// The bar that holds today, drawn darker.
        var highlight: Bool
    }

    /// A period's bars, with the axis labels for each drawing and the words around them.
    struct Series {
        var title: String
        var buckets: [Bucket] = []
        var wideLabels: [String?] = []
        var narrowLabels: [String?] = []
        /// What the darker bar stands for ("Today", "This week"); nil when no bar is darker.
        var highlightLabel: UIString?
        /// The table's first column ("Hour", "Date", "Week of", "Month", "Year").
        var column: UIString
        /// How each bar is described in the chart's summary ("week of Nov 23, 2026").
        var whens: [String] = []
    }

    static let wideWidth = 720.0, narrowWidth = 340.0
    /// Weekly bars up to about two years (106 weeks); monthly bars up to 11 years (132 months);
    /// yearly bars beyond, so the all-time chart never draws more than ~130 bars.
    static let maxWeeks = 106, maxMonths = 132

    /// Hourly bars for the day, daily bars for a week or month, weekly bars for a year, and
    /// weekly, monthly or yearly bars for all time depending on its length.
    static func series(_ stats: PointStatistics, _ period: Period, _ content: SiteContent, _ phrases: Phrases,
                       _ r: PageRenderer) -> Series {
        let p = stats.period(period)
        let f = r.format
        switch period {
        case .day:
            var s = Series(title: r.text(.chartHours), highlightLabel: nil, column: .hourColumn)
            for (h, n) in hourly(content, stats).enumerated() {
                let when = HabitCharts.hourLabel(h, r)
                s.buckets.append(Bucket(when: when, title: when + " · " + phrases.points(n), value: n, highlight: false))
                s.whens.append(when)
                s.wideLabels.append(h % 3 == 0 ? pad(h, 2) : nil)
                s.narrowLabels.append(h % 6 == 0 ? pad(h, 2) : nil)
            }
            return s
        case .week, .month:
            var s = Series(title: r.text(.chartDays), highlightLabel: .todayColumn, column: .date)
            for i in 0..<p.days {
                let day = p.start.adding(days: i)
                let n = stats.daily.earned(on: day)
                s.buckets.append(Bucket(when: f.longDate(day), title: f.longDate(day) + " · " + phrases.points(n), value: n,
                                        highlight: day == stats.today))
                s.whens.append(f.longDate(day))
                if period == .week {
                    s.wideLabels.append(phrases.weekday(day.weekday))
                    s.narrowLabels.append(phrases.weekday(day.weekday))
                } else {
                    s.wideLabels.append(i % 5 == 0 ? f.shortDate(day) : nil)
                    s.narrowLabels.append(i % 10 == 0 ? f.shortDate(day) : nil)
                }
            }
            return s
        case .year, .all:
            let weeks = p.start.startOfWeek.days(to: p.end) / 7 + 1
            let months = (p.end.year - p.start.year) * 12 + p.end.month - p.start.month + 1
            if period == .year || weeks <= maxWeeks { return weekly(stats, p, phrases, r) }
            return months <= maxMonths ? monthly(stats, p, phrases, r) : yearly(stats, p, phrases, r)
        }
    }

    /// Monday-based weeks, labelled with the month that begins in them.
    static func weekly(_ stats: PointStatistics, _ p: PeriodStats, _ phrases: Phrases, _ r: PageRenderer) -> Series {
        var s = Series(title: r.text(.chartWeeks), highlightLabel: .thisWeek, column: .weekStarting)
        var offered: [String?] = []
        var monday = p.start.startOfWeek
        while monday <= p.end {
            let from = max(monday, p.start), to = min(monday.adding(days: 6), p.end)
            let n = stats.daily.earned(from: from, to: to)
            let when = r.text(.weekOf, ["date": r.format.longDate(from)])
            s.buckets.append(Bucket(when: r.format.longDate(from), title: when + " · " + phrases.points(n), value: n, highlight: to == stats.today))
            s.whens.append(when)
            let begins = (0..<7).map { monday.adding(days: $0) }.first { $0 >= p.start && $0 <= p.end && $0.day == 1 }
            let mark = begins ?? (monday <= p.start && from.day <= 10 ? from : nil)
            offered.append(mark.map { r.format.monthShort($0.month) })
            monday = monday.adding(days: 7)
        }
        s.wideLabels = BarChart.fittingLabels(offered, width: wideWidth, gap: 10)
        s.narrowLabels = BarChart.fittingLabels(offered, width: narrowWidth, gap: 10)
        return s
    }

    /// Calendar months, labelled with the year where a year begins.
    static func monthly(_ stats: PointStatistics, _ p: PeriodStats, _ phrases: Phrases, _ r: PageRenderer) -> Series {
        var s = Series(title: r.text(.chartMonths), highlightLabel: .thisMonth, column: .month)
        var offered: [String?] = []
        var first = p.start.startOfMonth
        while first <= p.end {
            let last = first.adding(days: LocalDate.daysIn(month: first.month, year: first.year) - 1)
            let n = stats.daily.earned(from: max(first, p.start), to: min(last, p.end))
            let when = r.format.monthYear(year: first.year, month: first.month)
            s.buckets.append(Bucket(when: when, title: when + " · " + phrases.points(n), value: n, highlight: last >= stats.today))
            s.whens.append(when)
            offered.append(first.month == 1 || (first <= p.start && first.month <= 3) ? String(first.year) : nil)
            first = last.adding(days: 1)
        }
        s.wideLabels = BarChart.fittingLabels(offered, width: wideWidth, gap: 10)
        s.narrowLabels = BarChart.fittingLabels(offered, width: narrowWidth, gap: 10)
        return s
    }

    /// Calendar years, every one labelled where the labels fit.
    static func yearly(_ stats: PointStatistics, _ p: PeriodStats, _ phrases: Phrases, _ r: PageRenderer) -> Series {
        var s = Series(title: r.text(.chartYears), highlightLabel: .thisYear, column: .yearColumn)
        for year in p.start.year...max(p.start.year, p.end.year) {
            guard let jan1 = LocalDate(year: year, month: 1, day: 1), let dec31 = LocalDate(year: year, month: 12, day: 31) else { continue }
            let n = stats.daily.earned(from: max(jan1, p.start), to: min(dec31, p.end))
            s.buckets.append(Bucket(when: String(year), title: r.format.year(year) + " · " + phrases.points(n), value: n, highlight: dec31 >= stats.today))
            s.whens.append(String(year))
        }
        let offered = s.buckets.map { Optional($0.when) }
        s.wideLabels = BarChart.fittingLabels(offered, width: wideWidth, gap: 10)
        s.narrowLabels = BarChart.fittingLabels(offered, width: narrowWidth, gap: 10)
        return s
    }

    /// The bar chart in one of its two drawings. Only the wide one carries tooltips.
    static func barChart(_ s: Series, _ p: PeriodStats, _ phrases: Phrases, _ r: PageRenderer, wide: Bool) -> String {
        let f = r.format
        let description: String
        if let best = s.buckets.indices.max(by: { s.buckets[$0].value < s.buckets[$1].value || (s.buckets[$0].value == s.buckets[$1].value && $0 > $1) }),
           s.buckets[best].value > 0 {
            description = r.text(.chartDescription, ["total": phrases.points(p.total), "start": f.longDate(p.start), "end": f.longDate(p.end),
                                                     "best": phrases.points(s.buckets[best].value), "when": s.whens[best]])
        } else {
            description = r.text(.chartEmpty, ["start": f.longDate(p.start), "end": f.longDate(p.end)])
        }
        let labels = wide ? s.wideLabels : s.narrowLabels
        let bars = s.buckets.indices.map { i in
            BarChart.Bar(title: wide ? s.buckets[i].title : "", label: i < labels.count ? labels[i] : nil, value: s.buckets[i].value,
                         highlight: s.buckets[i].highlight)
        }
        return BarChart.svg(bars, width: wide ? wideWidth : narrowWidth, height: wide ? 220 : 200, id: "chart-" + (wide ? "wide" : "narrow"),
                            title: s.title, description: description, className: wide ? "wide" : "narrow", wholeNumbers: true)
    }

    /// The bar chart's template data: heading, both drawings, the legend and the table (newest first).
    static func barPanel(_ stats: PointStatistics, _ period: Period, _ content: SiteContent, _ phrases: Phrases,
                         _ r: PageRenderer) -> TemplateValue {
        let s = series(stats, period, content, phrases, r)
        let p = stats.period(period)
        return [
            "title": .string(s.title),
            "wide": .html(barChart(s, p, phrases, r, wide: true)),
            "narrow": .html(barChart(s, p, phrases, r, wide: false)),
            "highlight": s.buckets.contains(where: \.highlight) ? .from(s.highlightLabel.map { r.text($0) }) : .null,
            "column": .string(r.text(s.column)),
            "rows": .array(s.buckets.reversed().map { b in ["when": .string(b.when), "value": .string(r.format.integer(b.value))] }),
        ]
    }

    /// Points earned in each wall-clock hour of today (whole-day records have no hour).
    static func hourly(_ content: SiteContent, _ stats: PointStatistics) -> [Int] {
        var hours = [Int](repeating: 0, count: 24)
        for record in content.pointsNewestFirst where record.point > 0 {
            guard case .instant(let s) = record.date, s <= stats.now else { continue }
            let wall = stats.zone.localDateTime(of: s)
            if wall.date < stats.today { break }
            if wall.date == stats.today { hours[wall.hour] = hours[wall.hour].saturatingAdd(record.point) }
        }
        return hours
    }

    // MARK: Heatmap

    static func heatmapSVG(_ stats: PointStatistics, _ phrases: Phrases, _ r: PageRenderer) -> String {
        let first = Heatmap.firstDay(today: stats.today)
        let days = (0...first.days(to: stats.today)).map { first.adding(days: $0) }
        let values = days.map { stats.daily.earned(on: $0) }
        let active = values.filter { $0 > 0 }.count
        var description = r.text(.heatmapEmpty)
        if let best = values.indices.max(by: { values[$0] < values[$1] || (values[$0] == values[$1] && $0 > $1) }), values[best] > 0 {
            description = r.text(.heatmapDescription, ["active": r.format.integer(active), "days": r.format.integer(days.count),
                                                       "best": phrases.points(values[best]), "date": r.format.longDate(days[best])])
        }
        let labels = Heatmap.Labels(
            weekday: phrases.weekday, month: r.format.monthShort,
            cell: { day, n in r.format.longDate(day) + phrases.colon + phrases.points(n) },
            less: r.text(.less), more: r.text(.more), title: r.text(.heatmapTitle), description: description)
        return Heatmap.svg(today: stats.today, value: { stats.daily.earned(on: $0) }, labels: labels, id: "heatmap")
    }

    /// The heatmap's numbers: a row per week (newest first), a column per weekday; days after
    /// today are empty.
    static func heatmapTable(_ stats: PointStatistics, _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        let first = Heatmap.firstDay(today: stats.today)
        let rows: [TemplateValue] = (0..<Heatmap.weeks).reversed().map { week in
            let monday = first.adding(days: 7 * week)
            let cells: [TemplateValue] = (0..<7).map { d in
                let day = monday.adding(days: d)
                return .string(day > stats.today ? "" : r.format.integer(stats.daily.earned(on: day)))
            }
            return ["week": .string(r.format.longDate(monday)), "days": .array(cells)]
        }
        return ["weekdays": .array((1...7).map { .string(phrases.weekday($0)) }), "rows": .array(rows)]
    }
}
