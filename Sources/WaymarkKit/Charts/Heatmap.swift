/// A calendar heatmap as inline SVG: weeks as columns (Monday on top), 53 of them ending with the
/// week of `today`, five levels, a `<title>` per day and a legend. The weekday labels stand on
/// both sides, so a narrow screen that opens the scrolled chart at the latest weeks sees them too.
public enum Heatmap {
    public static let weeks = 53

    /// Text the chart shows, supplied by the page in its language.
    public struct Labels {
        public var weekday: (Int) -> String  // ISO weekday 1…7
        public var month: (Int) -> String  // 1…12
        public var cell: (LocalDate, Int) -> String
        public var less: String
        public var more: String
        public var title: String
        public var description: String

        public init(weekday: @escaping (Int) -> String, month: @escaping (Int) -> String, cell: @escaping (LocalDate, Int) -> String,
                    less: String, more: String, title: String, description: String) {
            self.weekday = weekday
            self.month = month
            self.cell = cell
            self.less = less
            self.more = more
            self.title = title
            self.description = description
        }
    }

    /// The first day shown: the Monday 52 weeks before the week of `today`.
    public static func firstDay(today: LocalDate) -> LocalDate {
        today.startOfWeek.adding(days: -7 * (weeks - 1))
    }

    /// Upper bounds of levels 1, 2 and 3: the quartiles of the non-zero values (level 4 above).
    public static func thresholds(_ values: [Int]) -> [Double] {
        let nonZero = values.filter { $0 > 0 }.map(Double.init).sorted()
        guard !nonZero.isEmpty else { return [] }
        return [0.25, 0.5, 0.75].compactMap { Quantile.sorted(nonZero, $0) }
    }

    /// 0 for no points, else 1…4 by quartile.
    public static func level(_ value: Int, thresholds: [Double]) -> Int {
        guard value > 0 else { return 0 }
        let v = Double(value)
        for (i, t) in thresholds.enumerated() where v <= t { return i + 1 }
        return 4
    }

    /// The grid's geometry, shared with `HabitCalendar`: 11-unit cells every 14 units.
    static let cell = 11.0, pitch = 14.0, left = 30.0, top = 18.0
    static let width = left + Double(weeks) * pitch + 2
    static let height = top + 7 * pitch + 26
    /// The dashboard heatmap's width: the grid and a second column of weekday labels on the right.
    static let labelledWidth = width + 28

    /// The axis group: weekday labels (Mon, Wed, Fri) and month labels above the weeks; with
    /// `rightLabels`, the weekday labels again after the last week.
    /// `columns` is the number of weeks drawn (53 but for a half-year's calendar).
    static func axis(first: LocalDate, today: LocalDate, weekday: (Int) -> String, month: (Int) -> String,
                     rightLabels: Bool = false, columns: Int = weeks) -> String {
        // Written as bytes: every habit page and year page draws a calendar or three (a year
        // wide and as two half-years), each with up to 20 labels.
        var out = SVGWriter(capacity: 1200)
        out += "<g class=\"axis\">"
        for weekdayNumber in [1, 3, 5] {
            let y = top + Double(weekdayNumber - 1) * pitch + 9
            let name = weekday(weekdayNumber)
            out.text(name, x: left - 6, y: y, attributes: " text-anchor=\"end\"")
            if rightLabels { out.text(name, x: left + Double(columns) * pitch + 3, y: y) }
        }
        var lastLabelColumn = -10
        for column in 0..<columns {
            let monday = first.adding(days: column * 7)
            // A month is labelled above the first week that holds its first day: the Monday
            // itself, or the one day of the week after the end of the Monday's month.
            let rest = LocalDate.daysIn(month: monday.month, year: monday.year) - monday.day
            let candidate: LocalDate? = monday.day == 1 ? monday : rest < 6 ? monday.adding(days: rest + 1) : nil
            let firstOfMonth = candidate.flatMap { $0 <= today ? $0 : nil }
            let labelled = column == 0 && monday.day <= 21 ? monday : firstOfMonth
            if let labelled, column - lastLabelColumn >= 3 {
                out.text(month(labelled.month), x: left + Double(column) * pitch, y: 11)
                lastLabelColumn = column
            }
        }
        out += "</g>"
        return String(decoding: out.finish(), as: UTF8.self)
    }

    /// The opening `<rect>` of day `i` of the grid (column i / 7, row i % 7), up to its class.
    static func cellRect(_ i: Int) -> String {
        "<rect x=\"\(SVG.number(left + Double(i / 7) * pitch))\" y=\"\(SVG.number(top + Double(i % 7) * pitch))\" width=\"11\" height=\"11\" rx=\"2\" "
    }

    public static func svg(today: LocalDate, value: (LocalDate) -> Int, labels: Labels, id: String) -> String {
        let first = firstDay(today: today)
        let days = (0...first.days(to: today)).map { first.adding(days: $0) }
        let values = days.map(value)
        let bounds = thresholds(values)

        var out = SVG.open(id: id, width: labelledWidth, height: height, className: "chart heatmap", title: labels.title, desc: labels.description)
        out.reserveCapacity(days.count * 90 + 2000)
        out += axis(first: first, today: today, weekday: labels.weekday, month: labels.month, rightLabels: true)
        out += "<g class=\"cells\">"
        for (i, day) in days.enumerated() {
            out += cellRect(i) + "class=\"l\(level(values[i], thresholds: bounds))\"><title>"
            out += SVG.text(labels.cell(day, values[i])) + "</title></rect>"
        }
        out += "</g><g class=\"legend axis\">"
        out += scaleLegend(less: labels.less, more: labels.more)
        out += "</g></svg>"
        return out
    }

    /// "Less", five boxes l0…l4 and "More", ending at the chart's right edge.
    static func scaleLegend(less: String, more: String, right: Double = width) -> String {
        let legendY = top + 7 * pitch + 8
        let boxesLeft = right - 4 - 5 * pitch - 34
        var out = "<text x=\"\(SVG.number(boxesLeft - 6))\" y=\"\(SVG.number(legendY + 9))\" text-anchor=\"end\">\(SVG.text(less))</text>"
        for level in 0...4 {
            out += "<rect x=\"\(SVG.number(boxesLeft + Double(level) * pitch))\" y=\"\(SVG.number(legendY))\" width=\"\(SVG.number(cell))\" height=\"\(SVG.number(cell))\" rx=\"2\" class=\"l\(level)\"/>"
        }
        out += "<text x=\"\(SVG.number(boxesLeft + 5 * pitch + 2))\" y=\"\(SVG.number(legendY + 9))\">\(SVG.text(more))</text>"
        return out
    }
}
