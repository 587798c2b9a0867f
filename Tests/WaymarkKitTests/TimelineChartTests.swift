import Testing
@testable import WaymarkKit

/// The targets timeline's layout: the window, the clusters, and labels that never overlap, never
/// leave the chart, and are crossed by no stem and not by the Today line.
struct TimelineChartTests {
    static let today = 20_786  // 2026-11-29

    static func options(today: Int = today) -> TimelineChart.Options {
        TimelineChart.Options(today: today, todayLabel: "Today", tickLabel: { LocaleFormat(.en).shortDate($0) },
                              clusterTitle: { "\($0.count) targets" },
                              clusterLabel: { "days \($0.first?.day ?? 0)–\($0.last?.day ?? 0)" }, title: "Targets on a timeline", description: "d", id: "t")
    }

    /// The demo's ten targets, as `TargetsPages.timeline` passes them (today 2026-11-29).
    static let demo: [TimelineChart.Marker] = [
        (-85, TimelineChart.Kind.done, "读完《原则》Finish 'Principles'"), (-48, .done, "连续冥想 30 天 Meditate 30 days"),
        (-34, .done, "半程马拉松训练 Half-marathon block"), (-19, .done, "学完 Swift 并发 Learn Swift concurrency"),
        (-9, .overdue, "提交报税材料 File tax documents"), (-8, .done, "整理照片 Sort photos"), (-2, .overdue, "修好自行车 Fix the bike"),
        (0, .today, "给妈妈打电话 Call Mum"), (1, .upcoming, "练完肖邦夜曲 Learn the nocturne"), (12, .upcoming, "年度回顾 Year in review"),
    ].map { TimelineChart.Marker(day: today + $0.0, kind: $0.1, label: $0.2, title: $0.2) }

    /// `n` targets due over the next two weeks, one after another, with names of mixed lengths.
    static func dueInTwoWeeks(_ n: Int) -> [TimelineChart.Marker] {
        (0..<n).map { i in
            let name = i % 3 == 0 ? "目标 Target \(i + 1): 计划 focus" : i % 3 == 1 ? "Target \(i + 1) morning balance" : "读书 \(i + 1)"
            return TimelineChart.Marker(day: today + 1 + i * 14 / n, kind: .upcoming, label: name, title: name)
        }
    }

    /// Every invariant of a layout; returns the problems found.
    func problems(_ markers: [TimelineChart.Marker], _ o: TimelineChart.Options) -> [String] {
        var found: [String] = []
        let l = TimelineChart.layout(markers, o)
        // Every marker in the window is in exactly one group; none outside it is.
        let inWindow = markers.indices.filter { o.window.contains(markers[$0].day) }
        let grouped = l.groups.flatMap(\.members)
        if grouped.sorted() != inWindow { found.append("grouped \(grouped.sorted()) but in window \(inWindow)") }
        // Groups never touch, and lie inside the axis.
        for (a, b) in zip(l.groups, l.groups.dropFirst()) where b.x - a.x < a.radius + b.radius + TimelineChart.markerGap {
            found.append("groups at \(a.x) and \(b.x) overlap")
        }
        for g in l.groups where g.x - g.radius < 0 || g.x + g.radius > o.width { found.append("group at \(g.x) leaves the chart") }
        // Text boxes as estimated: no two overlap, all inside the viewBox.
        let svg = TimelineChart.svg(markers, o)
        let boxes = SVGTextBox.boxes(svg) { text in Int(text) != nil ? TimelineChart.countFontSize : TimelineChart.fontSize }
        found += SVGTextBox.overlapping(boxes)
        for b in boxes where b.x0 < 0 || b.x1 > o.width || b.y0 < 0 || b.y1 > l.height { found.append("\(b) leaves the chart") }
        // No stem and not the Today line crosses a label (a label's own stem runs beside it).
        var lines: [(x: Double, y0: Double, y1: Double, own: Int?)] = [(l.todayX, TimelineChart.tickBaseline + 4, l.height, nil)]
        for (k, label) in l.labels.enumerated() {
            let g = l.groups[label.group]
            lines.append((g.x, TimelineChart.axisY, TimelineChart.lineBox(label, line: label.lines.count - 1).y1, k))
        }
        for (k, label) in l.labels.enumerated() {
            for i in label.lines.indices {
                let box = TimelineChart.lineBox(label, line: i)
                for line in lines where line.own != k && line.x > box.x0 - 1 && line.x < box.x1 + 1 && line.y0 < box.y1 && line.y1 > box.y0 {
                    found.append("a line at x = \(line.x) crosses \"\(label.lines[i])\"")
                }
            }
        }
        // Labels are whole names or cut at a break with "…".
        for label in l.labels {
            for (i, line) in label.lines.enumerated() {
                let members = l.groups[label.group].members
                if members.count > TimelineChart.namedClusterSize {
                    if line != "days \(markers[members.first ?? 0].day)–\(markers[members.last ?? 0].day)" { found.append("\(line) is no range") }
                    continue
                }
                let name = markers[members[i]].label
                if line != name && !(line.hasSuffix("…") && name.hasPrefix(String(line.dropLast()))) { found.append("\"\(line)\" is not from \"\(name)\"") }
            }
        }
        if svg.contains("class=\"halo\"") { found.append("a halo copy of a label") }
        return found
    }

    @Test func windowIsThirtyDaysBackToSixtyAhead() {
        let o = Self.options()
        #expect(o.window == (Self.today - 30)...(Self.today + 60))
        let markers = [-31, -30, 60, 61].map { TimelineChart.Marker(day: Self.today + $0, kind: .done, label: "x", title: "x") }
        #expect(TimelineChart.visible(markers, o) == [1, 2])
    }

    @Test func nearMarkersMergeIntoACluster() {
        // 90 days over 760 − 2 × 16 = 728 units: 8.09 a day. Two single markers need 6 + 6 + 2 = 14
        // units: one day apart (8.09) they merge, two days apart (16.18) they do not.
        let o = Self.options()
        let scale = LinearScale(domain: (Double(Self.today - 30), Double(Self.today + 60)), range: (16, 744))
        func marker(_ d: Int) -> TimelineChart.Marker { TimelineChart.Marker(day: Self.today + d, kind: .upcoming, label: "x", title: "x") }
        let near = TimelineChart.groups([marker(0), marker(1)], o, scale: scale)
        #expect(near.map(\.members) == [[0, 1]])
        let middle: Double = 16 + 728 * 30.5 / 90  // the middle of days 30 and 31
        let x = near.first?.x ?? 0
        #expect(abs(x - middle) < 1e-9)
        #expect(TimelineChart.groups([marker(0), marker(2)], o, scale: scale).map(\.members) == [[0], [1]])
        // A cluster of 2 has radius 8 and sits at day 0.5: a marker on day 2 (1.5 days, 12.1 units
        // away, under 8 + 6 + 2) joins it; one on day 3 (20.2 units away) does not.
        #expect(TimelineChart.groups([marker(0), marker(1), marker(2)], o, scale: scale).map(\.members) == [[0, 1, 2]])
        #expect(TimelineChart.groups([marker(0), marker(1), marker(3)], o, scale: scale).map(\.members) == [[0, 1], [2]])
        #expect(TimelineChart.clusterRadius(2) == 8)
        #expect(TimelineChart.clusterRadius(500) == 12.5)  // "500": 3 × 6 units wide in a 10-unit font, + 3.5
    }

    @Test func labelsAreCutOnlyAtBreaks() {
        // Widths at 11 units: a CJK character 11, anything else 6.6; at most 220, at least 50.
        #expect(TimelineChart.versions("Fix the bike") == ["Fix the bike", "Fix the…"])  // "Fix…" is 26.4 wide: a stub
        let name = "读完《原则》Finish 'Principles'"
        let v = TimelineChart.versions(name)
        #expect(v.first == name)
        // After 》, not inside 《原则》 (never a cut that parts 》 from 则 or ends on 《).
        #expect(v.contains("读完《原则》…"))
        #expect(!v.contains { $0.hasPrefix("读完《原则…") || $0.hasPrefix("读完《…") })
        #expect(!v.contains { $0.contains("Princ…") || $0.contains("Finis…") })
        // A Latin word too wide for any label gives nothing to show.
        #expect(TimelineChart.versions(String(repeating: "x", count: 40)).isEmpty)
    }

    @Test func demoLayoutKeepsEveryRule() {
        let o = Self.options()
        #expect(problems(Self.demo, o) == [])
        let l = TimelineChart.layout(Self.demo, o)
        // Days −85, −48 and −34 are before the window (−30); the other 7 are drawn.
        #expect(l.groups.flatMap(\.members).sorted() == [3, 4, 5, 6, 7, 8, 9])
        // Today's and tomorrow's targets (8.09 units apart) form one cluster, named in two lines.
        let todayGroup = l.groups.first { $0.members.contains(7) }
        #expect(todayGroup?.members == [7, 8])
        let named = l.labels.first { l.groups[$0.group].members == [7, 8] }
        #expect(named?.lines == ["给妈妈打电话 Call Mum", "练完肖邦夜曲 Learn the nocturne"])
        #expect(named?.leftOfStem == false)  // right of today, pointing away from it
    }

    @Test func fiveHundredTargetsInTwoWeeks() {
        let markers = Self.dueInTwoWeeks(500)
        let o = Self.options()
        #expect(problems(markers, o) == [])
        let l = TimelineChart.layout(markers, o)
        #expect(l.groups.map(\.members.count).reduce(0, +) == 500)
        #expect(l.groups.count <= 8)  // 14 days of 8.09 units cannot hold more than 113 / 16 clusters
        #expect(l.height < 160)
        #expect(!l.labels.isEmpty && l.labels.allSatisfy { $0.lines.count == 1 && $0.lines[0].hasPrefix("days ") })  // the clusters' dates
    }

    @Test func fortyFiveTargetsInTwoWeeks() {
        let markers = Self.dueInTwoWeeks(45)
        let o = Self.options()
        #expect(problems(markers, o) == [])
        #expect(TimelineChart.layout(markers, o).groups.flatMap(\.members).sorted() == Array(0..<45))
    }

    @Test func scatteredNamesAndEdges() {
        // Long names on both sides of today, at the window's edges, and today at the left edge.
        var g: UInt64 = 11
        func next(_ n: Int) -> Int {
            g = g &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((g >> 33) % UInt64(n))
        }
        let kinds: [TimelineChart.Kind] = [.overdue, .today, .upcoming, .done]
        let markers = (0..<120).map { i in
            TimelineChart.Marker(day: Self.today - 30 + next(91), kind: kinds[next(4)],
                                 label: String(repeating: i % 2 == 0 ? "长" : "Long ", count: 1 + next(12)) + "\(i)", title: "t")
        }
        #expect(problems(markers, Self.options()) == [])
        var edge = Self.options()
        edge.past = 0
        #expect(problems(markers, edge) == [])
        #expect(problems([], Self.options()) == [])
    }

    @Test func oneSVGWithTitlesAndNoScript() {
        let svg = TimelineChart.svg(Self.demo, Self.options())
        #expect(svg.components(separatedBy: "<svg").count == 2)
        #expect(svg.contains("<title id=\"t-title\">Targets on a timeline</title><desc id=\"t-desc\">d</desc>"))
        #expect(svg.contains("<title>2 targets</title>"))  // the clusters' titles come from the caller
        #expect(!svg.contains("读完《原则》"))  // outside the window
        #expect(!svg.contains("<script"))
    }

    /// A 5,000-character name is cut like a short one: only the first 34 characters (220 units at
    /// 6.6 each, the narrowest) can ever fit, so only they are tried.
    @Test func aHugeNameIsCutQuickly() {
        let versions = TimelineChart.versions(String(repeating: "每天读书", count: 1_250))
        #expect(!versions.isEmpty)
        #expect(versions.allSatisfy { TimeTicks.estimatedWidth($0) <= TimelineChart.maxLabelWidth && $0.hasSuffix("…") })
        // 19 CJK characters and "…" (19 × 11 + 6.6 = 215.6) is the longest that fits.
        #expect(versions.first?.count == 20)
    }
}
