/// The habit page's frequency grid (weekday × month, as Loop Habit Tracker's) and the header's
/// strength ring.
extension HabitCharts {
    /// The frequency grid of `months` (`HabitFrequency`) with its table, newest month first;
    /// nil when those months hold no completion (a grid of empty dots says nothing).
    static func frequency(_ h: HabitFigures, months: [HabitFrequency.Month], _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        guard HabitFrequency.hasCompletions(months), let first = months.first, let last = months.last else { return .null }
        let f = r.format
        let numerical = h.countsAmounts
        // A numerical habit's circles are its amounts against the grid's largest; a yes/no
        // habit's the days done against the weekdays the month holds.
        let shown = Array(months.suffix(12))
        let largest = shown.flatMap(\.values).filter(\.isFinite).max() ?? 0
        // The year under each January, and under the first month unless a January follows it
        // at once (two years side by side would run into each other).
        func year(_ k: Int) -> String? {
            let m = shown[k].start
            return m.month == 1 || (k == 0 && (shown.count < 2 || shown[1].start.month != 1)) ? String(m.year) : nil
        }
        let columns = shown.enumerated().map { k, m in
            FrequencyChart.Column(
                label: f.monthShort(m.start.month), year: year(k),
                shares: (0..<7).map { w in
                    m.weekdaysHeld[w] == 0 ? nil : numerical ? (largest > 0 ? m.values[w] / largest : 0) : m.share(w)
                })
        }
        let description = r.text(numerical ? .frequencyAmountDescription : .frequencyDescription,
                                 ["from": f.monthYear(year: first.start.year, month: first.start.month),
                                  "to": f.monthYear(year: last.start.year, month: last.start.month)])
        let chart = FrequencyChart.svgBytes(columns, weekday: phrases.weekday, id: "frequency", title: r.text(.frequencyTitle), description: description)
        func cell(_ m: HabitFrequency.Month, _ w: Int) -> String {
            guard m.weekdaysHeld[w] > 0 else { return "—" }
            return numerical ? f.amount(m.values[w]) : f.integer(Int(m.values[w]))
        }
        return [
            "chart": .chart(chart),
            "weekdayNames": .array((1...7).map { .string(phrases.weekday($0)) }),
            "rows": .array(shown.reversed().map { m in
                ["month": .string(f.monthYear(year: m.start.year, month: m.start.month)),
                 "cells": .array((0..<7).map { .string(cell(m, $0)) })]
            }),
        ]
    }

    /// The header's ring: today's strength as an arc, the same figure written inside it.
    static func ring(_ h: HabitFigures, _ r: PageRenderer) -> String {
        let text = HabitPages.percent(h.score, r.format)
        return StrengthRing.svg(share: h.score, text: text, title: r.text(.strengthRing, ["n": text]), id: "strength-ring")
    }
}
