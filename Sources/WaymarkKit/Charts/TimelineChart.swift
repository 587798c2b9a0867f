/// Targets near today on a horizontal date axis: a window of days around today, one marker per
/// deadline (near ones merged into a cluster showing their number), and labels hung below the
/// axis only where they fit whole. Nothing crosses a label: no other label, no stem, not the
/// Today line. The layout is a pure function of the markers and the options, so tests can check
/// it without drawing.
public enum TimelineChart {
    public enum Kind: String, Sendable {
        case overdue, today, upcoming, done

        /// Lower is more urgent; a cluster takes the colour of its most urgent member.
        var urgency: Int {
            switch self {
            case .overdue: return 0
            case .today: return 1
            case .upcoming: return 2
            case .done: return 3
            }
        }
    }

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
        /// Days shown before and after today.
        public var past: Int
        public var ahead: Int
        public var todayLabel: String
        public var tickLabel: (LocalDate) -> String
        /// The `<title>` of a cluster, given its members (in date order).
        public var clusterTitle: ([Marker]) -> String
        /// The label of a cluster too big to name its members: its dates.
        public var clusterLabel: ([Marker]) -> String
        public var title: String
        public var description: String
        public var id: String

        public init(width: Double = 760, today: Int, past: Int = 30, ahead: Int = 60, todayLabel: String,
                    tickLabel: @escaping (LocalDate) -> String, clusterTitle: @escaping ([Marker]) -> String,
                    clusterLabel: @escaping ([Marker]) -> String,
                    title: String, description: String, id: String) {
            self.width = width
            self.today = today
            self.past = max(0, past)
            self.ahead = max(0, ahead)
            self.todayLabel = todayLabel
            self.tickLabel = tickLabel
            self.clusterTitle = clusterTitle
            self.clusterLabel = clusterLabel
            self.title = title
            self.description = description
            self.id = id
        }

        /// The days shown, first and last included.
        public var window: ClosedRange<Int> { today.saturatingSubtract(past)...today.saturatingAdd(ahead) }
    }

    /// Markers drawn as one: a single marker, or a cluster of near ones.
    struct Group: Equatable {
        /// Indices into the markers, in date order.
        var members: [Int]
        var firstX: Double, lastX: Double
        var x: Double { (firstX + lastX) / 2 }
        /// Half the drawn width.
        var radius: Double { members.count == 1 ? TimelineChart.markerRadius : TimelineChart.clusterRadius(members.count) }
    }

    /// A label block hung from a group's stem: one line, or one per member of a small cluster.
    struct Label: Equatable {
        var group: Int
        var lines: [String]
        /// The text's start (left edge) on every line, and whether the text sits left of the stem.
        var lineStarts: [Double]
        var leftOfStem: Bool
        var row: Int
        var widths: [Double]
    }

    struct Layout {
        var scale: LinearScale
        var groups: [Group]
        var labels: [Label]
        var ticks: [(x: Double, label: String)]
        var todayX: Double
        var todayLabelX: Double
        var height: Double
    }

    static let fontSize = 11.0, countFontSize = 10.0
    static let tickBaseline = 14.0, axisY = 34.0, firstRow = 60.0, rowHeight = 17.0, maxRows = 6
    static let side = 16.0, markerRadius = 6.0, markerGap = 2.0, labelGap = 8.0, lineGap = 3.0
    /// Clusters up to this size list their members' names; bigger ones their dates.
    static let namedClusterSize = 3
    /// The widest a label may be; longer names are cut at a word boundary with "…".
    static let maxLabelWidth = 220.0, minLabelWidth = 50.0

    /// A cluster's radius: room for its count in the count's font.
    static func clusterRadius(_ count: Int) -> Double {
        max(8, TimeTicks.estimatedWidth(String(count), fontSize: countFontSize) / 2 + 3.5)
    }

    /// A label's box on the page: from 0.8 em above the baseline to 0.2 em below.
    static func lineBox(_ label: Label, line i: Int) -> (x0: Double, x1: Double, y0: Double, y1: Double) {
        let baseline = firstRow + Double(label.row + i) * rowHeight
        return (label.lineStarts[i], label.lineStarts[i] + label.widths[i], baseline - 0.8 * fontSize, baseline + 0.2 * fontSize)
    }

    /// The markers whose deadline falls inside the window.
    public static func visible(_ markers: [Marker], _ o: Options) -> [Int] {
        markers.indices.filter { o.window.contains(markers[$0].day) }
    }

    /// Markers in the window merged left to right until every two neighbours are at least their
    /// radii plus a gap apart. Each group is drawn at the middle of its members' span, so it stays
    /// near their dates; merging only ever moves a group right of the one it absorbed, so one
    /// pass with a stack does it.
    static func groups(_ markers: [Marker], _ o: Options, scale: LinearScale) -> [Group] {
        let order = visible(markers, o).sorted { a, b in
            markers[a].day != markers[b].day ? markers[a].day < markers[b].day
                : markers[a].kind.urgency != markers[b].kind.urgency ? markers[a].kind.urgency < markers[b].kind.urgency : a < b
        }
        var stack: [Group] = []
        for i in order {
            let x = scale(Double(markers[i].day))
            stack.append(Group(members: [i], firstX: x, lastX: x))
            while stack.count >= 2 {
                let b = stack[stack.count - 1], a = stack[stack.count - 2]
                guard b.x - a.x < a.radius + b.radius + markerGap else { break }
                stack.removeLast(2)
                stack.append(Group(members: a.members + b.members, firstX: a.firstX, lastX: b.lastX))
            }
        }
        return stack
    }

    /// Shorter forms of a label, longest first: the whole text when it fits `maxLabelWidth`, then
    /// the text cut at each earlier break opportunity (a space, or either side of a CJK character,
    /// where lines may break) with "…". Never a cut inside a Latin word.
    static func versions(_ label: String) -> [String] {
        let chars = Array(label)
        func wide(_ c: Character) -> Bool { c.unicodeScalars.first.map(TimeTicks.isWide) ?? false }
        var result: [String] = []
        if TimeTicks.estimatedWidth(label) <= maxLabelWidth { result.append(label) }
        var cuts: [Int] = []
        // No character is narrower than 0.6 em, so no cut past this many can fit: a name of
        // thousands of characters costs no more than a short one.
        let reach = min(chars.count - 1, Int(maxLabelWidth / TimeTicks.estimatedWidth("a")) + 1)
        for i in stride(from: reach, to: 0, by: -1) {
            if chars[i] == " " || wide(chars[i]) || wide(chars[i - 1]) { cuts.append(i) }
        }
        for cut in cuts {
            // Never part a closing mark from what it closes, nor end on an opening one.
            if "》）)」』”’，。、：；！？".contains(chars[cut]) { continue }
            var head = String(chars[..<cut])
            while head.last == " " { head.removeLast() }
            guard !head.isEmpty else { continue }
            if let last = head.last, "《（(「『“‘-–—:：,，、".contains(last) { continue }
            // Nor inside brackets or quotes: "读完《原…" parts a title.
            let opened = head.filter { "《（「『“".contains($0) }.count, closed = head.filter { "》）」』”".contains($0) }.count
            if opened > closed { continue }
            let text = head + "…"
            // A stub ("目…") says nothing; a label this short is better left out.
            let width = TimeTicks.estimatedWidth(text)
            if width <= maxLabelWidth, width >= minLabelWidth, result.last != text { result.append(text) }
        }
        // A few lengths are enough to choose from, and keep the layout quick: the longest three
        // and the shortest.
        return result.count <= 4 ? result : Array(result.prefix(3)) + [result[result.count - 1]]
    }

    /// Where everything goes (see the type's comment for the rules).
    static func layout(_ markers: [Marker], _ o: Options) -> Layout {
        let window = o.window
        let scale = LinearScale(domain: (Double(window.lowerBound), Double(window.upperBound)), range: (side, o.width - side))
        let groups = self.groups(markers, o, scale: scale)
        let todayX = scale(Double(o.today))

        // Ticks above the axis, leaving room for the Today label.
        let todayWidth = TimeTicks.estimatedWidth(o.todayLabel)
        let todayLabelX = min(max(todayX, 2 + todayWidth / 2), o.width - 2 - todayWidth / 2)
        let first = LocalDate(dayNumber: window.lowerBound), last = LocalDate(dayNumber: window.upperBound)
        let dates = TimeTicks.fitting(from: first, to: last, count: 8, position: { scale(Double($0.dayNumber)) },
                                      label: o.tickLabel, bounds: 2...(o.width - 2))
        let ticks = dates.map { (x: scale(Double($0.dayNumber)), label: o.tickLabel($0)) }.filter { t in
            let half = TimeTicks.estimatedWidth(t.label) / 2
            return t.x + half + labelGap <= todayLabelX - todayWidth / 2 || t.x - half - labelGap >= todayLabelX + todayWidth / 2
        }

        let labels = placeLabels(groups, markers, todayX: todayX, width: o.width, rangeLabel: o.clusterLabel)
        let usedRows = labels.map { $0.row + $0.lines.count }.max() ?? 0
        let bottom = usedRows == 0 ? axisY + (groups.map(\.radius).max() ?? markerRadius) + 8
            : firstRow + Double(usedRows - 1) * rowHeight + 0.2 * fontSize + 6
        return Layout(scale: scale, groups: groups, labels: labels.sorted { $0.group < $1.group }, ticks: ticks,
                      todayX: todayX, todayLabelX: todayLabelX, height: bottom)
    }

    /// The labels: as many groups as fit, the most telling first (open before done, then nearest
    /// today), each laid out by `arrange`.
    static func placeLabels(_ groups: [Group], _ markers: [Marker], todayX: Double, width: Double,
                            rangeLabel: ([Marker]) -> String) -> [Label] {
        let texts = groups.map { g in
            g.members.count <= namedClusterSize ? g.members.map { versions(markers[$0].label) } : [[rangeLabel(g.members.map { markers[$0] })]]
        }
        let priority = groups.indices.filter { g in !texts[g].isEmpty && texts[g].allSatisfy { !$0.isEmpty } }.sorted { a, b in
            let doneA = groups[a].members.allSatisfy { markers[$0].kind == .done }
            let doneB = groups[b].members.allSatisfy { markers[$0].kind == .done }
            if doneA != doneB { return !doneA }
            let da = abs(groups[a].x - todayX), db = abs(groups[b].x - todayX)
            return da != db ? da < db : a < b
        }
        var chosen: [Int] = []
        var labels: [Label] = []
        for g in priority {
            if let placed = arrange(chosen + [g], groups, texts, todayX: todayX, width: width) {
                chosen.append(g)
                labels = placed
            }
        }
        return labels
    }

    /// Places the labels of `chosen` groups, or nil when one finds no room. Labels point away from
    /// today; those right of it are placed from the right end inwards, those left of it from the
    /// left end inwards, each in the first row where its block fits with the longest text that
    /// fits. So each stem only has to pass labels that point away from it, and the labels step
    /// down towards today like a staircase.
    static func arrange(_ chosen: [Int], _ groups: [Group], _ texts: [[[String]]], todayX: Double, width: Double) -> [Label]? {
        struct Taken { var x0: Double, x1: Double, stem: Bool }
        // The Today line runs through every row.
        var rows = [[Taken]](repeating: [Taken(x0: todayX - 1, x1: todayX + 1, stem: true)], count: maxRows)
        func free(_ row: Int, _ x0: Double, _ x1: Double, stem: Bool) -> Bool {
            rows[row].allSatisfy { t in
                if stem && t.stem { return true }  // parallel lines never cross
                let gap = stem || t.stem ? lineGap : labelGap
                return x1 + gap <= t.x0 || t.x1 + gap <= x0
            }
        }
        let leftward = chosen.filter { groups[$0].x < todayX }.sorted { groups[$0].x < groups[$1].x }
        let rightward = chosen.filter { groups[$0].x >= todayX }.sorted { groups[$0].x > groups[$1].x }
        var labels: [Label] = []
        for (g, preferLeft) in leftward.map({ ($0, true) }) + rightward.map({ ($0, false) }) {
            let x = groups[g].x
            let options = texts[g]
            let levels = options.map(\.count).max() ?? 0
            var placed = false
            search: for level in 0..<levels {
                let lines = options.map { $0[min(level, $0.count - 1)] }
                let widths = lines.map { TimeTicks.estimatedWidth($0) }
                guard lines.count <= maxRows else { break }
                for row in 0...(maxRows - lines.count) {
                    // The stem runs from the axis down through the rows above and beside the block.
                    guard (0..<(row + lines.count)).allSatisfy({ free($0, x - 1, x + 1, stem: true) }) else { continue }
                    for left in [preferLeft, !preferLeft] {
                        let starts = widths.map { left ? x - lineGap - $0 : x + lineGap }
                        let fits = lines.indices.allSatisfy { i in
                            starts[i] >= 2 && starts[i] + widths[i] <= width - 2 && free(row + i, starts[i], starts[i] + widths[i], stem: false)
                        }
                        guard fits else { continue }
                        labels.append(Label(group: g, lines: lines, lineStarts: starts, leftOfStem: left, row: row, widths: widths))
                        for r in 0..<(row + lines.count) { rows[r].append(Taken(x0: x - 1, x1: x + 1, stem: true)) }
                        for i in lines.indices { rows[row + i].append(Taken(x0: starts[i], x1: starts[i] + widths[i], stem: false)) }
                        placed = true
                        break search
                    }
                }
            }
            if !placed { return nil }
        }
        return labels
    }

    public static func svg(_ markers: [Marker], _ o: Options) -> String {
        let l = layout(markers, o)
        let c = WeightChart.c
        var out = SVG.open(id: o.id, width: o.width, height: l.height, className: "chart timeline", title: o.title, desc: o.description)
        out.reserveCapacity(2_000 + l.groups.count * 200)
        out += "<g class=\"axis\"><line class=\"baseline\" x1=\"\(c(side))\" x2=\"\(c(o.width - side))\" y1=\"\(c(axisY))\" y2=\"\(c(axisY))\"/>"
        for t in l.ticks {
            out += "<line x1=\"\(c(t.x))\" x2=\"\(c(t.x))\" y1=\"\(c(axisY - 4))\" y2=\"\(c(axisY + 4))\"/>"
            out += "<text x=\"\(c(t.x))\" y=\"\(c(tickBaseline))\" text-anchor=\"middle\">\(SVG.text(t.label))</text>"
        }
        out += "</g><g class=\"today\"><line x1=\"\(c(l.todayX))\" x2=\"\(c(l.todayX))\" y1=\"\(c(tickBaseline + 4))\" y2=\"\(c(l.height - 2))\"/>"
        out += "<text x=\"\(c(l.todayLabelX))\" y=\"\(c(tickBaseline))\" text-anchor=\"middle\">\(SVG.text(o.todayLabel))</text></g>"

        out += "<g class=\"stems\">"
        for label in l.labels {
            let g = l.groups[label.group]
            let end = firstRow + Double(label.row + label.lines.count - 1) * rowHeight + 0.2 * fontSize
            out += "<line x1=\"\(c(g.x))\" x2=\"\(c(g.x))\" y1=\"\(c(axisY + g.radius + 1))\" y2=\"\(c(end))\"/>"
        }
        out += "</g><g class=\"markers\">"
        for g in l.groups {
            let kinds = g.members.map { markers[$0].kind }
            let kind = kinds.min { $0.urgency < $1.urgency } ?? .done
            if g.members.count == 1, let i = g.members.first {
                out += "<g class=\"\(kind.rawValue)\">" + shape(kind, x: g.x, y: axisY) + "<title>\(SVG.text(markers[i].title))</title></path></g>"
            } else {
                out += "<g class=\"cluster \(kind.rawValue)\"><circle class=\"mark\" cx=\"\(c(g.x))\" cy=\"\(c(axisY))\" r=\"\(c(g.radius))\">"
                out += "<title>\(SVG.text(o.clusterTitle(g.members.map { markers[$0] })))</title></circle>"
                out += "<text x=\"\(c(g.x))\" y=\"\(c(axisY))\" dy=\"0.35em\" text-anchor=\"middle\">\(g.members.count)</text></g>"
            }
        }
        out += "</g><g class=\"labels\">"
        for label in l.labels {
            let g = l.groups[label.group]
            for (i, line) in label.lines.enumerated() {
                let kind = g.members.count > namedClusterSize ? "range" : markers[g.members[i]].kind.rawValue
                let y = firstRow + Double(label.row + i) * rowHeight
                // Anchored at the stem's side, so a label wider than estimated grows away from it.
                let anchor = label.leftOfStem ? "x=\"\(c(g.x - lineGap))\" text-anchor=\"end\"" : "x=\"\(c(g.x + lineGap))\""
                out += "<text class=\"\(kind)\" \(anchor) y=\"\(c(y))\">\(SVG.text(line))</text>"
            }
        }
        return out + "</g></svg>"
    }

    /// Shapes tell states apart without colour: a diamond when overdue, a large dot for today,
    /// a ring when upcoming, a square when done. (The caller closes the `<path>`.)
    static func shape(_ kind: Kind, x: Double, y: Double) -> String {
        let c = WeightChart.c
        let d: String
        switch kind {
        case .overdue: d = "M\(c(x)) \(c(y - 6))l6 6l-6 6l-6 -6z"
        case .today: d = "M\(c(x - 6)) \(c(y))a6 6 0 1 0 12 0a6 6 0 1 0 -12 0z"
        case .upcoming: d = "M\(c(x - 4.5)) \(c(y))a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0 -9 0z"
        case .done: d = "M\(c(x - 4.5)) \(c(y - 4.5))h9v9h-9z"
        }
        return "<path class=\"mark\" d=\"\(d)\">"
    }
}
