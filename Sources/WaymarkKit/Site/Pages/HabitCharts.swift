/// The charts of a habit page, each with a table of its numbers (inline SVG, no script):
/// strength over time, history by week, month, quarter and year, the last 53 weeks, the best
/// streaks, checks by weekday and by hour, and by weekday and month (`HabitCharts+Frequency`).
enum HabitCharts {
    /// How many buckets each history view shows, newest last (years: all of them).
    static let historyLimits: [(unit: HabitHistory.Unit, id: String, limit: Int)] = [
        (.week, "week", 52), (.month, "month", 36), (.quarter, "quarter", 40), (.year, "year", 60),
    ]

    /// Every chart and table of habit `h`'s page, keyed as `habit.mustache` reads them.
    static func all(_ h: HabitFigures, today: LocalDate, _ phrases: Phrases, _ r: PageRenderer) -> TemplateObject {
        let f = r.format
        let strengthDescription = r.text(.strengthDescription, [
            "now": HabitPages.percent(h.score, f), "start": f.longDate(h.days.first)])
        var out: TemplateObject = [
            "strengthChart": .chart(strength(first: h.days.first, values: h.scores, id: "strength", title: r.text(.strengthChartTitle),
                                            description: strengthDescription, color: h.tag.color, r)),
            "strengthTable": monthlyTable(first: h.days.first, values: h.scores, r),
            "history": .array(historyLimits.enumerated().map { i, view in history(h, view.unit, id: view.id, limit: view.limit, checked: i == 0, phrases, r) }),
            "calendar": .chart(calendar(h, today: today, phrases, r)),
            "weekdays": weekdays(h, phrases, r),
            "frequency": frequency(h, months: HabitFrequency.lastYear(h.days, numerical: h.countsAmounts), phrases, r),
            "ring": .chart(ring(h, r)),
        ]
        // A weekly or monthly habit's streaks are in its own period (`HabitGoal.streaks`).
        let unit = h.goal.ownUnit
        let measure: (HabitStreak) -> Int = { h.goal.periodsIn($0) }
        let best = HabitStreaks.best(unit == nil ? h.streaks : h.periodStreaks, limit: 10, measure: measure)
        out["amountHeader"] = .string(r.text(h.countsAmounts ? .amount : .completions))
        if !best.isEmpty {
            out["streaks"] = [
                "chart": .chart(streakChart(best, h, today: today, phrases, r)),
                "note": unit.map { .string(r.text($0 == .week ? .periodStreaksNote : .periodStreaksNoteMonth)) } ?? .null,
                "rows": .array(best.map { s in
                    ["start": .string(f.longDate(s.start)), "end": .string(f.longDate(s.end)), "length": .string(phrases.length(measure(s), in: unit))]
                }),
            ]
        }
        if h.days.hours.contains(where: { $0 > 0 }) { out["hours"] = hours(h, phrases, r) }
        return out
    }

    /// A strength line, wide and narrow.
    static func strength(first: LocalDate, values: [Double], id: String, title: String, description: String, color: Color? = nil,
                         _ r: PageRenderer) -> [UInt8] {
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
        return Array("<div class=\"chart-wide\">".utf8) + LineChart.svgBytes(first: first, values: values, options(720, 220, "-wide", ticks: 8))
            + Array("</div><div class=\"chart-narrow\">".utf8) + LineChart.svgBytes(first: first, values: values, options(340, 200, "-narrow", ticks: 4))
            + Array("</div>".utf8)
    }

    /// The best streaks as bars, newest on top.
    static func streakChart(_ best: [HabitStreak], _ h: HabitFigures, today: LocalDate, _ phrases: Phrases, _ r: PageRenderer) -> String {
        let unit = h.goal.ownUnit
        let measure: (HabitStreak) -> Int = { h.goal.periodsIn($0) }
        let description = phrases.counted(best.count, one: .bestStreaksDescriptionOne, other: .bestStreaksDescription,
                                          ["best": phrases.length(best.map(measure).max() ?? 0, in: unit)])
        func labels() -> StreakChart.Labels {
            StreakChart.Labels(date: { phrases.date($0, today: today) }, length: { r.format.integer($0) },
                               bar: { HabitPages.span($0, phrases, today) + r.phrases.colon + phrases.length(measure($0), in: unit) },
                               title: r.text(.bestStreaksTitle), description: description)
        }
        return "<div class=\"chart-wide\">"
            + StreakChart.svg(best, width: 720, labels: labels(), id: "streaks-wide", color: h.tag.color, measure: measure)
            + "</div><div class=\"chart-narrow\">"
            + StreakChart.svg(best, width: 340, labels: labels(), id: "streaks-narrow", color: h.tag.color, measure: measure)
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

    /// The names of a history table row's members, made once.
    static let rowWhen = TemplateKey("when"), rowValue = TemplateKey("value")

    /// One history view: bars per bucket and the table of the buckets, newest first.
    /// `year`: only the units that start in that calendar year (a habit's page for the year).
    static func history(_ h: HabitFigures, _ unit: HabitHistory.Unit, id: String, limit: Int, checked: Bool, year: Int? = nil,
                        _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        let f = r.format
        let numerical = h.countsAmounts
        let buckets = Array((year.map { HabitHistory.buckets(h.days, by: unit, numerical: numerical, startingIn: $0) }
            ?? HabitHistory.buckets(h.days, by: unit, numerical: numerical)).suffix(limit))
        // A numerical habit without a target has no goal; its rule counts days, not amounts.
        let hasGoal = !numerical || h.rule.isNumerical
        let goals = buckets.map { hasGoal ? h.goal.asked(unit, start: $0.start) : nil }
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
        // Each bucket's name, figure and bar title are written once, for both charts and the table.
        let texts = HistoryTexts(buckets, unit: unit, goals: goals, numerical: numerical, unitLabel: h.tag.habit?.unitLabel, r)
        func bars(_ width: Double) -> [BarChart.Bar] {
            let labels = BarChart.fittingLabels(offered, width: width)
            return buckets.enumerated().map { i, b in
                BarChart.Bar(title: "", label: labels[i], amount: b.value, highlight: i == buckets.count - 1, target: goals[i])
            }
        }
        let tick: (Double) -> String = { numerical ? f.amount($0) : f.integer(Int($0)) }
        let unitName = r.text(unit == .week ? .byWeek : unit == .month ? .byMonth : unit == .quarter ? .byQuarter : .byYear)
        let per: (one: UIString, other: UIString) = unit == .week ? (.historyPerWeekOne, .historyPerWeek)
            : unit == .month ? (.historyPerMonthOne, .historyPerMonth)
            : unit == .quarter ? (.historyPerQuarterOne, .historyPerQuarter) : (.historyPerYearOne, .historyPerYear)
        // An earlier year's page counts the periods of that year, not "the last" ones.
        let inYear: (one: UIString, other: UIString)? = year == nil ? nil
            : unit == .week ? (.historyPerWeekInYearOne, .historyPerWeekInYear)
            : unit == .month ? (.historyPerMonthInYearOne, .historyPerMonthInYear) : nil
        let description = r.phrases.counted(buckets.count, one: inYear?.one ?? per.one, other: inYear?.other ?? per.other,
                                            year.map { ["year": String($0)] } ?? [:])
            + (goals.contains { $0 != nil } ? (r.phrases.language == .zhHans ? "" : " ") + r.text(.historyGoalLine) : "")
        var chart = Array("<div class=\"chart-wide\">".utf8)
        // Both drawings copy the titles escaped once.
        chart += BarChart.svgBytes(bars(720), titles: texts.titles, width: 720, height: 200, id: "history-\(id)-wide", title: unitName,
                                   description: description, tickLabel: tick, wholeNumbers: !numerical)
        chart += Array("</div><div class=\"chart-narrow\">".utf8)
        chart += BarChart.svgBytes(bars(340), titles: texts.titles, width: 340, height: 180, id: "history-\(id)-narrow", title: unitName,
                                   description: description, tickLabel: tick, wholeNumbers: !numerical)
        chart += Array("</div>".utf8)
        return [
            "id": .string(id), "label": .string(unitName), "checked": .bool(checked), "chart": .chart(chart),
            "numbersLabel": .string(r.text(.showNumbersOf, ["what": unitName])),
            "rows": .array(buckets.indices.reversed().map { i in
                .object(TemplateObject(rowWhen, .string(texts.names[i]), rowValue, .string(texts.amounts[i])))
            }),
        ]
    }

    /// The last 53 weeks of this habit, shaded by its goal (`HabitCalendar.goalCells`); a
    /// numerical habit without a target, which has no goal, by amount.
    /// `title` names the chart (default: the last 53 weeks; a year's page names its year).
    static func calendar(_ h: HabitFigures, today: LocalDate, title: String? = nil, _ phrases: Phrases, _ r: PageRenderer) -> [UInt8] {
        let (cells, labels, cellTitle) = calendarParts(h, today: today, title: title, year: nil, phrases, r)
        let titles = HabitCalendar.titles(today: today, cells: cells, title: cellTitle)
        return HabitCalendar.svgBytes(today: today, cells: cells, labels: labels, titles: titles, id: "calendar")
    }

    /// An earlier year's calendar (`today` its last day shown): the 53 weeks ending with it for
    /// wide screens, and for a phone the year's own days as two half-years, January to June over
    /// July to December, which fit its width without scrolling. Its description counts the days
    /// of that year (from the habit's first day), not "the last" days.
    static func yearCalendar(_ h: HabitFigures, year: Int, today: LocalDate, _ phrases: Phrases, _ r: PageRenderer) -> (wide: [UInt8], narrow: [UInt8]) {
        let (cells, labels, cellTitle) = calendarParts(h, today: today, title: r.format.year(year), year: year, phrases, r)
        // Every day is drawn twice, in the wide calendar and in a phone's half-year: its title once.
        let titles = HabitCalendar.titles(today: today, cells: cells, title: cellTitle)
        let wide = HabitCalendar.svgBytes(today: today, cells: cells, labels: labels, titles: titles, id: "calendar")
        let gridFirst = Heatmap.firstDay(today: today)
        let start = max(LocalDate(year: year, month: 1, day: 1) ?? gridFirst, gridFirst)
        guard let july = LocalDate(year: year, month: 7, day: 1), start < july, july <= today else {
            return (wide, HabitCalendar.spanBytes(from: start, to: today, gridFirst: gridFirst, cells: cells, labels: labels, titles: titles,
                                             id: "calendar-narrow", legend: true))
        }
        func half(_ from: LocalDate, _ to: LocalDate, _ n: Int) -> [UInt8] {
            var l = labels
            l.title = labels.title + " · " + r.format.monthShort(from.month) + "–" + r.format.monthShort(to.month)
            return HabitCalendar.spanBytes(from: from, to: to, gridFirst: gridFirst, cells: cells, labels: l, titles: titles, id: "calendar-h\(n)",
                                      legend: n == 2)
        }
        return (wide, half(start, july.adding(days: -1), 1) + half(july, today, 2))
    }

    /// An hour of the day as a label: "06:00", "6时" (Chinese writes the hour without a zero).
    static func hourLabel(_ hour: Int, _ r: PageRenderer) -> String {
        r.text(.hourOf, ["hour": r.options.language == .zhHans ? String(hour) : pad(hour, 2)])
    }

    /// The months' names dates are written with: part of every calendar title.
    static let monthNamesArePlain = LocaleFormat.monthsShortUTF8.allSatisfy { $0.withUnsafeBufferPointer(HTMLEscape.isUnchanged) }

    /// A calendar's cells and labels, and what appends each day's `<title>` escaped as UTF-8 (what
    /// `SVG.text(labels.cell(day, cell))` gives, written as bytes: a year's page has 371).
    static func calendarParts(_ h: HabitFigures, today: LocalDate, title: String?, year: Int?, _ phrases: Phrases,
                              _ r: PageRenderer) -> ([HabitCalendar.Cell], HabitCalendar.Labels, (LocalDate, HabitCalendar.Cell, inout ByteBuffer) -> Void) {
        let first = Heatmap.firstDay(today: today)
        let byGoal = !h.countsAmounts || h.rule.isNumerical
        let cells = byGoal ? HabitCalendar.goalCells(h.days, rule: h.rule, today: today, entries: h.entries)
            : HabitCalendar.cells(h.days, today: today, numerical: true)
        let numerical = h.countsAmounts
        let colon = phrases.colon
        let unit = h.tag.habit?.unitLabel.map { " " + $0 } ?? ""
        let atMost = h.rule.targetKind == .atMost
        // "9,283 steps (under target)", "9,283 步（未达目标）".
        let open = r.text(.unitOpen), close = r.text(.unitClose)
        func wording(_ cell: HabitCalendar.Cell) -> String {
            switch cell {
            case .before: return r.text(.calendarBefore)
            case .missed: return r.text(.calendarNotDone)
            case .done: return r.text(h.rule.isNumerical ? (atMost ? .calendarWithin : .calendarMet) : .calendarDone)
            case .skipped: return r.text(.calendarSkipped)
            case .filledIn: return r.text(.calendarFilledIn)
            case .under: return r.text(atMost ? .calendarOverLimit : .calendarUnderTarget)
            case .level(let n): return h.rule.isNumerical && n >= 3 ? r.text(.calendarTimesTarget, ["x": n == 4 ? "2" : r.format.decimal(1.5)])
                : r.text(h.rule.isNumerical ? .calendarMet : .calendarDone)
            }
        }
        // Each look's word, looked up once: a calendar names a look on each of its 371 days.
        let looks: [HabitCalendar.Cell] = [.before, .missed, .done, .skipped, .filledIn, .under] + (0...4).map { .level($0) }
        let words = looks.map(wording), wordUTF8 = words.map { Array($0.utf8) }
        func look(_ cell: HabitCalendar.Cell) -> Int? {
            switch cell {
            case .level(let n): return (0...4).contains(n) ? 6 + n : nil
            case .before: return 0
            case .missed: return 1
            case .done: return 2
            case .skipped: return 3
            case .filledIn: return 4
            case .under: return 5
            }
        }
        func word(_ cell: HabitCalendar.Cell) -> String { look(cell).map { words[$0] } ?? wording(cell) }
        func cellTitle(_ day: LocalDate, _ cell: HabitCalendar.Cell) -> String {
            let amount = h.days.index(day).flatMap { h.days.checks[$0] > 0 ? h.days.amounts[$0] : nil }
            let what: String
            switch cell {
            case .before, .missed, .skipped, .filledIn: what = word(cell)
            case .done, .under, .level:
                guard numerical, let amount else {
                    what = word(cell)
                    break
                }
                let text = r.format.amount(amount) + unit
                what = h.rule.isNumerical ? text + open + word(cell) + close : text
            }
            return r.format.longDate(day) + colon + what
        }
        let colonBytes = Array(colon.utf8), unitBytes = Array(unit.utf8), openBytes = Array(open.utf8), closeBytes = Array(close.utf8)
        func wordBytes(_ cell: HabitCalendar.Cell) -> [UInt8] { look(cell).map { wordUTF8[$0] } ?? Array(wording(cell).utf8) }
        // A title is joined from whole characters: a date (digits, a month's name, 年月日), the
        // colon, an amount, the unit and words. When escaping leaves each of the pieces that are
        // the same in every title as it is (no markup character, no direction control), it
        // leaves their joins as they are too, and only an amount is looked at.
        let plain = HabitCharts.monthNamesArePlain && ([colonBytes, unitBytes, openBytes, closeBytes, Array(r.format.longDate(first).utf8)] + wordUTF8).allSatisfy {
            $0.withUnsafeBufferPointer(HTMLEscape.isUnchanged)
        }
        // `cellTitle` as bytes appended to `out`, escaped as a whole as `SVG.text` escapes it.
        func appendCellTitle(_ day: LocalDate, _ cell: HabitCalendar.Cell, _ out: inout ByteBuffer) {
            let start = out.count
            var unchanged = plain && look(cell) != nil
            r.format.appendLongDate(day, to: &out)
            out.append(colonBytes)
            let amount = h.days.index(day).flatMap { h.days.checks[$0] > 0 ? h.days.amounts[$0] : nil }
            switch cell {
            case .done, .under, .level:
                if numerical, let amount {
                    let amountStart = out.count
                    out.append(utf8: r.format.amount(amount))
                    if unchanged { unchanged = out.withBytes(from: amountStart) { HTMLEscape.isUnchanged($0) } }
                    out.append(unitBytes)
                    if h.rule.isNumerical {
                        out.append(openBytes)
                        out.append(wordBytes(cell))
                        out.append(closeBytes)
                    }
                } else {
                    out.append(wordBytes(cell))
                }
            case .before, .missed, .skipped, .filledIn:
                out.append(wordBytes(cell))
            }
            guard !unchanged && !out.withBytes(from: start, { HTMLEscape.isUnchanged($0) }) else { return }
            let raw = out.withBytes(from: start) { Array($0) }
            out.removeAll(keepingFirst: start)
            raw.withUnsafeBufferPointer { source in
                HTMLEscape.escape(source) { from, count in out.append(from, count) }
            }
        }
        let skips = h.days.skipped.contains(true)
        var legend: [(HabitCalendar.Cell, String)]
        if h.rule.isNumerical {
            legend = atMost ? [(.missed, word(.missed)), (.under, word(.under)), (.done, word(.done))]
                : [(.missed, word(.missed)), (.under, word(.under)), (.level(2), word(.level(2))), (.level(3), word(.level(3))), (.level(4), word(.level(4)))]
        } else {
            legend = [(.missed, word(.missed)), (.done, word(.done))]
            if cells.contains(.filledIn) { legend.append((.filledIn, word(.filledIn))) }
        }
        if skips { legend.append((.skipped, word(.skipped))) }
        // A yes/no habit's description counts days checked; a numerical one's days that met the target.
        // A year's calendar counts the days of its year from the habit's first day (the grid's
        // first weeks are the year before's); the habit's page the last 53 weeks.
        let from = year.flatMap { LocalDate(year: $0, month: 1, day: 1) }.map { max($0, first, h.days.first) } ?? first
        let skip = max(0, first.days(to: from))
        let met = cells.dropFirst(skip).filter { if case .level = $0 { return true }; return $0 == .done }.count
        let total = from.days(to: today) + 1
        let values = ["n": r.format.integer(byGoal ? met : h.daysDone(from: from, to: today)), "total": r.format.integer(total),
                      "year": String(year ?? today.year)]
        let description = year == nil
            ? r.text(byGoal && h.rule.isNumerical ? .calendarGoalDescription : .calendarDescription, values)
            : r.text(byGoal && h.rule.isNumerical ? .calendarGoalYearDescription : .calendarYearDescription, values)
        let labels = HabitCalendar.Labels(
            weekday: phrases.weekday, month: r.format.monthShort, cell: cellTitle,
            legend: byGoal ? .items(legend) : .scale(less: r.text(.less), more: r.text(.more)),
            title: title ?? r.text(.calendarTitle), description: description)
        return (cells, labels, appendCellTitle)
    }

    /// Checks by day of the week, Monday first.
    static func weekdays(_ h: HabitFigures, _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        let counts = HabitHistory.weekdays(h.days)
        let bars = counts.enumerated().map { i, n in
            BarChart.Bar(title: phrases.weekday(i + 1) + " · " + r.format.integer(n), label: phrases.weekday(i + 1), value: n)
        }
        return [
            "chart": .chart(BarChart.svgBytes(bars, width: 340, height: 180, id: "weekdays", title: r.text(.byWeekdayTitle),
                                        description: r.text(.byWeekdayDescription), tickLabel: { r.format.integer(Int($0)) }, wholeNumbers: true)),
            "rows": .array(counts.enumerated().map { i, n in ["when": .string(phrases.weekday(i + 1)), "value": .string(r.format.integer(n))] }),
        ]
    }

    /// Checks by hour of the day, for records that have a time.
    static func hours(_ h: HabitFigures, _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        let counts = h.days.hours
        let bars = counts.enumerated().map { hour, n in
            BarChart.Bar(title: HabitCharts.hourLabel(hour, r) + " · " + r.format.integer(n),
                         label: hour % 6 == 0 ? pad(hour, 2) : nil, value: n)
        }
        return [
            "chart": .chart(BarChart.svgBytes(bars, width: 340, height: 180, id: "hours", title: r.text(.byHourTitle),
                                        description: r.text(.byHourDescription), tickLabel: { r.format.integer(Int($0)) }, wholeNumbers: true)),
            "rows": .array(counts.enumerated().filter { $0.element > 0 }.map { hour, n in
                ["when": .string(HabitCharts.hourLabel(hour, r)), "value": .string(r.format.integer(n))]
            }),
        ]
    }
}
