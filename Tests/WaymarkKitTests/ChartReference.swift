@testable import WaymarkKit

/// Charts as they were first written, kept as the plain references of `ChartReferenceTests`: the
/// bar chart and frequency grid with `String` appends (for the byte writer, `SVGWriter`), and the
/// calendar's axis searching each week for the first of a month, and numbers written alone.
enum ChartReference {
    /// A chart's opening, interpolated as `SVG.open` once did (it now calls `SVGWriter.open`).
    static func open(id: String, width: Double, height: Double, className: String, title: String, desc: String) -> String {
        "<svg class=\"\(className)\" viewBox=\"0 0 \(SVG.number(width)) \(SVG.number(height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" "
            + "xmlns=\"http://www.w3.org/2000/svg\"><title id=\"\(id)-title\">\(SVG.text(title))</title><desc id=\"\(id)-desc\">\(SVG.text(desc))</desc>"
    }

    static func barChart(_ bars: [BarChart.Bar], width: Double, height: Double, id: String, title: String, description: String,
                           className: String = "", tickLabel: ((Double) -> String)? = nil, wholeNumbers: Bool = false) -> String {
        // Where the bars go is shared with the chart; what this reference checks is the writing.
        let (amounts, y, goal, ticks, left) = BarChart.layout(bars, height: height, tickLabel: tickLabel, wholeNumbers: wholeNumbers)
        let plotWidth = width - left - BarChart.right
        var out = ChartReference.open(id: id, width: width, height: height, className: "chart bars " + className, title: title, desc: description)
        out.reserveCapacity(bars.count * 120 + 1500)
        out += "<g class=\"grid axis\">"
        for tick in ticks {
            let py = SVG.number(y(tick.value))
            out += "<line x1=\"\(SVG.number(left))\" x2=\"\(SVG.number(width - BarChart.right))\" y1=\"\(py)\" y2=\"\(py)\"/>"
            out += "<text x=\"\(SVG.number(left - 5))\" y=\"\(py)\" dy=\"0.32em\" text-anchor=\"end\">\(SVG.text(tick.label))</text>"
        }
        out += "</g>"
        guard !bars.isEmpty else { return out + "</svg>" }
        let band = plotWidth / Double(bars.count)
        let barWidth = max(1, band * (bars.count > 60 ? 0.9 : 0.72))
        out += "<g class=\"marks\">"
        // Written piece by piece (no interpolated temporaries): a habit's pages draw thousands of bars.
        let widthPart = "\" width=\"" + SVG.number(barWidth) + "\" height=\""
        let base = y(0)
        for (i, bar) in bars.enumerated() {
            let x = left + Double(i) * band + (band - barWidth) / 2
            let top = y(amounts[i])
            out += "<rect x=\""
            out += SVG.number(x)
            out += "\" y=\""
            out += SVG.number(top)
            out += widthPart
            out += SVG.number(max(0, base - top))
            out += bar.highlight ? "\" class=\"highlight\"" : "\""
            // An empty title writes none: a second drawing of the same bars (for narrow screens,
            // where nothing hovers) need not repeat them, and the page's table has the numbers.
            if bar.title.isEmpty {
                out += "/>"
            } else {
                out += "><title>"
                HTMLEscape.append(bar.title, to: &out)
                out += "</title></rect>"
            }
        }
        out += "</g>"
        if goal != nil { out += targetMarks(bars, y: y, left: left, band: band) }
        out += "<g class=\"axis\">"
        for (i, bar) in bars.enumerated() {
            guard let label = bar.label else { continue }
            let (x, anchor) = BarChart.labelPlace(centre: left + (Double(i) + 0.5) * band, width: TimeTicks.estimatedWidth(label),
                                         from: left, to: width - BarChart.right)
            out += "<text x=\"\(SVG.number(x))\" y=\"\(SVG.number(height - 6))\" text-anchor=\"\(anchor)\">\(SVG.text(label))</text>"
        }
        out += "</g></svg>"
        return out
    }

    /// One dashed path over the bars' goals: a level segment across each band with a goal, joined
    /// where neighbours share it, so a constant goal reads as one line.
    static func targetMarks(_ bars: [BarChart.Bar], y: LinearScale, left: Double, band: Double) -> String {
        var d = ""
        var previous: Double?
        for (i, bar) in bars.enumerated() {
            guard let t = bar.target else {
                previous = nil
                continue
            }
            let x0 = SVG.number(left + Double(i) * band), x1 = SVG.number(left + Double(i + 1) * band), py = SVG.number(y(t))
            d += (previous == t ? "H" : "M\(x0) \(py)H") + x1
            previous = t
        }
        return "<path class=\"target\" d=\"\(d)\"/>"
    }

    static func frequency(_ columns: [FrequencyChart.Column], weekday: (Int) -> String, id: String, title: String, description: String) -> String {
        let left = FrequencyChart.left, top = FrequencyChart.top, pitchX = FrequencyChart.pitchX, pitchY = FrequencyChart.pitchY
        let maxRadius = FrequencyChart.maxRadius, width = FrequencyChart.width, height = FrequencyChart.height
        let shown = columns.suffix(12)
        var out = ChartReference.open(id: id, width: width, height: height, className: "chart frequency", title: title, desc: description)
        out.reserveCapacity(shown.count * 7 * 56 + 1200)
        out += "<g class=\"axis\">"
        for w in 0..<7 {
            let y = top + (Double(w) + 0.5) * pitchY
            out += "<text x=\"\(SVG.number(left - 8))\" y=\"\(SVG.number(y))\" dy=\"0.32em\" text-anchor=\"end\">\(SVG.text(weekday(w + 1)))</text>"
        }
        let labelY = top + 7 * pitchY + 13
        for (k, column) in shown.enumerated() {
            let x = SVG.number(left + (Double(k) + 0.5) * pitchX)
            out += "<text class=\"month\" x=\"\(x)\" y=\"\(SVG.number(labelY))\" text-anchor=\"middle\">\(SVG.text(column.label))</text>"
            if let year = column.year {
                out += "<text x=\"\(x)\" y=\"\(SVG.number(labelY + 14))\" text-anchor=\"middle\">\(SVG.text(year))</text>"
            }
        }
        out += "</g><g class=\"cells\">"
        for (k, column) in shown.enumerated() {
            let x = SVG.number(left + (Double(k) + 0.5) * pitchX)
            for (w, share) in column.shares.prefix(7).enumerated() {
                guard let share, share.isFinite else { continue }
                let s = min(1, max(0, share))
                // Area for the share, so a cell twice as full has twice the ink; a done cell is
                // never smaller than a dot that reads.
                let r = s > 0 ? max(2.5, maxRadius * s.squareRoot()) : 1.5
                out += "<circle cx=\"\(x)\" cy=\"\(SVG.number(top + (Double(w) + 0.5) * pitchY))\" r=\"\(SVG.number(r))\" class=\"l\(FrequencyChart.level(s))\"/>"
            }
        }
        return out + "</g></svg>"
    }

    static func axis(first: LocalDate, today: LocalDate, weekday: (Int) -> String, month: (Int) -> String,
                     rightLabels: Bool = false, columns: Int = Heatmap.weeks) -> String {
        let top = Heatmap.top, pitch = Heatmap.pitch, left = Heatmap.left
        var out = "<g class=\"axis\">"
        for weekdayNumber in [1, 3, 5] {
            let y = SVG.number(top + Double(weekdayNumber - 1) * pitch + 9)
            out += "<text x=\"\(SVG.number(left - 6))\" y=\"\(y)\" text-anchor=\"end\">" + SVG.text(weekday(weekdayNumber)) + "</text>"
            if rightLabels {
                out += "<text x=\"\(SVG.number(left + Double(columns) * pitch + 3))\" y=\"\(y)\">" + SVG.text(weekday(weekdayNumber)) + "</text>"
            }
        }
        var lastLabelColumn = -10
        for column in 0..<columns {
            let monday = first.adding(days: column * 7)
            let firstOfMonth = (0..<7).map { monday.adding(days: $0) }.first { $0.day == 1 && $0 <= today }
            let labelled = column == 0 && monday.day <= 21 ? monday : firstOfMonth
            if let labelled, column - lastLabelColumn >= 3 {
                out += "<text x=\"\(SVG.number(left + Double(column) * pitch))\" y=\"11\">\(SVG.text(month(labelled.month)))</text>"
                lastLabelColumn = column
            }
        }
        return out + "</g>"
    }

    /// `SVG.decimal` as it was first written, each number its own `String`.
    static func decimal(_ scaled: Int64, places: Int) -> String {
        if scaled == 0 { return "0" }
        let divisor: UInt64 = places == 1 ? 10 : 100
        let magnitude = scaled.magnitude
        var whole = magnitude / divisor, fraction = magnitude % divisor, fractionDigits = fraction == 0 ? 0 : places
        while fractionDigits > 0 && fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        let count = (scaled < 0 ? 1 : 0) + decimalDigitCount(whole) + (fractionDigits > 0 ? 1 + fractionDigits : 0)
        return String(unsafeUninitializedCapacity: count) { b in
            var i = count - 1
            for _ in 0..<fractionDigits {
                b[i] = UInt8(48 + fraction % 10)
                fraction /= 10
                i -= 1
            }
            if fractionDigits > 0 {
                b[i] = UInt8(ascii: ".")
                i -= 1
            }
            repeat {
                b[i] = UInt8(48 + whole % 10)
                whole /= 10
                i -= 1
            } while whole > 0
            if scaled < 0 { b[0] = UInt8(ascii: "-") }
            return count
        }
    }

    /// A month of a year's page as first written, with `String` appends (for `YearCalendar.monthBytes`).
    static func yearMonth(_ month: Int, of counts: YearDayCounts, level: (Int) -> Int, labels: YearCalendar.Labels, id: String) -> String {
        guard let first = LocalDate(year: counts.start.year, month: month, day: 1) else { return "" }
        let length = LocalDate.daysIn(month: month, year: first.year)
        let summary = counts.months.first { $0.month == month }
            ?? YearDayCounts.Month(month: month, start: first, total: 0, activeDays: 0, days: 0)
        let pitch = YearCalendar.pitch, cell = YearCalendar.cell
        var out = ChartReference.open(id: id, width: YearCalendar.width, height: YearCalendar.height, className: "chart heatmap year-month-chart",
                           title: labels.title(summary), desc: labels.description(summary))
        out += "<g class=\"axis\">"
        for (i, name) in labels.weekdays.prefix(7).enumerated() {
            out += "<text x=\"\(SVG.number(Double(i) * pitch + cell / 2))\" y=\"9\" text-anchor=\"middle\">" + SVG.text(name) + "</text>"
        }
        out += "</g><g class=\"cells\">"
        var row = 0
        for d in 0..<length {
            let day = first.adding(days: d)
            if d > 0 && day.weekday == 1 { row += 1 }
            let x = SVG.number(Double(day.weekday - 1) * pitch), y = SVG.number(YearCalendar.top + Double(row) * pitch)
            out += "<rect x=\"\(x)\" y=\"\(y)\" width=\"11\" height=\"11\" rx=\"2\" "
            if counts.values.isEmpty || day > counts.end {
                out += "class=\"none\"/>"
                continue
            }
            let v = counts.value(on: day)
            out += "class=\"l\(level(v))\"><title>" + SVG.text(labels.cell(day, v)) + "</title></rect>"
        }
        return out + "</g></svg>"
    }

    /// The line chart as first written, with `String` appends (for `LineChart.svgBytes`).
    static func lineChart(first: LocalDate, values: [Double], _ o: LineChart.Options) -> String {
        var out = ChartReference.open(id: o.id, width: o.width, height: o.height, className: "chart line " + o.className,
                           title: o.title, desc: o.description)
        // Without data or a usable size there is nothing to draw.
        guard let lastRaw = values.last, o.width.isFinite, o.width > 0, o.height.isFinite else { return out + "</svg>" }
        let clamp = { (v: Double) -> Double in v.isFinite ? min(1, max(0, v)) : 0 }
        let lastValue = clamp(lastRaw)
        let lastDay = first.adding(days: values.count - 1)
        let lastLabel = o.percent(lastValue)
        let right = LineChart.plotRight(width: o.width, lastLabel: lastLabel)
        let x = LinearScale(domain: (0, Double(max(1, values.count - 1))), range: (LineChart.left, right))
        let y = LinearScale(domain: (0, 1), range: (o.height - LineChart.bottom, LineChart.top))
        let c = WeightChart.c

        out += "<g class=\"grid axis\">"
        for t in LineChart.yTicks {
            out += "<line x1=\"\(c(LineChart.left))\" x2=\"\(c(right))\" y1=\"\(c(y(t)))\" y2=\"\(c(y(t)))\"/>"
            out += "<text x=\"\(c(LineChart.left - 5))\" y=\"\(c(y(t)))\" dy=\"0.32em\" text-anchor=\"end\">\(SVG.text(o.percent(t)))</text>"
        }
        let position = { (d: LocalDate) in x(Double(first.days(to: d))) }
        let dates = TimeTicks.fitting(from: first, to: lastDay, count: o.xTicks, position: position, label: o.tickLabel, bounds: 0...o.width)
        for d in dates {
            let px = c(position(d))
            out += "<line class=\"tick\" x1=\"\(px)\" x2=\"\(px)\" y1=\"\(c(LineChart.top))\" y2=\"\(c(o.height - LineChart.bottom))\"/>"
            out += "<text x=\"\(px)\" y=\"\(c(o.height - 7))\" text-anchor=\"middle\">\(SVG.text(o.tickLabel(d)))</text>"
        }
        out += "</g><g class=\"series\"\(SVG.seriesStyle(o.color))>"

        let threshold = o.maxPoints ?? Int(min(max((right - LineChart.left) / 2, 0), 1_000_000))
        let kept = LTTB.downsample(values.indices.map { (Double($0), clamp(values[$0])) }, threshold: threshold)
        if kept.count > 1 {
            var line = ""
            line.reserveCapacity(kept.count * 14)
            for (k, i) in kept.enumerated() {
                line += (k == 0 ? "M" : "L") + c(x(Double(i))) + " " + c(y(clamp(values[i])))
            }
            // The area is the line closed along the baseline.
            out += "<path class=\"area\" d=\"\(line)V\(c(y(0)))H\(c(LineChart.left))Z\"/>"
            out += "<path class=\"line\" d=\"\(line)\"><title>\(SVG.text(o.title))</title></path>"
        }
        let lx = x(Double(values.count - 1)), ly = y(lastValue)
        out += "<g class=\"last\"><circle cx=\"\(c(lx))\" cy=\"\(c(ly))\" r=\"4\"><title>\(SVG.text(o.pointTitle(lastDay, lastValue)))</title></circle>"
        out += "<text x=\"\(c(lx + LineChart.labelOffset))\" y=\"\(c(ly))\" dy=\"0.32em\">\(SVG.text(lastLabel))</text></g>"
        return out + "</g></svg>"
    }
}
