/// A bar chart as inline SVG with a y axis of nice ticks and optional labels under bars.
public enum BarChart {
    public struct Bar: Sendable, Equatable {
        /// The bar's `<title>` (e.g. "Nov 29: 12 points"); empty for none.
        public var title: String
        /// A label under the bar, or nil; the caller picks which bars are labelled so labels fit.
        public var label: String?
        /// The bar's height in data units: a count, or a numerical habit's amount.
        public var amount: Double
        /// Drawn in the accent colour (e.g. today).
        public var highlight: Bool
        /// The goal of the bar's period, drawn as a dashed mark across its band; nil for none.
        public var target: Double?

        public init(title: String, label: String?, value: Int, highlight: Bool = false) {
            self.init(title: title, label: label, amount: Double(value), highlight: highlight)
        }

        public init(title: String, label: String?, amount: Double, highlight: Bool = false, target: Double? = nil) {
            self.title = title
            self.label = label
            self.amount = amount
            self.highlight = highlight
            self.target = target.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        }

        /// `amount` as a whole number (toward zero; 0 when not finite), for counts.
        public var value: Int {
            get { amount.isFinite && abs(amount) < 1e18 ? Int(amount) : 0 }
            set { amount = Double(newValue) }
        }
    }

    static let left = 34.0, right = 6.0

    /// The labels that fit: each given label is kept when it starts at least `gap` units after the
    /// previous kept one ends (widths estimated as `TimeTicks.estimatedWidth`), so a caller can
    /// offer a label on every month's first week of ten years and get a readable axis.
    /// A label is measured where `svg` draws it: one held flush with an edge of the plot
    /// (`labelPlace`) is measured there, so it cannot be kept over its neighbour.
    public static func fittingLabels(_ labels: [String?], width: Double, gap: Double = 6, plotLeft left: Double = 34) -> [String?] {
        let band = (width - left - right) / Double(max(1, labels.count))
        let offered = labels.indices.filter { labels[$0] != nil }
        let centres = offered.map { i -> Double in
            let w = TimeTicks.estimatedWidth(labels[i] ?? "")
            let (x, anchor) = labelPlace(centre: left + (Double(i) + 0.5) * band, width: w, from: left, to: width - right)
            return anchor == "start" ? x + w / 2 : anchor == "end" ? x - w / 2 : x
        }
        let kept = TimeTicks.thinned(positions: centres, labels: offered.map { labels[$0] ?? "" },
                                     gap: gap, width: { TimeTicks.estimatedWidth($0) })
        var result = [String?](repeating: nil, count: labels.count)
        for k in kept { result[offered[k]] = labels[offered[k]] }
        return result
    }

    /// Steps `regularLabels` tries, smallest first: a label on every bar, every second, …
    static let labelSteps = [1, 2, 3, 4, 5, 7, 10, 14, 15, 20, 30, 50, 100]

    /// A label on every n-th bar counted back from the last (so the latest bar is always named),
    /// n the smallest of `labelSteps` at which all of them fit (`fittingLabels`): an axis at a
    /// regular step reads better than one thinned wherever a label happened to be short.
    /// `plotLeft` is where the chart's plot begins: `left` (34) unless its y axis is wider.
    public static func regularLabels(_ labels: [String], width: Double, gap: Double = 8, plotLeft: Double = 34) -> [String?] {
        for step in labelSteps {
            let offered = labels.indices.map { (labels.count - 1 - $0) % step == 0 ? Optional(labels[$0]) : nil }
            let fitting = fittingLabels(offered, width: width, gap: gap, plotLeft: plotLeft)
            if fitting == offered { return offered }
        }
        return fittingLabels(labels.indices.map { $0 == labels.count - 1 ? Optional(labels[$0]) : nil }, width: width, gap: gap,
                             plotLeft: plotLeft)
    }

    /// A y tick as the pages write amounts: at most two decimals, from 1,000 up grouped by
    /// thousands ("25,000", as the tables beside the chart say it), so big axes read at a glance.
    static func defaultTick(_ value: Double) -> String {
        abs(value) >= 1000 ? LocaleFormat(.en).amount(value) : SVG.number(value)
    }

    /// The bars as an accessible `<svg>` (`title` and `description` name it) of `width` by
    /// `height` units, a band per bar.
    /// `tickLabel` writes the y axis's values (default: `defaultTick`).
    /// `wholeNumbers` keeps the axis at least 0…4, so counts get ticks 0, 1, 2, … and never 0.2.
    /// Bars with a `target` get a dashed goal mark, and the axis reaches the highest goal: when
    /// no bar passes it, the axis tops at that goal exactly (7 for a week of an every-day habit).
    public static func svg(_ bars: [Bar], width: Double, height: Double, id: String, title: String, description: String,
                           className: String = "", tickLabel: ((Double) -> String)? = nil, wholeNumbers: Bool = false) -> String {
        String(decoding: svgBytes(bars, width: width, height: height, id: id, title: title, description: description, className: className,
                                  tickLabel: tickLabel, wholeNumbers: wholeNumbers), as: UTF8.self)
    }

    /// `svg(…)` as UTF-8 bytes, written in place (a habit's pages draw thousands of bars).
    /// `titles`, when given, holds bar `i`'s title escaped (one per bar), drawn in place of the
    /// bar's own `title`: a history's bars are drawn twice and their titles escaped once.
    static func svgBytes(_ bars: [Bar], titles: BarTitles? = nil, width: Double, height: Double, id: String, title: String,
                         description: String, className: String = "", tickLabel: ((Double) -> String)? = nil,
                         wholeNumbers: Bool = false) -> [UInt8] {
        let (amounts, y, goal, ticks, left) = layout(bars, height: height, tickLabel: tickLabel, wholeNumbers: wholeNumbers)
        let plotWidth = width - left - right
        var out = SVGWriter(capacity: bars.count * 120 + 1500)
        out.open(id: id, width: width, height: height, kind: "chart bars ", className: className, title: title, desc: description)
        out += "<g class=\"grid axis\">"
        for tick in ticks {
            let py = y(tick.value)
            out += "<line x1=\""
            out.number(left)
            out += "\" x2=\""
            out.number(width - right)
            out += "\" y1=\""
            out.number(py)
            out += "\" y2=\""
            out.number(py)
            out += "\"/>"
            out.text(tick.label, x: left - 5, y: py, attributes: " dy=\"0.32em\" text-anchor=\"end\"")
        }
        out += "</g>"
        guard !bars.isEmpty else {
            out += "</svg>"
            return out.finish()
        }
        let band = plotWidth / Double(bars.count)
        let barWidth = max(1, band * (bars.count > 60 ? 0.9 : 0.72))
        out += "<g class=\"marks\">"
        let base = y(0)
        // Every bar has the same width: written once, with the markup around it.
        let widthMarkup = Array(("\" width=\"" + SVG.number(barWidth) + "\" height=\"").utf8)
        // Bars read in place: copying one retains and releases its title and label.
        for i in bars.indices {
            let x = left + Double(i) * band + (band - barWidth) / 2
            let top = y(amounts[i])
            out += "<rect x=\""
            out.number(x)
            out += "\" y=\""
            out.number(top)
            out.bytes(widthMarkup)
            out.number(max(0, base - top))
            out += bars[i].highlight ? "\" class=\"highlight\"" : "\""
            // An empty title writes none: a second drawing of the same bars (for narrow screens,
            // where nothing hovers) need not repeat them, and the page's table has the numbers.
            if let titles, i < titles.count {
                let range = titles.range(i)
                if range.isEmpty {
                    out += "/>"
                } else {
                    out += "><title>"
                    out.bytes(titles.bytes, range)
                    out += "</title></rect>"
                }
            } else if bars[i].title.isEmpty {
                out += "/>"
            } else {
                out += "><title>"
                out.text(bars[i].title)
                out += "</title></rect>"
            }
        }
        out += "</g>"
        if goal != nil { targetMarks(bars, y: y, left: left, band: band, to: &out) }
        out += "<g class=\"axis\">"
        for (i, bar) in bars.enumerated() {
            guard let label = bar.label else { continue }
            let (x, anchor) = labelPlace(centre: left + (Double(i) + 0.5) * band, width: TimeTicks.estimatedWidth(label),
                                         from: left, to: width - right)
            out += "<text x=\""
            out.number(x)
            out += "\" y=\""
            out.number(height - 6)
            out += "\" text-anchor=\""
            out.markup(anchor)
            out += "\">"
            out.text(label)
            out += "</text>"
        }
        out += "</g></svg>"
        return out.finish()
    }

    /// Where the bars go: each bar's amount (0 when not finite), the y scale and the highest goal,
    /// the y ticks with their labels, and the plot's left edge, which leaves room for the widest.
    static func layout(_ bars: [Bar], height: Double, tickLabel: ((Double) -> String)?, wholeNumbers: Bool)
        -> (amounts: [Double], y: LinearScale, goal: Double?, ticks: [(value: Double, label: String)], left: Double) {
        let top = 10.0, bottom = 22.0
        let amounts = bars.map { $0.amount.isFinite ? $0.amount : 0 }
        let maxValue = amounts.max() ?? 0
        let plotHeight = height - top - bottom
        let goal = bars.compactMap(\.target).max()
        let highest = max(maxValue, goal ?? 0, wholeNumbers ? 4 : 1)
        // With a top of 4 or more, 4 nice ticks step by 1, 2 or 5 times a power of ten: whole numbers.
        var y = LinearScale(domain: (0, highest), range: (top + plotHeight, top))
        let topsAtGoal = goal.map { $0 == highest } ?? false
        if !topsAtGoal { y = y.niced(count: 4) }
        var tickValues = y.ticks(count: 4)
        if topsAtGoal, let goal {
            // The goal is the top tick; a nice tick too close below it would print over it.
            tickValues = tickValues.filter { abs(y($0) - y(goal)) >= 12 } + [goal]
        }
        let ticks = tickValues.map { (value: $0, label: tickLabel?($0) ?? defaultTick($0)) }
        // Room for the widest tick label ("4,000" needs more than the usual 34).
        let left = max(BarChart.left, (ticks.map { TimeTicks.estimatedWidth($0.label) }.max() ?? 0) + 9)
        return (amounts, y, goal, ticks, left)
    }

    /// One dashed path over the bars' goals: a level segment across each band with a goal, joined
    /// where neighbours share it, so a constant goal reads as one line.
    static func targetMarks(_ bars: [Bar], y: LinearScale, left: Double, band: Double, to out: inout SVGWriter) {
        out += "<path class=\"target\" d=\""
        var previous: Double?
        for (i, bar) in bars.enumerated() {
            guard let t = bar.target else {
                previous = nil
                continue
            }
            if previous != t {
                out += "M"
                out.number(left + Double(i) * band)
                out += " "
                out.number(y(t))
            }
            out += "H"
            out.number(left + Double(i + 1) * band)
            previous = t
        }
        out += "\"/>"
    }

    /// Where an x label goes: centred under its bar, unless that would reach past the plot's left
    /// edge (into the y axis's "0") or its right edge, where it is held flush with that edge.
    static func labelPlace(centre: Double, width: Double, from left: Double, to right: Double) -> (x: Double, anchor: String) {
        if centre - width / 2 < left { return (left, "start") }
        if centre + width / 2 > right { return (right, "end") }
        return (centre, "middle")
    }
}
