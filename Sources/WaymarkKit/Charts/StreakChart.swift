/// A habit's best streaks as horizontal bars, as Loop Habit Tracker draws them: one row per
/// streak in the order given (the caller puts the newest on top), each bar centred and as long as
/// its share of the longest (which spans the width left by the date labels), its length written
/// inside, its first day left of it and its last day right of it. A bar is never narrower than its
/// length label; when the dates would leave the bars less than a quarter of the width, they are
/// left out (each bar's `<title>` still names them).
public enum StreakChart {
    /// Text the chart shows, supplied by the page in its language.
    public struct Labels {
        /// A streak's first or last day, e.g. "Mar 4, 2026".
        public var date: (LocalDate) -> String
        /// A streak's length as written in its bar, e.g. "12".
        public var length: (Int) -> String
        /// A bar's `<title>`, e.g. "Mar 4 – Mar 15, 2026: 12 days".
        public var bar: (HabitStreak) -> String
        public var title: String
        public var description: String

        public init(date: @escaping (LocalDate) -> String, length: @escaping (Int) -> String, bar: @escaping (HabitStreak) -> String,
                    title: String, description: String) {
            self.date = date
            self.length = length
            self.bar = bar
            self.title = title
            self.description = description
        }
    }

    static let rowHeight = 24.0, barHeight = 18.0, pad = 4.0
    /// Space between a bar and its dates; extra width of a bar around its length label.
    static let textMargin = 6.0, em = 11.0

    /// Where one row's bar and texts go; texts are centred on `y` (dy 0.32em).
    struct Row {
        var x: Double, width: Double, y: Double
        var level: Int  // 3 for the longest, 2 from 80 %, 1 from 50 %, else 0
        var length: String, start: String?, end: String?
    }

    static func layout(_ streaks: [HabitStreak], width: Double, labels: Labels, measure: (HabitStreak) -> Int = \.length) -> [Row] {
        let lengths = streaks.map { max(0, measure($0)) }
        let longest = Double(max(1, lengths.max() ?? 1))
        let dates = streaks.map { (labels.date($0.start), labels.date($0.end)) }
        // 8 % over the estimate: in a Chinese font the digits of "2023年11月14日" draw a little wider
        // than the 0.6 em the estimate takes, and the dates sit at the chart's very edges.
        let widest = (dates.map { max(TimeTicks.estimatedWidth($0.0), TimeTicks.estimatedWidth($0.1)) }.max() ?? 0) * 1.08
        var available = width - 2 * (widest + textMargin)
        let showDates = available >= width / 4
        if !showDates { available = width }
        return streaks.indices.map { i in
            let share = Double(lengths[i]) / longest
            let text = labels.length(lengths[i])
            // Never wider than the room between the dates, or the end date would leave the chart.
            let w = min(available, max(share * available, TimeTicks.estimatedWidth(text) + em))
            let level = share >= 1 ? 3 : share >= 0.8 ? 2 : share >= 0.5 ? 1 : 0
            return Row(x: (width - w) / 2, width: w, y: pad + (Double(i) + 0.5) * rowHeight, level: level, length: text,
                       start: showDates ? dates[i].0 : nil, end: showDates ? dates[i].1 : nil)
        }
    }

    /// `measure` gives each bar's length: a streak's days, or its weeks or months.
    public static func svg(_ streaks: [HabitStreak], width: Double, labels: Labels, id: String, color: Color? = nil,
                           className: String = "", measure: (HabitStreak) -> Int = \.length) -> String {
        let height = 2 * pad + Double(streaks.count) * rowHeight
        var out = SVG.open(id: id, width: width, height: height, className: "chart streaks " + className,
                           title: labels.title, desc: labels.description)
        out += "<g class=\"series\"\(SVG.seriesStyle(color))>"
        let c = WeightChart.c
        for (i, row) in layout(streaks, width: width, labels: labels, measure: measure).enumerated() {
            let y = c(row.y)
            out += "<g class=\"s\(row.level)\"><rect x=\"\(c(row.x))\" y=\"\(c(row.y - barHeight / 2))\" width=\"\(c(row.width))\" "
            out += "height=\"\(c(barHeight))\" rx=\"3\"><title>\(SVG.text(labels.bar(streaks[i])))</title></rect>"
            out += "<text class=\"length\" x=\"\(c(width / 2))\" y=\"\(y)\" dy=\"0.32em\" text-anchor=\"middle\">\(SVG.text(row.length))</text>"
            if let start = row.start, let end = row.end {
                out += "<text x=\"\(c(row.x - textMargin))\" y=\"\(y)\" dy=\"0.32em\" text-anchor=\"end\">\(SVG.text(start))</text>"
                out += "<text x=\"\(c(row.x + row.width + textMargin))\" y=\"\(y)\" dy=\"0.32em\">\(SVG.text(end))</text>"
            }
            out += "</g>"
        }
        return out + "</g></svg>"
    }
}
