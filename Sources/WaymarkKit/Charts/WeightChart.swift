/// The weight chart: daily weights as dots (interpolated days get none), the trend as a line,
/// the goal as a dashed line with its label, the latest weighing highlighted. Values are in the
/// display unit. Above `maxPoints` days, dots and trend are each reduced with LTTB.
public enum WeightChart {
    public struct Point: Sendable, Equatable {
        public var day: Int  // day number
        public var weight: Double
        public var interpolated: Bool
        public var trend: Double

        public init(day: Int, weight: Double, interpolated: Bool, trend: Double) {
            self.day = day
            self.weight = weight
            self.interpolated = interpolated
            self.trend = trend
        }
    }

    public struct Options {
        public var width: Double
        public var height: Double
        public var maxPoints: Int
        public var xTicks: Int
        public var yTicks: Int
        public var goal: Double?
        public var goalLabel: String
        public var title: String
        public var description: String
        /// Label of a time tick.
        public var tickLabel: (LocalDate) -> String
        /// A value as text ("63.4").
        public var value: (Double) -> String
        public var id: String
        public var className: String

        public init(width: Double, height: Double, maxPoints: Int, xTicks: Int, yTicks: Int, goal: Double?, goalLabel: String,
                    title: String, description: String, tickLabel: @escaping (LocalDate) -> String,
                    value: @escaping (Double) -> String, id: String, className: String) {
            self.width = width
            self.height = height
            self.maxPoints = maxPoints
            self.xTicks = xTicks
            self.yTicks = yTicks
            self.goal = goal
            self.goalLabel = goalLabel
            self.title = title
            self.description = description
            self.tickLabel = tickLabel
            self.value = value
            self.id = id
            self.className = className
        }
    }

    /// Coordinates with one decimal: enough at any width, and light.
    /// (Not a number: "0"; beyond ±10^15 clamped, so a degenerate scale never traps.)
    static func c(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let tenths = Int64((min(max(v, -1e15), 1e15) * 10).rounded())
        return SVG.decimal(tenths, places: 1)
    }

    public static func svg(_ points: [Point], _ o: Options) -> String {
        let left = 40.0, top = 14.0, bottom = 24.0
        var out = SVG.open(id: o.id, width: o.width, height: o.height, className: "chart weight " + o.className,
                           title: o.title, desc: o.description)
        guard let first = points.first, let last = points.last else { return out + "</svg>" }
        // The trend's last value and the latest weighing are labelled in a margin right of the
        // plot, so neither covers a dot or the trend: the margin fits the wider (12 px bold is
        // about 1.2 times 11 px regular).
        let latestLabel = points.last { !$0.interpolated }.map { o.value($0.weight) }
        let trendLabel = o.value(last.trend)
        let right = max(12, 1.2 * max(TimeTicks.estimatedWidth(trendLabel), latestLabel.map { TimeTicks.estimatedWidth($0) } ?? 0) + 14)

        // Scales. The goal joins the y domain only when it is close enough not to flatten the data.
        let values = points.flatMap { [$0.weight, $0.trend] }
        var lo = values.min() ?? 0, hi = values.max() ?? 1
        let span = max(hi - lo, 0.5)
        var goalShown = false
        if let goal = o.goal, goal >= lo - span, goal <= hi + span {
            lo = min(lo, goal)
            hi = max(hi, goal)
            goalShown = true
        }
        if hi - lo < 1 {
            let mid = (hi + lo) / 2
            lo = mid - 0.5
            hi = mid + 0.5
        }
        let y = LinearScale(domain: (lo, hi), range: (o.height - bottom, top)).niced(count: o.yTicks)
        let firstDay = Double(first.day), lastDay = Double(max(last.day, first.day + 1))
        let x = LinearScale(domain: (firstDay, lastDay), range: (left, o.width - right))

        out += "<g class=\"grid axis\">"
        let yTicks = y.ticks(count: o.yTicks)
        for t in yTicks {
            out += "<line x1=\"\(c(left))\" x2=\"\(c(o.width - right))\" y1=\"\(c(y(t)))\" y2=\"\(c(y(t)))\"/>"
            out += "<text x=\"\(c(left - 5))\" y=\"\(c(y(t)))\" dy=\"0.32em\" text-anchor=\"end\">\(SVG.text(o.value(t)))</text>"
        }
        let start = LocalDate(dayNumber: first.day), end = LocalDate(dayNumber: last.day)
        let dates = TimeTicks.fitting(from: start, to: end, count: o.xTicks, position: { x(Double($0.dayNumber)) },
                                      label: o.tickLabel, bounds: 0...o.width)
        let labels = dates.map(o.tickLabel)
        let positions = dates.map { x(Double($0.dayNumber)) }
        for i in dates.indices {
            out += "<line class=\"tick\" x1=\"\(c(positions[i]))\" x2=\"\(c(positions[i]))\" y1=\"\(c(top))\" y2=\"\(c(o.height - bottom))\"/>"
            out += "<text x=\"\(c(positions[i]))\" y=\"\(c(o.height - 7))\" text-anchor=\"middle\">\(SVG.text(labels[i]))</text>"
        }
        out += "</g>"

        if let goal = o.goal {
            if goalShown {
                let gy = c(y(goal))
                // Above its line, or below it when the line is too near the top for the label.
                let dy = y(goal) < top + 12 ? "1.1em" : "-0.4em"
                out += "<g class=\"goal\"><line x1=\"\(c(left))\" x2=\"\(c(o.width - right))\" y1=\"\(gy)\" y2=\"\(gy)\"/>"
                out += "<text x=\"\(c(o.width - right - 2))\" y=\"\(gy)\" dy=\"\(dy)\" text-anchor=\"end\">\(SVG.text(o.goalLabel))</text></g>"
            } else {
                let above = goal > hi
                out += "<g class=\"goal\"><text x=\"\(c(o.width - right - 2))\" y=\"\(c(above ? top + 10 : o.height - bottom - 4))\" text-anchor=\"end\">"
                out += SVG.text(o.goalLabel + (above ? " ↑" : " ↓")) + "</text></g>"
            }
        }

        // Dots: one path of zero-length segments drawn with round caps, far lighter than circles.
        let real = points.filter { !$0.interpolated }
        let dotIndices = LTTB.downsample(real.map { (Double($0.day), $0.weight) }, threshold: o.maxPoints)
        var dots = ""
        dots.reserveCapacity(dotIndices.count * 16)
        for i in dotIndices {
            dots += "M" + c(x(Double(real[i].day))) + " " + c(y(real[i].weight)) + "h0"
        }
        out += "<path class=\"dots\" d=\"\(dots)\"/>"

        let trendIndices = LTTB.downsample(points.map { (Double($0.day), $0.trend) }, threshold: o.maxPoints)
        var line = ""
        line.reserveCapacity(trendIndices.count * 14)
        for (k, i) in trendIndices.enumerated() {
            line += (k == 0 ? "M" : "L") + c(x(Double(points[i].day))) + " " + c(y(points[i].trend))
        }
        out += "<path class=\"trend\" d=\"\(line)\"/>"

        // Each label level with its own mark (the trend's end, the latest dot), inside the
        // chart's height, and at least a line apart.
        let trendY = y(last.trend)
        let latest = real.last
        let placed = labelRows(trend: trendY, latest: latest.map { y($0.weight) }, low: top + 4, high: o.height - bottom)
        out += "<text class=\"trend-end\" x=\"\(c(o.width - right + 8))\" y=\"\(c(placed.trend))\" dy=\"0.32em\">\(SVG.text(trendLabel))</text>"
        if let latest, let latestLabel, let ty = placed.latest {
            let lx = x(Double(latest.day)), ly = y(latest.weight)
            out += "<g class=\"latest\"><circle cx=\"\(c(lx))\" cy=\"\(c(ly))\" r=\"4.5\"/>"
            out += "<text x=\"\(c(o.width - right + 8))\" y=\"\(c(ty))\" dy=\"0.32em\">\(SVG.text(latestLabel))</text></g>"
        }
        return out + "</svg>"
    }

    /// The label rows' centres: each at its mark's height clamped to `low...high`, then, when the
    /// two are less than `gap` apart, moved apart about their middle (the higher value above),
    /// and moved back together inside `low...high`.
    static func labelRows(trend: Double, latest: Double?, low: Double, high: Double, gap: Double = 15) -> (trend: Double, latest: Double?) {
        let clamp = { (v: Double) in min(max(v, low), high) }
        guard let latest else { return (clamp(trend), nil) }
        var a = clamp(trend), b = clamp(latest)
        if abs(a - b) < gap {
            let mid = min(max((a + b) / 2, low + gap / 2), high - gap / 2)
            // On a tie, the trend's label goes above: the line is drawn through the dot.
            let trendAbove = trend <= latest
            a = trendAbove ? mid - gap / 2 : mid + gap / 2
            b = trendAbove ? mid + gap / 2 : mid - gap / 2
        }
        return (a, b)
    }

    /// A small trend line, e.g. the last 30 days on the dashboard.
    public static func sparkline(_ values: [Double], width: Double, height: Double, id: String, title: String) -> String {
        var out = "<svg class=\"chart sparkline\" viewBox=\"0 0 \(c(width)) \(c(height))\" role=\"img\" aria-labelledby=\"\(id)-title\" "
        out += "xmlns=\"http://www.w3.org/2000/svg\"><title id=\"\(id)-title\">\(SVG.text(title))</title>"
        guard let lo = values.min(), let hi = values.max() else { return out + "</svg>" }
        let pad = 4.0
        let x = LinearScale(domain: (0, Double(max(1, values.count - 1))), range: (pad, width - pad))
        let y = LinearScale(domain: (lo, hi == lo ? lo + 1 : hi), range: (height - pad, pad))
        var d = ""
        for (i, v) in values.enumerated() { d += (i == 0 ? "M" : "L") + c(x(Double(i))) + " " + c(y(v)) }
        out += "<path class=\"trend\" d=\"\(d)\"/>"
        if let lastValue = values.last {
            out += "<circle class=\"end\" cx=\"\(c(x(Double(values.count - 1))))\" cy=\"\(c(y(lastValue)))\" r=\"3\"/>"
        }
        return out + "</svg>"
    }
}
