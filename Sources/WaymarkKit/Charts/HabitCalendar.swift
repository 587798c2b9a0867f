/// One habit's calendar over the 53 weeks ending with today's: the dashboard heatmap's grid, with
/// each day's look chosen by the caller — done, not done, skipped (hatched), before the habit's
/// first day (an empty outline), or for a numerical habit a level by amount.
public enum HabitCalendar {
    public enum Cell: Sendable, Hashable {
        /// Before the habit's first day: an empty outline (class `none`).
        case before
        /// Not done (class `l0`).
        case missed
        /// Done (class `l4`).
        case done
        /// Skipped and not done: hatched (class `skip`).
        case skipped
        /// A numerical habit's amount as a level 0…4 (classes `l0`…`l4`).
        case level(Int)
        /// Not checked, inside a period whose goal was met (Loop's implicit check; class `l2`).
        case filledIn
        /// An amount entered that misses the day's target (class `under`).
        case under

        var className: String {
            switch self {
            case .before: return "none"
            case .missed: return "l0"
            case .done: return "l4"
            case .skipped: return "skip"
            case .level(let n): return "l\(min(4, max(0, n)))"
            case .filledIn: return "l2"
            case .under: return "under"
            }
        }
    }

    /// What the legend shows under the grid, at its right.
    public enum Legend {
        /// "Less", the five levels, "More" (as the dashboard heatmap), for numerical habits.
        case scale(less: String, more: String)
        /// A box and a word for each, e.g. not done, done, skipped.
        case items([(Cell, String)])
    }

    /// Text the chart shows, supplied by the page in its language.
    public struct Labels {
        public var weekday: (Int) -> String  // ISO weekday 1…7
        public var month: (Int) -> String  // 1…12
        /// A day's `<title>`, e.g. "Nov 29, 2026: done" or "Nov 29, 2026: 5.2 km".
        public var cell: (LocalDate, Cell) -> String
        public var legend: Legend
        public var title: String
        public var description: String

        public init(weekday: @escaping (Int) -> String, month: @escaping (Int) -> String, cell: @escaping (LocalDate, Cell) -> String,
                    legend: Legend, title: String, description: String) {
            self.weekday = weekday
            self.month = month
            self.cell = cell
            self.legend = legend
            self.title = title
            self.description = description
        }
    }

    /// The cells of the 53 weeks ending with today's (from `Heatmap.firstDay(today:)` to `today`).
    /// A day with a completion is done (numerical: a level by its amount — the quartiles of the
    /// positive amounts shown, as the dashboard heatmap — and at least 1); else skipped if marked
    /// so; days before the habit's first day are `.before`.
    public static func cells(_ days: HabitDays, today: LocalDate, numerical: Bool) -> [Cell] {
        let first = Heatmap.firstDay(today: today)
        let count = max(0, first.days(to: today) + 1)
        let offset = days.first.days(to: first)  // index in `days` of the calendar's first day
        let index = { (i: Int) -> Int? in
            let j = offset + i
            return j >= 0 && j < days.count ? j : nil
        }
        var bounds: [Double] = []
        if numerical {
            let shown = (0..<count).compactMap(index).map { days.amounts[$0] }.filter { $0 > 0 && $0.isFinite }.sorted()
            bounds = [0.25, 0.5, 0.75].compactMap { Quantile.sorted(shown, $0) }
        }
        return (0..<count).map { i in
            guard let j = index(i) else { return offset + i < 0 ? .before : .missed }
            if days.checks[j] > 0 {
                guard numerical else { return .done }
                let amount = days.amounts[j]
                guard amount > 0, amount.isFinite else { return .level(1) }
                return .level(bounds.firstIndex { amount <= $0 }.map { $0 + 1 } ?? 4)
            }
            return days.skipped[j] ? .skipped : .missed
        }
    }

    /// The same days shaded by the habit's goal. A yes/no habit's checked days are done, and the
    /// days Loop fills in because their window met the frequency (`HabitEntries`) are `filledIn`.
    /// A numerical habit with a target compares each day's amount with the whole target, as Loop's
    /// calendar does and as the streaks count a day (a weekly target is the week's, met by a day
    /// only when that day holds all of it): at least, a met day is level 2, from 1.5 times level 3,
    /// from twice level 4, a day under it `under`; at most, a day within it is done, over it `under`.
    public static func goalCells(_ days: HabitDays, rule: HabitRule, today: LocalDate) -> [Cell] {
        goalCells(days, rule: rule, today: today, entries: rule.isNumerical ? nil : HabitEntries(days, rule: rule))
    }

    /// `goalCells(_:rule:today:)` from the days already filled in (`HabitEntries(days, rule:
    /// rule)`; nil for a numerical habit, which is not filled in): a habit's page and each of
    /// its years draw from the one filling-in of all its days.
    static func goalCells(_ days: HabitDays, rule: HabitRule, today: LocalDate, entries: HabitEntries?) -> [Cell] {
        let first = Heatmap.firstDay(today: today)
        let count = max(0, first.days(to: today) + 1)
        let offset = days.first.days(to: first)
        let kinds = rule.isNumerical ? [] : entries?.kinds ?? HabitEntries(days, rule: rule).kinds
        return (0..<count).map { i in
            let j = offset + i
            guard j >= 0 && j < days.count else { return j < 0 ? .before : .missed }
            if !rule.isNumerical {
                switch kinds[j] {
                case .manual: return .done
                case .automatic: return .filledIn
                case .skipped: return .skipped
                case .none: return .missed
                }
            }
            guard days.checks[j] > 0 else { return days.skipped[j] ? .skipped : .missed }
            let amount = days.amounts[j].isFinite ? days.amounts[j] : 0
            let target = rule.target
            if rule.targetKind == .atMost { return amount <= target ? .done : .under }
            guard amount >= target else { return .under }
            return .level(target <= 0 ? 2 : amount >= 2 * target ? 4 : amount >= 1.5 * target ? 3 : 2)
        }
    }

    /// `cells[i]` is the look of `Heatmap.firstDay(today:) + i` days; missing cells are `.before`.
    public static func svg(today: LocalDate, cells: [Cell], labels: Labels, id: String) -> String {
        String(decoding: svgBytes(today: today, cells: cells, labels: labels, titles: nil, id: id), as: UTF8.self)
    }

    /// The cells' `<title>`s escaped, `titles[i]` that of `Heatmap.firstDay(today:) + i` days:
    /// computed once when the same days are drawn twice (a year's calendar and its half-years).
    /// `title(day, cell, &bytes)` appends that day's title, escaped, as UTF-8.
    static func titles(today: LocalDate, cells: [Cell], title: (LocalDate, Cell, inout ByteBuffer) -> Void) -> CellTitles {
        let first = Heatmap.firstDay(today: today)
        let count = max(0, first.days(to: today) + 1)
        // `CellTitles` writes the titles in order: each day is the next of the one before.
        var day = first
        return CellTitles(count: count) { i, out in
            title(day, i < cells.count ? cells[i] : .before, &out)
            day = day.next
        }
    }

    /// `svg(today:cells:labels:id:)` as UTF-8, with the titles of `titles(today:cells:title:)`
    /// when given. A year's page draws about 1,100 cells: written as bytes, each piece is a copy,
    /// where appending it to a `String` cost about 340 instructions.
    static func svgBytes(today: LocalDate, cells: [Cell], labels: Labels, titles: CellTitles?, id: String) -> [UInt8] {
        let first = Heatmap.firstDay(today: today)
        let count = max(0, first.days(to: today) + 1)
        let pattern = SVG.text(id) + "-skip", cellID = SVG.text(id) + "-c"
        var out = ByteBuffer(capacity: count * (CalendarCells.cellBytes + (titles?.averageCount ?? 40)) + 3000)
        out.append(utf8: SVG.open(id: id, width: Heatmap.labelledWidth, height: Heatmap.height, className: "chart heatmap calendar",
                                  title: labels.title, desc: labels.description))
        out.append(utf8: defs(pattern: pattern, cellID: cellID))
        // Weekday labels on both sides: on a phone the calendar opens scrolled to the latest weeks.
        out.append(utf8: Heatmap.axis(first: first, today: today, weekday: labels.weekday, month: labels.month, rightLabels: true))
        out.append("<g class=\"cells\">")
        CalendarCells(cellID: cellID, pattern: pattern).withWriter { writer in
            writer.appendOpening(to: &out)
            withTitles(titles, count: count, label: { i, cell in SVG.text(labels.cell(first.adding(days: i), cell)) }, cells: cells) { title in
                for i in 0..<count {
                    writer.appendCell(to: &out, grid: i, cell: i < cells.count ? cells[i] : .before, title: title(i))
                }
            }
            out.removeAll(keepingFirst: out.count - writer.openingCount)
        }
        out.append("</g><g class=\"legend axis\">")
        switch labels.legend {
        case .scale(let less, let more):
            out.append(utf8: Heatmap.scaleLegend(less: less, more: more))
        case .items(let items):
            out.append(utf8: itemLegend(items, pattern: pattern))
        }
        out.append("</g></svg>")
        return out.finish()
    }

    /// Calls `body` with what gives the escaped title of grid day `i`: from `titles` where it
    /// has one, else made from `label(i, cell)`.
    private static func withTitles(_ titles: CellTitles?, count: Int, label: (Int, Cell) -> String, cells: [Cell],
                                   _ body: ((Int) -> UnsafeBufferPointer<UInt8>) -> Void) {
        guard let titles, titles.count >= count else {
            // Titles made one by one (a chart drawn without shared titles), kept until the end.
            let made = CellTitles(count: count) { i, out in out.append(utf8: label(i, i < cells.count ? cells[i] : .before)) }
            made.bytes.withUnsafeBufferPointer { all in body { UnsafeBufferPointer(rebasing: all[made.range($0)]) } }
            return
        }
        titles.bytes.withUnsafeBufferPointer { all in body { UnsafeBufferPointer(rebasing: all[titles.range($0)]) } }
    }

    /// The days `from`…`to` alone (e.g. half a year), as weeks from the week of `from` to the
    /// week of `to`, for a phone, where 53 weeks do not fit: `cells` are those of `svg(today:)`
    /// (`cells[i]` the look of `gridFirst + i` days); with `legend` the legend below the grid.
    public static func span(from: LocalDate, to: LocalDate, gridFirst: LocalDate, cells: [Cell], labels: Labels, id: String,
                            legend: Bool) -> String {
        String(decoding: spanBytes(from: from, to: to, gridFirst: gridFirst, cells: cells, labels: labels, titles: nil, id: id, legend: legend),
               as: UTF8.self)
    }

    /// `span(from:to:gridFirst:cells:labels:id:legend:)` as UTF-8; `titles`, when given, are
    /// those of `titles(today:cells:title:)` for the same grid.
    static func spanBytes(from: LocalDate, to: LocalDate, gridFirst: LocalDate, cells: [Cell], labels: Labels, titles: CellTitles?, id: String,
                          legend: Bool) -> [UInt8] {
        let weekFirst = from.startOfWeek
        let columns = max(1, weekFirst.days(to: to.startOfWeek) / 7 + 1)
        let width = Heatmap.left + Double(columns) * Heatmap.pitch + 2
        let height = legend ? Heatmap.height : Heatmap.top + 7 * Heatmap.pitch
        let pattern = SVG.text(id) + "-skip", cellID = SVG.text(id) + "-c"
        var out = ByteBuffer(capacity: columns * 7 * (CalendarCells.cellBytes + (titles?.averageCount ?? 40)) + 3000)
        out.append(utf8: SVG.open(id: id, width: width, height: height, className: "chart heatmap calendar", title: labels.title, desc: labels.description))
        out.append(utf8: defs(pattern: pattern, cellID: cellID))
        out.append(utf8: Heatmap.axis(first: weekFirst, today: to, weekday: labels.weekday, month: labels.month, columns: columns))
        out.append("<g class=\"cells\">")
        let gridOffset = gridFirst.days(to: weekFirst)
        // The grid days of the span, by grid position: the titles hold them all but for a span
        // reaching outside the grid, whose days are labelled one by one.
        let firstDrawn = max(0, weekFirst.days(to: from)), lastDrawn = min(columns * 7 - 1, weekFirst.days(to: to))
        let shared = titles.flatMap { t in firstDrawn > lastDrawn || (gridOffset + firstDrawn >= 0 && gridOffset + lastDrawn < t.count) ? t : nil }
        let made = shared == nil ? CellTitles(count: max(0, lastDrawn - firstDrawn + 1)) { j, out in
            let k = gridOffset + firstDrawn + j
            out.append(utf8: SVG.text(labels.cell(weekFirst.adding(days: firstDrawn + j), k >= 0 && k < cells.count ? cells[k] : .before)))
        } : nil
        let source = shared ?? made
        let offset = shared == nil ? -firstDrawn : gridOffset
        CalendarCells(cellID: cellID, pattern: pattern).withWriter { writer in
            writer.appendOpening(to: &out)
            source?.bytes.withUnsafeBufferPointer { all in
                guard firstDrawn <= lastDrawn, let source else { return }
                for i in firstDrawn...lastDrawn {
                    let k = gridOffset + i
                    writer.appendCell(to: &out, grid: i, cell: k >= 0 && k < cells.count ? cells[k] : .before,
                                      title: UnsafeBufferPointer(rebasing: all[source.range(offset + i)]))
                }
            }
            out.removeAll(keepingFirst: out.count - writer.openingCount)
        }
        out.append("</g>")
        if legend {
            out.append("<g class=\"legend axis\">")
            switch labels.legend {
            case .scale(let less, let more): out.append(utf8: Heatmap.scaleLegend(less: less, more: more, right: width))
            case .items(let items): out.append(utf8: itemLegend(items, pattern: pattern, right: width))
            }
            out.append("</g>")
        }
        out.append("</svg>")
        return out.finish()
    }

    /// The hatching of skipped days (so they differ from every level without relying on colour)
    /// and the one cell that `<use>` places on every day, which takes the class's fill: its size
    /// and corners are not repeated, 5 KB less on every habit page.
    static func defs(pattern: String, cellID: String) -> String {
        "<defs><pattern id=\"\(pattern)\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
            + "<rect class=\"skip-bg\" width=\"4\" height=\"4\"/><line class=\"skip-line\" x1=\"1\" y1=\"0\" x2=\"1\" y2=\"4\"/></pattern>"
            + "<rect id=\"\(cellID)\" width=\"11\" height=\"11\" rx=\"2\"/></defs>"
    }

    static func attributes(_ cell: Cell, pattern: String) -> String {
        cell == .skipped ? "class=\"skip\" fill=\"url(#\(pattern))\"" : "class=\"\(cell.className)\""
    }

    static let legendGap = 12.0, boxGap = 4.0

    /// Boxes with their words, left to right, ending at the chart's right edge (starting no
    /// further left than the grid).
    static func itemLegend(_ items: [(Cell, String)], pattern: String, right: Double = Heatmap.width) -> String {
        let y = Heatmap.top + 7 * Heatmap.pitch + 8
        let widths = items.map { Heatmap.cell + boxGap + TimeTicks.estimatedWidth($0.1) }
        let total = widths.reduce(0, +) + legendGap * Double(max(0, items.count - 1))
        var x = max(Heatmap.left, right - 4 - total)
        var out = ""
        for (k, item) in items.enumerated() {
            out += "<rect x=\"\(SVG.number(x))\" y=\"\(SVG.number(y))\" width=\"11\" height=\"11\" rx=\"2\" \(attributes(item.0, pattern: pattern))/>"
            out += "<text x=\"\(SVG.number(x + Heatmap.cell + boxGap))\" y=\"\(SVG.number(y + 9))\">\(SVG.text(item.1))</text>"
            x += widths[k] + legendGap
        }
        return out
    }
}
