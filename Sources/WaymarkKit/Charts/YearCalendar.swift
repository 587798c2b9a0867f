/// A year as twelve small month calendars of inline SVG, one per month: a row per week, Monday
/// first, a day's square shaded by its value in five levels, a `<title>` per day. The page sets
/// them side by side, so a phone shows the year three months to a row without scrolling.
public enum YearCalendar {
    /// Text the chart shows, supplied by the page in its language.
    public struct Labels {
        /// The seven column heads, Monday first (one short word each, e.g. "M" or "一").
        public var weekdays: [String]
        /// A day's `<title>`, e.g. "Mar 4, 2026: 12 points".
        public var cell: (LocalDate, Int) -> String
        /// A month's accessible title and description.
        public var title: (YearDayCounts.Month) -> String
        public var description: (YearDayCounts.Month) -> String

        public init(weekdays: [String], cell: @escaping (LocalDate, Int) -> String, title: @escaping (YearDayCounts.Month) -> String,
                    description: @escaping (YearDayCounts.Month) -> String) {
            self.weekdays = weekdays
            self.cell = cell
            self.title = title
            self.description = description
        }
    }

    static let pitch = 14.0, cell = 11.0, top = 14.0
    /// Seven columns; six week rows (every month fits), so all twelve have one size.
    static let width = 7 * pitch - (pitch - cell), height = top + 6 * pitch - (pitch - cell)

    /// The level function of a year's values: 0 for zero. When the values above zero take at
    /// most four different values, the largest is level 4 and each smaller one a level lighter
    /// (a yes/no habit's single check is the darkest); else the quartiles of the values above
    /// zero, as the dashboard heatmap (`Heatmap.level`).
    public static func levels(_ values: [Int]) -> (Int) -> Int {
        let distinct = Array(Set(values.filter { $0 > 0 })).sorted()
        if distinct.count <= 4 {
            let rank = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($0.element, 4 - (distinct.count - 1 - $0.offset)) })
            return { v in v > 0 ? rank[v] ?? 4 : 0 }
        }
        let bounds = Heatmap.thresholds(values)
        return { Heatmap.level($0, thresholds: bounds) }
    }

    /// The calendar of `month` (1…12) of `counts`: its days counted shaded by `level`, its days
    /// after the last counted (the rest of the current year) as empty outlines.
    public static func month(_ month: Int, of counts: YearDayCounts, level: (Int) -> Int, labels: Labels, id: String) -> String {
        String(decoding: monthBytes(month, of: counts, level: level, labels: labels, id: id), as: UTF8.self)
    }

    /// `month(_:of:level:labels:id:)` as UTF-8, written as bytes (a year's page draws 12 months of
    /// up to 31 days for each of its measures).
    static func monthBytes(_ month: Int, of counts: YearDayCounts, level: (Int) -> Int, labels: Labels, id: String) -> [UInt8] {
        guard let first = LocalDate(year: counts.start.year, month: month, day: 1) else { return [] }
        let length = LocalDate.daysIn(month: month, year: first.year)
        let summary = counts.months.first { $0.month == month }
            ?? YearDayCounts.Month(month: month, start: first, total: 0, activeDays: 0, days: 0)
        var out = SVGWriter(capacity: length * 100 + 600)
        out.markup(SVG.open(id: id, width: width, height: height, className: "chart heatmap year-month-chart",
                            title: labels.title(summary), desc: labels.description(summary)))
        out += "<g class=\"axis\">"
        for (i, name) in labels.weekdays.prefix(7).enumerated() {
            out.text(name, x: Double(i) * pitch + cell / 2, y: 9, attributes: " text-anchor=\"middle\"")
        }
        out += "</g><g class=\"cells\">"
        let lastCounted = counts.end
        var row = 0
        for d in 0..<length {
            let day = first.adding(days: d)
            if d > 0 && day.weekday == 1 { row += 1 }
            out += "<rect x=\""
            out.number(Double(day.weekday - 1) * pitch)
            out += "\" y=\""
            out.number(top + Double(row) * pitch)
            out += "\" width=\"11\" height=\"11\" rx=\"2\" "
            if counts.values.isEmpty || day > lastCounted {
                out += "class=\"none\"/>"
                continue
            }
            let v = counts.value(on: day)
            out += "class=\"l"
            out.integer(level(v))
            out += "\"><title>"
            out.text(labels.cell(day, v))
            out += "</title></rect>"
        }
        out += "</g></svg>"
        return out.finish()
    }
}
