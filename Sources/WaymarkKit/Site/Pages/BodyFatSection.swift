/// The body fat part of the weight page, when the sources have readings: cards, a chart of the
/// readings and their trend, and the monthly means as a table.
enum BodyFatSection {
    static func make(_ figures: BodyFatFigures, _ content: SiteContent, _ r: PageRenderer) -> TemplateValue {
        let f = r.format
        let phrases = r.phrases
        let percent: (Double) -> String = { f.decimal($0) + "%" }
        var cards: [TemplateValue] = [
            WeightPage.card(r.text(.bodyFatLatest), percent(figures.latest), r.text(.latestOn, ["date": phrases.date(figures.latestDate, today: content.today)])),
            WeightPage.card(r.text(.weightTrend), percent(figures.trend), nil),
        ]
        if let change = figures.change30d {
            // A change of a share is in percentage points: −0.7 % would read as 0.7 % of the share.
            cards.append(WeightPage.card(r.text(.change30d), r.text(.bodyFatChange, ["change": signed(change, f)]), nil))
        }
        let days = figures.series.days
        let points = days.map { WeightChart.Point(day: $0.date.dayNumber, weight: $0.weight, interpolated: $0.interpolated, trend: $0.trend) }
        var description = ""
        if let first = days.first, let last = days.last {
            description = r.text(.bodyFatChartDescription, ["start": f.longDate(first.date), "end": f.longDate(last.date),
                                                             "first": f.decimal(first.trend), "last": f.decimal(last.trend),
                                                             "change": signed(last.trend - first.trend, f)])
        }
        func chart(wide: Bool) -> String {
            WeightChart.svg(points, WeightChart.Options(
                width: wide ? 720 : 340, height: wide ? 240 : 200, maxPoints: wide ? 600 : 300, xTicks: wide ? 7 : 4, yTicks: 4,
                goal: nil, goalLabel: "", title: r.text(.bodyFatChartTitle), description: description,
                tickLabel: { d in
                    switch TimeTicks.boundary(d) {
                    case .year: return String(d.year)
                    case .month: return f.monthShort(d.month)
                    case .day: return f.shortDate(d)
                    }
                },
                value: { f.decimal($0) }, id: "body-fat-\(wide ? "wide" : "narrow")", className: wide ? "wide" : "narrow"))
        }
        // Monthly means of the readings (not of interpolated days), newest first.
        var months: [(start: LocalDate, total: Double, count: Int)] = []
        for day in days where !day.interpolated {
            let start = LocalDate(year: day.date.year, month: day.date.month, day: 1) ?? day.date
            if months.last?.start != start { months.append((start, 0, 0)) }
            months[months.count - 1].total += day.weight
            months[months.count - 1].count += 1
        }
        let rows: [TemplateValue] = months.reversed().map { m in
            ["when": .string(f.monthYear(year: m.start.year, month: m.start.month)), "value": .string(f.decimal(m.total / Double(m.count))), "count": .string(f.integer(m.count))]
        }
        return ["cards": .array(cards), "chartWide": .html(chart(wide: true)), "chartNarrow": .html(chart(wide: false)), "rows": .array(rows)]
    }

    private static func signed(_ value: Double, _ f: LocaleFormat) -> String {
        let text = f.decimal(value)
        return value > 0 && text != "0.0" ? "+" + text : text
    }
}
