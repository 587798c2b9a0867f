/// Bedtime and wake time night by night as inline SVG: a column a night, a bar from when the
/// night began to when it ended, the evening at the top and the morning below, so a regular
/// sleeper's bars line up and a late night stands out.
public enum SleepTimesChart {
    /// One night's column.
    public struct Night: Sendable, Equatable {
        /// The bar's `<title>` ("Sep 13, 2015: 23:12 to 07:40"); empty for none.
        public var title: String
        /// A label under the column, or nil (the caller picks labels that fit).
        public var label: String?
        /// When the night began and ended, in minutes after the noon before it (23:30 is 690,
        /// 07:00 the next morning 1,140); nil for a night without both times, drawn empty.
        public var span: (start: Double, end: Double)?

        public init(title: String, label: String?, span: (start: Double, end: Double)?) {
            self.title = title
            self.label = label
            self.span = span.flatMap { s in s.start.isFinite && s.end.isFinite && s.end >= s.start ? s : nil }
        }

        public static func == (a: Night, b: Night) -> Bool {
            a.title == b.title && a.label == b.label && a.span?.start == b.span?.start && a.span?.end == b.span?.end
        }
    }

    static let left = 44.0, right = 6.0, top = 10.0, bottom = 22.0

    /// The hours the axis shows: from the hour at or before the earliest start to the hour at or
    /// after the latest end (at least four hours), in minutes after noon; 20:00 to 08:00 when no
    /// night has both times.
    public static func domain(_ nights: [Night]) -> (low: Double, high: Double) {
        let spans = nights.compactMap(\.span)
        guard let low = spans.map(\.start).min(), let high = spans.map(\.end).max() else { return (480, 1200) }
        let from = (low / 60).rounded(.down) * 60
        let to = max((high / 60).rounded(.up) * 60, from + 240)
        return (from, to)
    }

    /// The step between hour ticks: 1, 2, 3, 4 or 6 hours, the first that gives at most 7 ticks.
    static func step(_ domain: (low: Double, high: Double)) -> Double {
        let hours = (domain.high - domain.low) / 60
        return ([1.0, 2, 3, 4, 6].first { hours / $0 <= 6 } ?? 6) * 60
    }

    /// A time of day ("23:00") of minutes after noon.
    public static func clock(_ minutesAfterNoon: Double) -> String {
        let m = ((Int(minutesAfterNoon.rounded()) + 720) % 1440 + 1440) % 1440
        return (m / 60 < 10 ? "0" : "") + String(m / 60) + ":" + (m % 60 < 10 ? "0" : "") + String(m % 60)
    }

    /// The axis drawn: `domain` widened to whole steps, so its ends are labelled hours.
    static func axis(_ nights: [Night]) -> (low: Double, high: Double, step: Double) {
        let d = domain(nights)
        let step = step(d)
        return ((d.low / step).rounded(.down) * step, (d.high / step).rounded(.up) * step, step)
    }

    public static func svg(_ nights: [Night], width: Double, height: Double, id: String, title: String, description: String,
                           className: String = "") -> String {
        let d = axis(nights)
        let y = LinearScale(domain: (d.low, d.high), range: (top, height - bottom))
        var out = SVG.open(id: id, width: width, height: height, className: "chart sleep-times " + className, title: title, desc: description)
        out.reserveCapacity(nights.count * 140 + 1500)
        out += "<g class=\"grid axis\">"
        let step = d.step
        var tick = d.low
        while tick <= d.high {
            let py = SVG.number(y(tick))
            out += "<line x1=\"\(SVG.number(left))\" x2=\"\(SVG.number(width - right))\" y1=\"\(py)\" y2=\"\(py)\"/>"
            out += "<text x=\"\(SVG.number(left - 5))\" y=\"\(py)\" dy=\"0.32em\" text-anchor=\"end\">\(clock(tick))</text>"
            tick += step
        }
        out += "</g>"
        guard !nights.isEmpty else { return out + "</svg>" }
        let band = (width - left - right) / Double(nights.count)
        let barWidth = max(1, band * 0.6)
        out += "<g class=\"marks\">"
        for (i, night) in nights.enumerated() {
            guard let span = night.span else { continue }
            let x = left + Double(i) * band + (band - barWidth) / 2
            let y0 = y(span.start), y1 = y(span.end)
            out += "<rect x=\"\(SVG.number(x))\" y=\"\(SVG.number(y0))\" width=\"\(SVG.number(barWidth))\" height=\"\(SVG.number(max(1, y1 - y0)))\" rx=\"\(SVG.number(min(3, barWidth / 2)))\""
            out += night.title.isEmpty ? "/>" : "><title>\(SVG.text(night.title))</title></rect>"
        }
        out += "</g><g class=\"axis\">"
        for (i, night) in nights.enumerated() {
            guard let label = night.label else { continue }
            let (x, anchor) = BarChart.labelPlace(centre: left + (Double(i) + 0.5) * band, width: TimeTicks.estimatedWidth(label),
                                                  from: left, to: width - right)
            out += "<text x=\"\(SVG.number(x))\" y=\"\(SVG.number(height - 6))\" text-anchor=\"\(anchor)\">\(SVG.text(label))</text>"
        }
        return out + "</g></svg>"
    }
}
