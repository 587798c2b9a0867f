/// Targets on a horizontal date axis: a "today" rule, one marker per target placed by its
/// deadline and shaped by its state, labels stacked in rows so that none overlap.
public enum TimelineChart {
    public enum Kind: String, Sendable { case overdue, today, upcoming, done }

    public struct Marker: Sendable {
        public var day: Int  // day number of the deadline
        public var kind: Kind
        public var label: String
        /// The marker's `<title>`.
        public var title: String

        public init(day: Int, kind: Kind, label: String, title: String) {
            self.day = day
            self.kind = kind
            self.label = label
            self.title = title
        }
    }

    public struct Options {
        public var width: Double
        public var today: Int
        public var todayLabel: String
        public var xTicks: Int
        public var maxLabel: Int
        public var tickLabel: (LocalDate) -> String
        public var title: String
        public var description: String
        public var id: String
        public var className: String

        public init(width: Double, today: Int, todayLabel: String, xTicks: Int, maxLabel: Int, tickLabel: @escaping (LocalDate) -> String,
                    title: String, description: String, id: String, className: String) {
            self.width = width
            self.today = today
            self.todayLabel = todayLabel
            self.xTicks = xTicks
            self.maxLabel = maxLabel
            self.tickLabel = tickLabel
            self.title = title
            self.description = description
            self.id = id
            self.className = className
        }
    }

    static let axisY = 40.0, firstRow = 78.0, rowHeight = 20.0, left = 14.0, right = 14.0

    /// The date span shown: every deadline, and at least today − 14 to today + 30.
    public static func domain(_ markers: [Marker], today: Int) -> (Int, Int) {
        let days = markers.map(\.day)
        return (min(days.min() ?? today, today - 14), max(days.max() ?? today, today + 30))
    }

    /// Labels cut to `limit` characters with "…".
    static func cut(_ s: String, _ limit: Int) -> String {
        s.count > limit ? String(s.prefix(limit - 1)) + "…" : s
    }

    /// The label spans and rows used to draw `markers`, exposed so tests can check for overlaps.
    static func layout(_ markers: [Marker], _ o: Options) -> (x: [Double], spans: [(start: Double, end: Double)], rows: [Int]) {
        let (d0, d1) = domain(markers, today: o.today)
        let scale = LinearScale(domain: (Double(d0), Double(d1)), range: (left + 4, o.width - right - 4))
        let xs = markers.map { scale(Double($0.day)) }
        let spans = markers.indices.map { i -> (start: Double, end: Double) in
            let w = TimeTicks.estimatedWidth(cut(markers[i].label, o.maxLabel)) + 14
            return xs[i] + w > o.width - right ? (xs[i] - w, xs[i]) : (xs[i] - 6, xs[i] - 6 + w)
        }
        return (xs, spans, LabelStacking.rows(spans, gap: 6))
    }

    public static func svg(_ markers: [Marker], _ o: Options) -> String {
        let (d0, d1) = domain(markers, today: o.today)
        let scale = LinearScale(domain: (Double(d0), Double(d1)), range: (left + 4, o.width - right - 4))
        let (xs, spans, rows) = layout(markers, o)
        let height = firstRow + Double((rows.max() ?? -1) + 1) * rowHeight + 6
        var out = SVG.open(id: o.id, width: o.width, height: height, className: "chart timeline " + o.className,
                           title: o.title, desc: o.description)
        let c = WeightChart.c

        out += "<g class=\"axis\"><line class=\"baseline\" x1=\"\(c(left))\" x2=\"\(c(o.width - right))\" y1=\"\(c(axisY))\" y2=\"\(c(axisY))\"/>"
        let dates = TimeTicks.fitting(from: LocalDate(dayNumber: d0), to: LocalDate(dayNumber: d1), count: o.xTicks,
                                      position: { scale(Double($0.dayNumber)) }, label: o.tickLabel, bounds: 0...o.width)
        let labels = dates.map(o.tickLabel)
        let positions = dates.map { scale(Double($0.dayNumber)) }
        for i in dates.indices {
            out += "<line x1=\"\(c(positions[i]))\" x2=\"\(c(positions[i]))\" y1=\"\(c(axisY - 4))\" y2=\"\(c(axisY + 4))\"/>"
            out += "<text x=\"\(c(positions[i]))\" y=\"\(c(axisY + 18))\" text-anchor=\"middle\">\(SVG.text(labels[i]))</text>"
        }
        let tx = scale(Double(o.today))
        out += "</g><g class=\"today\"><line x1=\"\(c(tx))\" x2=\"\(c(tx))\" y1=\"14\" y2=\"\(c(height - 4))\"/>"
        out += "<text x=\"\(c(tx))\" y=\"10\" text-anchor=\"middle\">\(SVG.text(o.todayLabel))</text></g>"

        // Stems first, then markers, then labels (with a halo), so no line runs over a label.
        let order = markers.indices.sorted { markers[$0].day < markers[$1].day }
        out += "<g class=\"stems\">"
        for i in order {
            let rowY = firstRow + Double(rows[i]) * rowHeight
            out += "<line x1=\"\(c(xs[i]))\" x2=\"\(c(xs[i]))\" y1=\"\(c(axisY))\" y2=\"\(c(rowY - 11))\"/>"
        }
        out += "</g><g class=\"markers\">"
        for i in order {
            out += "<g class=\"\(markers[i].kind.rawValue)\">" + shape(markers[i].kind, x: xs[i], y: axisY)
            out += "<title>\(SVG.text(markers[i].title))</title></path></g>"
        }
        out += "</g><g class=\"labels\">"
        for i in order {
            let rowY = firstRow + Double(rows[i]) * rowHeight
            let anchorEnd = spans[i].end == xs[i]
            let position = "x=\"\(c(anchorEnd ? xs[i] : xs[i] - 6))\" y=\"\(c(rowY))\"\(anchorEnd ? " text-anchor=\"end\"" : "")"
            let text = SVG.text(cut(markers[i].label, o.maxLabel))
            // A stroked copy underneath keeps lines from running through the label.
            out += "<text class=\"halo\" \(position)>\(text)</text><text class=\"\(markers[i].kind.rawValue)\" \(position)>\(text)</text>"
        }
        return out + "</g></svg>"
    }

    /// Shapes tell states apart without colour: a diamond when overdue, a large dot for today,
    /// a ring when upcoming, a square when done. (The caller closes the `<path>`.)
    static func shape(_ kind: Kind, x: Double, y: Double) -> String {
        let c = WeightChart.c
        let d: String
        switch kind {
        case .overdue: d = "M\(c(x)) \(c(y - 7))l7 7l-7 7l-7 -7z"
        case .today: d = "M\(c(x - 6.5)) \(c(y))a6.5 6.5 0 1 0 13 0a6.5 6.5 0 1 0 -13 0z"
        case .upcoming: d = "M\(c(x - 5)) \(c(y))a5 5 0 1 0 10 0a5 5 0 1 0 -10 0z"
        case .done: d = "M\(c(x - 5)) \(c(y - 5))h10v10h-10z"
        }
        return "<path class=\"mark\" d=\"\(d)\">"
    }
}
