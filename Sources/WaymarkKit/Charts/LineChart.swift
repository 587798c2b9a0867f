/// A line over consecutive days for a value in 0…1 shown as a percentage (a habit's strength, or
/// the mean strength of all habits): a y axis at 0, 25, 50, 75 and 100 %, a time axis whose
/// labels never overlap, a light area under the line, and the last value as a dot with its label
/// to its right. Long series are reduced with LTTB to about one point per two units of width.
public enum LineChart {
    public struct Options {
        public var width: Double
        public var height: Double
        /// About how many time ticks (fewer are drawn when their labels would overlap).
        public var xTicks: Int
        /// At most this many points are drawn; nil for one per two units of plot width.
        public var maxPoints: Int?
        public var title: String
        public var description: String
        /// Label of a time tick.
        public var tickLabel: (LocalDate) -> String
        /// A value in 0…1 as text, e.g. 0.5 → "50%".
        public var percent: (Double) -> String
        /// The `<title>` of the last value's dot, e.g. "Nov 29, 2026: 73%".
        public var pointTitle: (LocalDate, Double) -> String
        /// The series colour (a habit's colour); nil for the theme's accent.
        public var color: Color?
        public var id: String
        public var className: String

        public init(width: Double, height: Double, xTicks: Int, maxPoints: Int? = nil, title: String, description: String,
                    tickLabel: @escaping (LocalDate) -> String, percent: @escaping (Double) -> String,
                    pointTitle: @escaping (LocalDate, Double) -> String, color: Color? = nil, id: String, className: String = "") {
            self.width = width
            self.height = height
            self.xTicks = xTicks
            self.maxPoints = maxPoints
            self.title = title
            self.description = description
            self.tickLabel = tickLabel
            self.percent = percent
            self.pointTitle = pointTitle
            self.color = color
            self.id = id
            self.className = className
        }
    }

    static let left = 40.0, top = 12.0, bottom = 24.0
    /// The last value's label is drawn this far right of its dot, in a 12-unit bold font, which
    /// is measured as 14-unit regular text (bold digits and "%" run wider than the estimate).
    static let labelOffset = 8.0, labelFont = 14.0
    static let yTicks = [0.0, 0.25, 0.5, 0.75, 1.0]

    /// The plot's right edge: room is left for the last value's label beside the last point.
    static func plotRight(width: Double, lastLabel: String) -> Double {
        width - labelOffset - TimeTicks.estimatedWidth(lastLabel, fontSize: labelFont) - 4
    }

    /// `values[i]` is the value of `first + i` days; values are clamped to 0…1 (not finite: 0).
    public static func svg(first: LocalDate, values: [Double], _ o: Options) -> String {
        var out = SVG.open(id: o.id, width: o.width, height: o.height, className: "chart line " + o.className,
                           title: o.title, desc: o.description)
        // Without data or a usable size there is nothing to draw.
        guard let lastRaw = values.last, o.width.isFinite, o.width > 0, o.height.isFinite else { return out + "</svg>" }
        let clamp = { (v: Double) -> Double in v.isFinite ? min(1, max(0, v)) : 0 }
        let lastValue = clamp(lastRaw)
        let lastDay = first.adding(days: values.count - 1)
        let lastLabel = o.percent(lastValue)
        let right = plotRight(width: o.width, lastLabel: lastLabel)
        let x = LinearScale(domain: (0, Double(max(1, values.count - 1))), range: (left, right))
        let y = LinearScale(domain: (0, 1), range: (o.height - bottom, top))
        let c = WeightChart.c

        out += "<g class=\"grid axis\">"
        for t in yTicks {
            out += "<line x1=\"\(c(left))\" x2=\"\(c(right))\" y1=\"\(c(y(t)))\" y2=\"\(c(y(t)))\"/>"
            out += "<text x=\"\(c(left - 5))\" y=\"\(c(y(t)))\" dy=\"0.32em\" text-anchor=\"end\">\(SVG.text(o.percent(t)))</text>"
        }
        let position = { (d: LocalDate) in x(Double(first.days(to: d))) }
        let dates = TimeTicks.fitting(from: first, to: lastDay, count: o.xTicks, position: position, label: o.tickLabel, bounds: 0...o.width)
        for d in dates {
            let px = c(position(d))
            out += "<line class=\"tick\" x1=\"\(px)\" x2=\"\(px)\" y1=\"\(c(top))\" y2=\"\(c(o.height - bottom))\"/>"
            out += "<text x=\"\(px)\" y=\"\(c(o.height - 7))\" text-anchor=\"middle\">\(SVG.text(o.tickLabel(d)))</text>"
        }
        out += "</g><g class=\"series\"\(SVG.seriesStyle(o.color))>"

        let threshold = o.maxPoints ?? Int(min(max((right - left) / 2, 0), 1_000_000))
        let kept = LTTB.downsample(values.indices.map { (Double($0), clamp(values[$0])) }, threshold: threshold)
        if kept.count > 1 {
            var line = ""
            line.reserveCapacity(kept.count * 14)
            for (k, i) in kept.enumerated() {
                line += (k == 0 ? "M" : "L") + c(x(Double(i))) + " " + c(y(clamp(values[i])))
            }
            // The area is the line closed along the baseline.
            out += "<path class=\"area\" d=\"\(line)V\(c(y(0)))H\(c(left))Z\"/>"
            out += "<path class=\"line\" d=\"\(line)\"><title>\(SVG.text(o.title))</title></path>"
        }
        let lx = x(Double(values.count - 1)), ly = y(lastValue)
        out += "<g class=\"last\"><circle cx=\"\(c(lx))\" cy=\"\(c(ly))\" r=\"4\"><title>\(SVG.text(o.pointTitle(lastDay, lastValue)))</title></circle>"
        out += "<text x=\"\(c(lx + labelOffset))\" y=\"\(c(ly))\" dy=\"0.32em\">\(SVG.text(lastLabel))</text></g>"
        return out + "</g></svg>"
    }
}
