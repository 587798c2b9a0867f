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
        String(decoding: svgBytes(first: first, values: values, o), as: UTF8.self)
    }

    /// `svg(first:values:_:)` as UTF-8, written as bytes: a habit's page and the habits' page draw
    /// a line of a few hundred points twice (wide and narrow).
    static func svgBytes(first: LocalDate, values: [Double], _ o: Options) -> [UInt8] {
        var out = SVGWriter(capacity: 8_192)
        out.markup(SVG.open(id: o.id, width: o.width, height: o.height, className: "chart line " + o.className,
                            title: o.title, desc: o.description))
        // Without data or a usable size there is nothing to draw.
        guard let lastRaw = values.last, o.width.isFinite, o.width > 0, o.height.isFinite else {
            out += "</svg>"
            return out.finish()
        }
        let clamp = { (v: Double) -> Double in v.isFinite ? min(1, max(0, v)) : 0 }
        let lastValue = clamp(lastRaw)
        let lastDay = first.adding(days: values.count - 1)
        let lastLabel = o.percent(lastValue)
        let right = plotRight(width: o.width, lastLabel: lastLabel)
        let x = LinearScale(domain: (0, Double(max(1, values.count - 1))), range: (left, right))
        let y = LinearScale(domain: (0, 1), range: (o.height - bottom, top))

        out += "<g class=\"grid axis\">"
        for t in yTicks {
            out += "<line x1=\""
            out.coordinate(left)
            out += "\" x2=\""
            out.coordinate(right)
            out += "\" y1=\""
            out.coordinate(y(t))
            out += "\" y2=\""
            out.coordinate(y(t))
            out += "\"/><text x=\""
            out.coordinate(left - 5)
            out += "\" y=\""
            out.coordinate(y(t))
            out += "\" dy=\"0.32em\" text-anchor=\"end\">"
            out.text(o.percent(t))
            out += "</text>"
        }
        let position = { (d: LocalDate) in x(Double(first.days(to: d))) }
        let dates = TimeTicks.fitting(from: first, to: lastDay, count: o.xTicks, position: position, label: o.tickLabel, bounds: 0...o.width)
        for d in dates {
            let px = position(d)
            out += "<line class=\"tick\" x1=\""
            out.coordinate(px)
            out += "\" x2=\""
            out.coordinate(px)
            out += "\" y1=\""
            out.coordinate(top)
            out += "\" y2=\""
            out.coordinate(o.height - bottom)
            out += "\"/><text x=\""
            out.coordinate(px)
            out += "\" y=\""
            out.coordinate(o.height - 7)
            out += "\" text-anchor=\"middle\">"
            out.text(o.tickLabel(d))
            out += "</text>"
        }
        out += "</g><g class=\"series\""
        out.markup(SVG.seriesStyle(o.color))
        out += ">"

        let threshold = o.maxPoints ?? Int(min(max((right - left) / 2, 0), 1_000_000))
        let kept = LTTB.downsample(values.indices.map { (Double($0), clamp(values[$0])) }, threshold: threshold)
        if kept.count > 1 {
            // The line's path, written once for the area and the line.
            var line = SVGWriter(capacity: kept.count * 14)
            for (k, i) in kept.enumerated() {
                if k == 0 { line += "M" } else { line += "L" }
                line.coordinate(x(Double(i)))
                line += " "
                line.coordinate(y(clamp(values[i])))
            }
            let path = line.finish()
            // The area is the line closed along the baseline.
            out += "<path class=\"area\" d=\""
            out.bytes(path)
            out += "V"
            out.coordinate(y(0))
            out += "H"
            out.coordinate(left)
            out += "Z\"/><path class=\"line\" d=\""
            out.bytes(path)
            out += "\"><title>"
            out.text(o.title)
            out += "</title></path>"
        }
        let lx = x(Double(values.count - 1)), ly = y(lastValue)
        out += "<g class=\"last\"><circle cx=\""
        out.coordinate(lx)
        out += "\" cy=\""
        out.coordinate(ly)
        out += "\" r=\"4\"><title>"
        out.text(o.pointTitle(lastDay, lastValue))
        out += "</title></circle><text x=\""
        out.coordinate(lx + labelOffset)
        out += "\" y=\""
        out.coordinate(ly)
        out += "\" dy=\"0.32em\">"
        out.text(lastLabel)
        out += "</text></g></g></svg>"
        return out.finish()
    }
}
