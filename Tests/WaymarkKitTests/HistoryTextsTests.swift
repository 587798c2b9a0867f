import Testing
@testable import WaymarkKit

/// A habit history's names, amounts and bar titles are written as bytes (`HistoryTexts`) and its
/// bars drawn with titles escaped once (`BarTitles`); the plain reference is the way they were
/// written before, each a `String` joined from pieces and escaped by `SVG.text` in each drawing.
struct HistoryTextsTests {
    static func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d)! }

    /// Seven years of days, two in three done with amounts of 0 to 7.5 (fractions among them).
    static func figures(_ name: String, frequency: Frequency? = nil, unit: String? = nil, target: Double? = nil) -> HabitFigures {
        var days = HabitDays(first: day(2019, 2, 13), last: day(2026, 3, 10))
        for i in 0..<days.count where i % 3 != 0 {
            days.checks[i] = 1
            days.amounts[i] = Double(i % 11) * 0.75 + (i % 7 == 0 ? 1_234.567 : 0)
        }
        let tag = Tag(name: name, habit: HabitDetails(frequency: frequency, unit: unit, target: target))
        return HabitFigures(name: name, tag: tag, days: days)
    }

    /// Yes/no every day and three times a week; numerical with a target in a unit holding markup
    /// and quotes, in a Chinese unit, with a right-to-left override in its unit (the whole title
    /// is isolated), and without a target (no goals).
    static let habits: [HabitFigures] = [
        figures("Run <fast> & \"far\" 'x'"),
        figures("Stretch", frequency: Frequency(numerator: 3, denominator: 7)),
        figures("Swim", unit: "km <b>&'\"", target: 5),
        figures("跑步", unit: "公里", target: 3),
        figures("Rowing", unit: "m \u{202E}", target: 2_000),
        figures("Laps", unit: "'laps'"),
    ]

    /// The names and amounts as `HabitCharts.history` joined them before.
    static func reference(_ h: HabitFigures, _ buckets: [HabitHistory.Bucket], _ unit: HabitHistory.Unit, goals: [Double?],
                          _ r: PageRenderer) -> (names: [String], amounts: [String]) {
        let f = r.format
        let numerical = h.countsAmounts
        let unitLabel = h.tag.habit?.unitLabel.map { " " + $0 } ?? ""
        func number(_ v: Double) -> String { numerical ? f.amount(v) : f.integer(Int(v)) }
        func amount(_ v: Double, _ goal: Double?) -> String {
            number(v) + (goal.map { "/" + number($0) } ?? "") + (numerical ? unitLabel : "")
        }
        func name(_ start: LocalDate) -> String {
            switch unit {
            case .week: return r.text(.weekOf, ["date": f.longDate(start)])
            case .month: return f.monthYear(year: start.year, month: start.month)
            case .quarter: return r.text(.quarterOf, ["q": String((start.month - 1) / 3 + 1), "year": String(start.year)])
            case .year: return String(start.year)
            }
        }
        return (buckets.map { name($0.start) }, buckets.indices.map { amount(buckets[$0].value, goals[$0]) })
    }

    @Test(arguments: [Language.en, .zhHans])
    func textsAndDrawingsMatchTheReference(language: Language) throws {
        let options = SiteOptions(now: Int64(Self.day(2026, 3, 10).dayNumber) * 86_400 + 43_200, zone: .utc, language: language)
        let r = PageRenderer(templates: try TemplateSet([:]), options: options, siteTitle: "x")
        var bars = 0
        for h in Self.habits {
            // The habit page's views and a year page's (a year's weeks and months).
            let views = HabitCharts.historyLimits.map { ($0.unit, $0.limit, Int?.none) } + [(.week, 60, 2025), (.month, 60, 2019)]
            for (unit, limit, year) in views {
                let numerical = h.countsAmounts
                let buckets = Array((year.map { HabitHistory.buckets(h.days, by: unit, numerical: numerical, startingIn: $0) }
                    ?? HabitHistory.buckets(h.days, by: unit, numerical: numerical)).suffix(limit))
                let hasGoal = !numerical || h.rule.isNumerical
                let goals = buckets.map { hasGoal ? h.goal.asked(unit, start: $0.start) : nil }
                let texts = HistoryTexts(buckets, unit: unit, goals: goals, numerical: numerical, unitLabel: h.tag.habit?.unitLabel, r)
                let expected = Self.reference(h, buckets, unit, goals: goals, r)
                #expect(texts.names == expected.names, "\(h.name) \(unit)")
                #expect(texts.amounts == expected.amounts, "\(h.name) \(unit)")
                #expect(texts.titles.count == buckets.count)
                let titles = buckets.indices.map { expected.names[$0] + " · " + expected.amounts[$0] }
                for i in buckets.indices { #expect(texts.titles.text(i) == SVG.text(titles[i]), "\(h.name) \(unit) \(i)") }
                // Both drawings with the shared titles against each escaping its own.
                for (width, height) in [(720.0, 200.0), (340.0, 180.0)] {
                    let labels = BarChart.fittingLabels(buckets.map { String($0.start.year) }, width: width)
                    func drawn(_ title: (Int) -> String) -> [BarChart.Bar] {
                        buckets.enumerated().map { i, b in
                            BarChart.Bar(title: title(i), label: labels[i], amount: b.value, highlight: i == buckets.count - 1, target: goals[i])
                        }
                    }
                    let shared = BarChart.svgBytes(drawn { _ in "" }, titles: texts.titles, width: width, height: height, id: "h", title: "T <",
                                                   description: "D", tickLabel: { r.format.amount($0) }, wholeNumbers: !numerical)
                    let plain = BarChart.svgBytes(drawn { titles[$0] }, width: width, height: height, id: "h", title: "T <",
                                                  description: "D", tickLabel: { r.format.amount($0) }, wholeNumbers: !numerical)
                    #expect(shared == plain, "\(h.name) \(unit) \(width)")
                    bars += buckets.count
                }
                // The page's history holds each bar's reference title and a table row per bucket.
                guard case .object(let view) = HabitCharts.history(h, unit, id: "v", limit: limit, checked: false, year: year, r.phrases, r),
                      case .finishedHTML(let chart)? = view["chart"], case .array(let rows)? = view["rows"] else {
                    Issue.record("no history view")
                    continue
                }
                let page = String(decoding: chart, as: UTF8.self)
                for title in titles { #expect(page.contains("<title>" + SVG.text(title) + "</title></rect>")) }
                #expect(rows.count == buckets.count)
                if let newest = rows.first, case .object(let row) = newest {
                    #expect(row["when"] == .string(expected.names.last ?? "") && row["value"] == .string(expected.amounts.last ?? ""))
                }
            }
        }
        #expect(bars > 2 * 6 * (52 + 36 + 29 + 8))
    }

    /// A title may be empty (none drawn, as for a bar whose `title` is empty) or need escaping.
    @Test func emptyAndEscapedTitles() {
        let raw = ["", "a <b> & \"c\" 'd'", "", "周一 · 3", "x\u{202E}y"]
        var builder = BarTitles.Builder(count: raw.count)
        for text in raw {
            var text = text
            text.withUTF8 { builder.append(escaping: $0) }
        }
        let titles = builder.finish()
        #expect(raw.indices.map { titles.text($0) } == raw.map { SVG.text($0) })
        let bars = raw.indices.map { BarChart.Bar(title: raw[$0], label: nil, value: $0 + 1) }
        let blank = raw.indices.map { BarChart.Bar(title: "", label: nil, value: $0 + 1) }
        #expect(BarChart.svgBytes(blank, titles: titles, width: 340, height: 180, id: "c", title: "T", description: "D")
                == BarChart.svgBytes(bars, width: 340, height: 180, id: "c", title: "T", description: "D"))
    }
}
