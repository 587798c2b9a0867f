/// The charts of a habit page, each with a table of its numbers (inline SVG, no script):
/// strength over time, history by week, month, quarter and year, the last 53 weeks, the best
/// streaks, and checks by weekday and by hour.
enum HabitCharts {
    /// How many buckets each history view shows, newest last (years: all of them).
    static let historyLimits: [(unit: HistoryUnit, id: String, limit: Int)] = [
        (.week, "week", 52), (.month, "month", 36), (.quarter, "quarter", 40), (.year, "year", 1_000),
    ]

    /// Every chart and table of habit `h`'s page, keyed as `habit.mustache` reads them.
    static func all(_ h: HabitFigures, today: LocalDate, _ phrases: Phrases, _ r: PageRenderer) -> [String: TemplateValue] {
        let f = r.format
        let strengthDescription = r.text(.strengthDescription, [
            "now": HabitPages.percent(h.score, f), "start": f.longDate(h.days.first)])
        var out: [String: TemplateValue] = [
            "strengthChart": .html(strength(first: h.days.first, values: h.scores, id: "strength", title: r.text(.strengthChartTitle),
                                            description: strengthDescription, r)),
            "strengthTable": monthlyTable(first: h.days.first, values: h.scores, r),
            "history": .array(historyLimits.enumerated().map { i, view in history(h, view.unit, id: view.id, limit: view.limit, checked: i == 0, phrases, r) }),
            "calendar": .html(calendar(h, today: today, phrases, r)),
            "weekdays": weekdays(h, phrases, r),
        ]
        let best = HabitStreaks.best(h.streaks, limit: 10)
        if !best.isEmpty {
            out["streaks"] = [
                "chart": .html(StreakChart.svg(best, width: 720, id: "streaks", title: r.text(.bestStreaksTitle),
                                               description: r.text(.bestStreaksDescription, ["n": f.integer(best.count),
                                                                                             "best": phrases.days(best.map(\.length).max() ?? 0)]),
                                               date: { phrases.date($0, today: today) }, length: phrases.days)),
                "rows": .array(best.map { s in
                    ["start": .string(f.longDate(s.start)), "end": .string(f.longDate(s.end)), "length": .string(phrases.days(s.length))]
                }),
            ]
        }
        if h.days.hours.contains(where: { $0 > 0 }) { out["hours"] = hours(h, phrases, r) }
        return out
    }

    /// A strength line, wide and narrow.
    static func strength(first: LocalDate, values: [Double], id: String, title: String, description: String, _ r: PageRenderer) -> String {
        let percent = { (x: Double) in HabitPages.percent(x, r.format) }
        let date = { (d: LocalDate) in r.format.shortDate(d) }
        return "<div class=\"chart-wide\">"
            + LineChart.svg(first: first, values: values, width: 720, height: 220, id: id + "-wide", title: title,
                            description: description, percent: percent, date: date)
            + "</div><div class=\"chart-narrow\">"
            + LineChart.svg(first: first, values: values, width: 340, height: 200, id: id + "-narrow", title: title,
                            description: description, percent: percent, date: date)
            + "</div>"
    }

    /// A value per day as its value on the last day of each month, newest first.
    static func monthlyTable(first: LocalDate, values: [Double], _ r: PageRenderer) -> TemplateValue {
        guard !values.isEmpty else { return .array([]) }
        var rows: [TemplateValue] = []
        let last = first.adding(days: values.count - 1)
        var day = last
        while day >= first {
            rows.append(["month": .string(r.format.monthYear(year: day.year, month: day.month)),
                         "value": .string(HabitPages.percent(values[first.days(to: day)], r.format))])
            day = day.startOfMonth.adding(days: -1)
        }
        return .array(rows)
    }

    /// One history view: bars per bucket and the table of the buckets, newest first.
    static func history(_ h: HabitFigures, _ unit: HistoryUnit, id: String, limit: Int, checked: Bool,
                        _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        let f = r.format
        let numerical = h.rule.isNumerical
        let buckets = Array(HabitHistory.buckets(h.days, by: unit, numerical: numerical).suffix(limit))
        let unitLabel = h.tag.habit?.unit.map { " " + $0 } ?? ""
        func amount(_ v: Double) -> String {
            numerical ? f.decimal(v, places: 2).replacingZeroFraction() + unitLabel : f.integer(Int(v))
        }
        func name(_ start: LocalDate) -> String {
            switch unit {
            case .week: return r.text(.weekOf, ["date": f.longDate(start)])
            case .month: return f.monthYear(year: start.year, month: start.month)
            case .quarter: return r.text(.quarterOf, ["q": String((start.month - 1) / 3 + 1), "year": String(start.year)])
            case .year: return String(start.year)
            }
        }
        func label(_ i: Int, _ start: LocalDate) -> String? {
            switch unit {
            case .week: return start.day <= 7 && (start.month - 1) % 3 == 0 ? f.monthShort(start.month) : nil
            case .month: return start.month == 1 || i == 0 ? String(start.year) : nil
            case .quarter: return start.month == 1 || i == 0 ? String(start.year) : nil
            case .year: return buckets.count <= 12 || start.year % 2 == 0 ? String(start.year) : nil
            }
        }
        let bars = buckets.enumerated().map { i, b in
            BarChart.Bar(title: name(b.start) + " · " + amount(b.value), label: label(i, b.start),
                         value: Int(b.value.rounded()), highlight: i == buckets.count - 1)
        }
        let unitName = r.text(unit == .week ? .byWeek : unit == .month ? .byMonth : unit == .quarter ? .byQuarter : .byYear)
        let description = r.text(.historyDescription, ["unit": unitName, "n": f.integer(buckets.count)])
        let chart = "<div class=\"chart-wide\">"
            + BarChart.svg(bars, width: 720, height: 200, id: "history-\(id)-wide", title: unitName, description: description)
            + "</div><div class=\"chart-narrow\">"
            + BarChart.svg(bars, width: 340, height: 180, id: "history-\(id)-narrow", title: unitName, description: description)
            + "</div>"
        return [
            "id": .string(id), "label": .string(unitName), "checked": .bool(checked), "chart": .html(chart),
            "rows": .array(buckets.reversed().map { ["when": .string(name($0.start)), "value": .string(amount($0.value))] }),
        ]
    }

    /// The last 53 weeks of this habit.
    static func calendar(_ h: HabitFigures, today: LocalDate, _ phrases: Phrases, _ r: PageRenderer) -> String {
        let first = Heatmap.firstDay(today: today)
        let done = h.daysDone(from: first, to: today)
        let labels = Heatmap.Labels(
            weekday: phrases.weekday, month: r.format.monthShort,
            cell: { day, n in r.format.longDate(day) + (r.options.language == .zhHans ? "：" : ": ") + r.text(n > 0 ? .calendarDone : .calendarNotDone) },
            less: r.text(.less), more: r.text(.more), title: r.text(.calendarTitle),
            description: r.text(.calendarDescription, ["n": phrases.days(done), "total": r.format.integer(first.days(to: today) + 1)]))
        return Heatmap.svg(today: today, value: { h.days.checks(on: $0) }, labels: labels, id: "calendar")
    }

    /// Checks by day of the week, Monday first.
    static func weekdays(_ h: HabitFigures, _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        let counts = HabitHistory.weekdays(h.days)
        let bars = counts.enumerated().map { i, n in
            BarChart.Bar(title: phrases.weekday(i + 1) + " · " + r.format.integer(n), label: phrases.weekday(i + 1), value: n)
        }
        return [
            "chart": .html(BarChart.svg(bars, width: 340, height: 180, id: "weekdays", title: r.text(.byWeekdayTitle),
                                        description: r.text(.byWeekdayDescription))),
            "rows": .array(counts.enumerated().map { i, n in ["when": .string(phrases.weekday(i + 1)), "value": .string(r.format.integer(n))] }),
        ]
    }

    /// Checks by hour of the day, for records that have a time.
    static func hours(_ h: HabitFigures, _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        let counts = h.days.hours
        let bars = counts.enumerated().map { hour, n in
            BarChart.Bar(title: r.text(.hourOf, ["hour": pad(hour, 2)]) + " · " + r.format.integer(n),
                         label: hour % 6 == 0 ? pad(hour, 2) : nil, value: n)
        }
        return [
            "chart": .html(BarChart.svg(bars, width: 340, height: 180, id: "hours", title: r.text(.byHourTitle),
                                        description: r.text(.byHourDescription))),
            "rows": .array(counts.enumerated().filter { $0.element > 0 }.map { hour, n in
                ["when": .string(r.text(.hourOf, ["hour": pad(hour, 2)])), "value": .string(r.format.integer(n))]
            }),
        ]
    }
}
