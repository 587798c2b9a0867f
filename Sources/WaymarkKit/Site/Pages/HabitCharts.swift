/// The charts of a habit page, each with a table of its numbers (inline SVG, no script):
/// strength over time, history by week, month, quarter and year, the last 53 weeks, the best
/// streaks, and checks by weekday and by hour.
enum HabitCharts {
    /// How many buckets each history view shows, newest last (years: all of them).
    static let historyLimits: [(unit: HabitHistory.Unit, id: String, limit: Int)] = [
        (.week, "week", 52), (.month, "month", 36), (.quarter, "quarter", 40), (.year, "year", 60),
    ]

    /// Every chart and table of habit `h`'s page, keyed as `habit.mustache` reads them.
    static func all(_ h: HabitFigures, today: LocalDate, _ phrases: Phrases, _ r: PageRenderer) -> [String: TemplateValue] {
        let f = r.format
        let strengthDescription = r.text(.strengthDescription, [
            "now": HabitPages.percent(h.score, f), "start": f.longDate(h.days.first)])
        var out: [String: TemplateValue] = [
            "strengthChart": .html(strength(first: h.days.first, values: h.scores, id: "strength", title: r.text(.strengthChartTitle),
                                            description: strengthDescription, color: h.tag.color, r)),
            "strengthTable": monthlyTable(first: h.days.first, values: h.scores, r),
            "history": .array(historyLimits.enumerated().map { i, view in history(h, view.unit, id: view.id, limit: view.limit, checked: i == 0, phrases, r) }),
            "calendar": .html(calendar(h, today: today, phrases, r)),
            "weekdays": weekdays(h, phrases, r),
        ]
        let best = HabitStreaks.best(h.streaks, limit: 10)
        out["amountHeader"] = .string(r.text(h.countsAmounts ? .amount : .completions))
        if !best.isEmpty {
            out["streaks"] = [
                "chart": .html(streakChart(best, h, today: today, phrases, r)),
                "rows": .array(best.map { s in
                    ["start": .string(f.longDate(s.start)), "end": .string(f.longDate(s.end)), "length": .string(phrases.days(s.length))]
                }),
            ]
        }
        if h.days.hours.contains(where: { $0 > 0 }) { out["hours"] = hours(h, phrases, r) }
        return out
    }

    /// A strength line, wide and narrow.
    static func strength(first: LocalDate, values: [Double], id: String, title: String, description: String, color: Color? = nil,
                         _ r: PageRenderer) -> String {
        let f = r.format
        // Ticks name months over a short span and years over a long one.
        let long = values.count > 400
        func options(_ width: Double, _ height: Double, _ suffix: String, ticks: Int) -> LineChart.Options {
            LineChart.Options(width: width, height: height, xTicks: ticks, title: title, description: description,
                              tickLabel: { long && $0.month == 1 ? String($0.year) : (long ? f.monthShort($0.month) : f.shortDate($0)) },
                              percent: { HabitPages.percent($0, f) },
                              pointTitle: { f.longDate($0) + r.phrases.colon + HabitPages.percent($1, f) },
                              color: color, id: id + suffix)
        }
        return "<div class=\"chart-wide\">" + LineChart.svg(first: first, values: values, options(720, 220, "-wide", ticks: 8))
            + "</div><div class=\"chart-narrow\">" + LineChart.svg(first: first, values: values, options(340, 200, "-narrow", ticks: 4))
            + "</div>"
    }

    /// The best streaks as bars, newest on top.
    static func streakChart(_ best: [HabitStreak], _ h: HabitFigures, today: LocalDate, _ phrases: Phrases, _ r: PageRenderer) -> String {
        let description = phrases.counted(best.count, one: .bestStreaksDescriptionOne, other: .bestStreaksDescription,
                                          ["best": phrases.days(best.map(\.length).max() ?? 0)])
        func labels() -> StreakChart.Labels {
            StreakChart.Labels(date: { phrases.date($0, today: today) }, length: { r.format.integer($0) },
                               bar: { HabitPages.span($0, phrases, today) + r.phrases.colon + phrases.days($0.length) },
                               title: r.text(.bestStreaksTitle), description: description)
        }
        return "<div class=\"chart-wide\">" + StreakChart.svg(best, width: 720, labels: labels(), id: "streaks-wide", color: h.tag.color)
            + "</div><div class=\"chart-narrow\">" + StreakChart.svg(best, width: 340, labels: labels(), id: "streaks-narrow", color: h.tag.color)
            + "</div>"
    }

    /// Months the strength tables list at most: ten years (a stray record from long ago must not
    /// make a page of thousands of rows; the chart still draws every day).
    static let tableMonths = 120

    /// A value per day as its value on the last day of each month, newest first.
    static func monthlyTable(first: LocalDate, values: [Double], _ r: PageRenderer) -> TemplateValue {
        guard !values.isEmpty else { return .array([]) }
        var rows: [TemplateValue] = []
        let last = first.adding(days: values.count - 1)
        var day = last
        while day >= first && rows.count < tableMonths {
            rows.append(["month": .string(r.format.monthYear(year: day.year, month: day.month)),
                         "value": .string(HabitPages.percent(values[first.days(to: day)], r.format))])
            day = day.startOfMonth.adding(days: -1)
        }
        return .array(rows)
    }

    /// One history view: bars per bucket and the table of the buckets, newest first.
    static func history(_ h: HabitFigures, _ unit: HabitHistory.Unit, id: String, limit: Int, checked: Bool,
                        _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        let f = r.format
        let numerical = h.countsAmounts
        let buckets = Array(HabitHistory.buckets(h.days, by: unit, numerical: numerical).suffix(limit))
        let unitLabel = h.tag.habit?.unitLabel.map { " " + $0 } ?? ""
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
        // Offer a label where a month (weeks) or a year (months, quarters) begins, and every
        // year; `fittingLabels` keeps those that fit the chart's width.
        func label(_ i: Int, _ start: LocalDate) -> String? {
            switch unit {
            case .week: return start.day <= 7 || i == 0 ? (start.month == 1 ? String(start.year) : f.monthShort(start.month)) : nil
            case .month: return start.month == 1 || i == 0 ? String(start.year) : nil
            case .quarter: return start.month == 1 || i == 0 ? String(start.year) : nil
            case .year: return String(start.year)
            }
        }
        let offered = buckets.enumerated().map { label($0, $1.start) }
        func bars(_ width: Double) -> [BarChart.Bar] {
            let labels = BarChart.fittingLabels(offered, width: width)
            return buckets.enumerated().map { i, b in
                BarChart.Bar(title: name(b.start) + " · " + amount(b.value), label: labels[i], amount: b.value, highlight: i == buckets.count - 1)
            }
        }
        let tick: (Double) -> String = { numerical ? f.decimal($0, places: 2).replacingZeroFraction() : f.integer(Int($0)) }
        let unitName = r.text(unit == .week ? .byWeek : unit == .month ? .byMonth : unit == .quarter ? .byQuarter : .byYear)
        let per: (one: UIString, other: UIString) = unit == .week ? (.historyPerWeekOne, .historyPerWeek)
            : unit == .month ? (.historyPerMonthOne, .historyPerMonth)
            : unit == .quarter ? (.historyPerQuarterOne, .historyPerQuarter) : (.historyPerYearOne, .historyPerYear)
        let description = r.phrases.counted(buckets.count, one: per.one, other: per.other)
        let chart = "<div class=\"chart-wide\">"
            + BarChart.svg(bars(720), width: 720, height: 200, id: "history-\(id)-wide", title: unitName, description: description, tickLabel: tick,
                           wholeNumbers: !numerical)
            + "</div><div class=\"chart-narrow\">"
            + BarChart.svg(bars(340), width: 340, height: 180, id: "history-\(id)-narrow", title: unitName, description: description,
                           tickLabel: tick, wholeNumbers: !numerical)
            + "</div>"
        return [
            "id": .string(id), "label": .string(unitName), "checked": .bool(checked), "chart": .html(chart),
            "numbersLabel": .string(r.text(.showNumbersOf, ["what": unitName])),
            "rows": .array(buckets.reversed().map { ["when": .string(name($0.start)), "value": .string(amount($0.value))] }),
        ]
    }

    /// The last 53 weeks of this habit.
    static func calendar(_ h: HabitFigures, today: LocalDate, _ phrases: Phrases, _ r: PageRenderer) -> String {
        let first = Heatmap.firstDay(today: today)
        let done = h.daysDone(from: first, to: today)
        let numerical = h.countsAmounts
        let colon = phrases.colon
        let unit = h.tag.habit?.unitLabel.map { " " + $0 } ?? ""
        func cellTitle(_ day: LocalDate, _ cell: HabitCalendar.Cell) -> String {
            let what: String
            switch cell {
            case .before: what = r.text(.calendarBefore)
            case .missed: what = r.text(.calendarNotDone)
            case .done: what = r.text(.calendarDone)
            case .skipped: what = r.text(.calendarSkipped)
            case .level:
                let amount = h.days.index(day).map { h.days.amounts[$0] } ?? 0
                what = numerical && amount > 0 ? r.format.decimal(amount, places: 2).replacingZeroFraction() + unit : r.text(.calendarDone)
            }
            return r.format.longDate(day) + colon + what
        }
        var legend: [(HabitCalendar.Cell, String)] = [(.missed, r.text(.calendarNotDone)), (.done, r.text(.calendarDone))]
        if h.days.skipped.contains(true) { legend.append((.skipped, r.text(.calendarSkipped))) }
        let labels = HabitCalendar.Labels(
            weekday: phrases.weekday, month: r.format.monthShort, cell: cellTitle,
            legend: numerical ? .scale(less: r.text(.less), more: r.text(.more)) : .items(legend),
            title: r.text(.calendarTitle),
            description: r.text(.calendarDescription, ["n": r.format.integer(done), "total": r.format.integer(first.days(to: today) + 1)]))
        return HabitCalendar.svg(today: today, cells: HabitCalendar.cells(h.days, today: today, numerical: numerical), labels: labels,
                                 id: "calendar")
    }

    /// Checks by day of the week, Monday first.
    static func weekdays(_ h: HabitFigures, _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        let counts = HabitHistory.weekdays(h.days)
        let bars = counts.enumerated().map { i, n in
            BarChart.Bar(title: phrases.weekday(i + 1) + " · " + r.format.integer(n), label: phrases.weekday(i + 1), value: n)
        }
        return [
            "chart": .html(BarChart.svg(bars, width: 340, height: 180, id: "weekdays", title: r.text(.byWeekdayTitle),
                                        description: r.text(.byWeekdayDescription), tickLabel: { r.format.integer(Int($0)) }, wholeNumbers: true)),
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
                                        description: r.text(.byHourDescription), tickLabel: { r.format.integer(Int($0)) }, wholeNumbers: true)),
            "rows": .array(counts.enumerated().filter { $0.element > 0 }.map { hour, n in
                ["when": .string(r.text(.hourOf, ["hour": pad(hour, 2)])), "value": .string(r.format.integer(n))]
            }),
        ]
    }
}
