/// `activity/index.html` (each metric's recent days against its goal, its weekly, monthly and
/// yearly totals, its best days, and the steps' calendar; every chart with a table of its
/// numbers) and `activity.csv`, a row a day a metric. docs/activity.md defines every figure.
enum ActivityPage {
    /// Beside `weight.csv`, when the site shows activity.
    static let csvPath = "activity.csv"
    static let path = "activity/index.html"
    /// Days the daily chart and the averages cover, and weeks the weekly chart shows.
    static let recentDays = 30
    static let chartWeeks = 26
    /// Rows the best-days table lists, and weeks the weekly table lists at most (ten years).
    static let bestDays = 10
    static let tableWeeks = 520

    /// The metrics the page shows, in display order. Heart Points are in `activity.csv` only: the
    /// site keeps the word "points" for the points app (docs/sections.md).
    static func metrics(_ activity: ActivityFigures) -> [ActivityMetric] {
        let present = Set(activity.days.map(\.metric))
        return ActivityMetric.allCases.filter { present.contains($0) && $0 != .heartPoints }
    }

    static func render(_ activity: ActivityFigures, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> [SiteFile] {
        let goals = ActivityGoals(activity.goals)
        let shown = metrics(activity)
        var sections: [TemplateValue] = []
        for metric in shown {
            let totals = ActivityTotals(metric: metric, days: activity.days)
            guard let last = totals.days.last?.day else { continue }
            sections.append(section(totals, last: last, goals, r))
        }
        let cards = cards(activity, content, r)
        let calendar: TemplateValue = shown.contains(.steps)
            ? stepsCalendar(ActivityTotals(metric: .steps, days: activity.days), goals, r) : .null
        let page = try r.page(path, template: "activity", title: r.text(.activityTitle), section: "activity", [
            "cards": .array(cards),
            "metrics": .array(sections),
            "calendar": calendar,
            "workouts": WorkoutsPage.has(activity) ? .bool(true) : .null,
            "sleep": SleepPage.has(activity) ? .bool(true) : .null,
        ])
        return [page, SiteFile(path: csvPath, text: csv(activity.rows(in: content.zone)))]
    }

    /// Each metric's mean of the 30 days to its last day with a figure, with the days that
    /// reached its goal, then the workouts' count (so a site of workouts alone has a figure too).
    static func cards(_ activity: ActivityFigures, _ content: SiteContent, _ r: PageRenderer) -> [TemplateValue] {
        let goals = ActivityGoals(activity.goals)
        var cards: [TemplateValue] = []
        for metric in metrics(activity) {
            let totals = ActivityTotals(metric: metric, days: activity.days)
            guard let last = totals.days.last?.day else { continue }
            let first = last.adding(days: 1 - recentDays)
            let recent = totals.days(from: first, to: last)
            let mean = totals.mean(from: first, to: last) ?? 0
            let met = goals.met(recent)
            let goalNote = met.withGoal > 0 ? goalMet(met, r) : nil
            cards.append(card(label(metric, r), value(mean, metric, r, unit: false), unit: unit(metric, r),
                              r.phrases.counted(recent.count, one: .activityDailyMeanOne, other: .activityDailyMean, ["date": r.format.longDate(last)])
                                  + (goalNote.map { (r.options.language == .zhHans ? "；" : "; ") + $0 } ?? "")))
        }
        if let last = WorkoutsPage.lastDay(activity, in: content.zone) {
            cards += WorkoutsPage.cards(activity.workouts, last: last, zone: content.zone, r).prefix(1)
        }
        return cards
    }

    /// One metric: the last 30 days against the goal, totals by week, month and year, the best days.
    static func section(_ totals: ActivityTotals, last: LocalDate, _ goals: ActivityGoals, _ r: PageRenderer) -> TemplateValue {
        let metric = totals.metric
        let f = r.format
        let first = last.adding(days: 1 - recentDays)
        let byDay = Dictionary(totals.days(from: first, to: last).map { ($0.day, $0.value) }, uniquingKeysWith: { a, _ in a })
        let dayList = (0..<recentDays).map { first.adding(days: $0) }
        let colon = r.phrases.colon
        func bars(_ width: Double) -> [BarChart.Bar] {
            let labels = BarChart.regularLabels(dayList.map { f.shortDate($0) }, width: width)
            return dayList.enumerated().map { i, day in
                let v = byDay[day]
                let goal = goals.goal(metric, on: day)
                return BarChart.Bar(title: f.longDate(day) + colon + (v.map { value($0, metric, r) } ?? r.text(.activityNoFigure)),
                                    label: labels[i], amount: v ?? 0, highlight: v != nil && goal != nil && (v ?? 0) >= (goal ?? 0))
            }
        }
        let id = metric.rawValue.replacingOccurrences(of: "_", with: "-")
        let met = goals.met(Array(totals.days(from: first, to: last)))
        let dailyDescription = r.text(.activityDailyDescription, [
            "metric": label(metric, r), "start": f.longDate(first), "end": f.longDate(last),
            "n": f.integer(byDay.count)]) + (met.withGoal > 0
                ? " " + goalMet(met, r) : "")
        let dailyTitle = r.text(.activityDailyTitle, ["metric": label(metric, r)])
        let daily = chart(id: "\(id)-days", title: dailyTitle, description: dailyDescription, bars)
        let hasGoal = metric == .steps || goals.hasOwn(metric)
        let dailyRows: [TemplateValue] = dayList.reversed().compactMap { day in
            guard let v = byDay[day] else { return nil }
            let goal = goals.goal(metric, on: day)
            // A metric with goals shows "—" on a day without one; one without goals has no columns.
            let goalText = goal.map { value($0, metric, r, unit: false) } ?? "—"
            return ["when": .string(f.longDate(day)), "value": .string(value(v, metric, r, unit: false)),
                    "goal": hasGoal ? .string(goalText) : .null,
                    "met": .string(goal.map { v >= $0 ? r.text(.activityYes) : r.text(.activityNo) } ?? "—")]
        }
        // Weeks: the last 26 as bars, every one in the table.
        let weekStart = last.startOfWeek.adding(days: -7 * (chartWeeks - 1))
        let weekTotals = Dictionary(totals.weeks.map { ($0.start, $0) }, uniquingKeysWith: { a, _ in a })
        let weekList = (0..<chartWeeks).map { weekStart.adding(days: 7 * $0) }
        func weekBars(_ width: Double) -> [BarChart.Bar] {
            let labels = BarChart.regularLabels(weekList.map { f.shortDate($0) }, width: width)
            return weekList.enumerated().map { i, week in
                let total = weekTotals[week]?.total
                return BarChart.Bar(title: r.text(.weekOf, ["date": f.longDate(week)]) + colon
                                        + (total.map { value($0, metric, r) } ?? r.text(.activityNoFigure)),
                                    label: labels[i], amount: total ?? 0)
            }
        }
        let weeklyTitle = r.text(.activityWeeklyTitle, ["metric": label(metric, r)])
        let weekly = chart(id: "\(id)-weeks", title: weeklyTitle,
                           description: r.text(.activityWeeklyDescription, ["start": f.longDate(weekStart), "end": f.longDate(last)]), weekBars)
        func rows(_ buckets: [ActivityTotals.Bucket], _ name: (LocalDate) -> String, limit: Int = .max) -> TemplateValue {
            .array(buckets.reversed().prefix(limit).map { b in
                ["when": .string(name(b.start)), "value": .string(value(b.total, metric, r, unit: false)), "days": .string(f.integer(b.days))]
            })
        }
        let best = totals.best(bestDays).enumerated().map { i, d -> TemplateValue in
            ["rank": .string(f.integer(i + 1)), "when": .string(f.longDate(d.day)), "value": .string(value(d.value, metric, r, unit: false))]
        }
        let unitText = unit(metric, r)
        return [
            "id": .string(id),
            "title": .string(label(metric, r)),
            // Counts name themselves ("Steps"), so their columns have no unit.
            "unit": metric == .steps || metric == .flights ? .null : .string(unitText),
            "hasGoal": .bool(hasGoal),
            "daily": .html(daily),
            "dailyTitle": .string(dailyTitle),
            "weeklyTitle": .string(weeklyTitle),
            "dailySummary": .string(r.text(.showNumbersOf, ["what": dailyTitle])),
            "dailyRows": .array(dailyRows),
            "weekly": .html(weekly),
            "weeklySummary": .string(r.text(.showNumbersOf, ["what": r.text(.byWeek)])),
            "weeks": rows(totals.weeks, { f.longDate($0) }, limit: tableWeeks),
            "months": rows(totals.months, { f.monthYear(year: $0.year, month: $0.month) }),
            "years": rows(totals.years, { String($0.year) }),
            "monthsSummary": .string(r.text(.showNumbersOf, ["what": r.text(.byMonth)])),
            "yearsSummary": .string(r.text(.showNumbersOf, ["what": r.text(.byYear)])),
            "best": .array(best),
        ]
    }

    /// A card whose value and unit stay on one line (`.stat .value.measure`), the unit smaller.
    static func card(_ label: String, _ value: String, unit: String?, _ note: String?) -> TemplateValue {
        ["label": .string(label), "value": .string(value), "unit": .from(unit), "note": .from(note)]
    }

    /// "goal reached on n of m days".
    static func goalMet(_ met: (met: Int, withGoal: Int), _ r: PageRenderer) -> String {
        r.phrases.counted(met.withGoal, one: .activityGoalMetOne, other: .activityGoalMet,
                          ["n": r.format.integer(met.met), "total": r.format.integer(met.withGoal)])
    }

    /// A bar chart, wide and narrow; `wholeNumbers` for counts (ticks 0, 1, 2, …, never 0.2).
    static func chart(id: String, title: String, description: String, wholeNumbers: Bool = false, _ bars: (Double) -> [BarChart.Bar]) -> String {
        "<div class=\"chart-wide\">" + BarChart.svg(bars(720), width: 720, height: 220, id: id + "-wide", title: title, description: description,
                                                     wholeNumbers: wholeNumbers)
            + "</div><div class=\"chart-narrow\">" + BarChart.svg(bars(340), width: 340, height: 200, id: id + "-narrow", title: title,
                                                                   description: description, wholeNumbers: wholeNumbers) + "</div>"
    }

    /// The 53 weeks ending with the last day of steps: each day's steps as a share of its goal.
    static func stepsCalendar(_ steps: ActivityTotals, _ goals: ActivityGoals, _ r: PageRenderer) -> TemplateValue {
        guard let last = steps.days.last?.day else { return .null }
        let f = r.format
        let first = Heatmap.firstDay(today: last)
        let byDay = Dictionary(steps.days(from: first, to: last).map { ($0.day, $0.value) }, uniquingKeysWith: { a, _ in a })
        let cells: [HabitCalendar.Cell] = (0...max(0, first.days(to: last))).map { i in
            let day = first.adding(days: i)
            guard let v = byDay[day] else { return .before }
            return .level(level(v, goal: goals.goal(.steps, on: day)))
        }
        let met = goals.met(steps.days(from: first, to: last))
        let labels = HabitCalendar.Labels(
            weekday: r.phrases.weekday, month: f.monthShort,
            cell: { day, _ in f.longDate(day) + r.phrases.colon + (byDay[day].map { value($0, .steps, r) } ?? r.text(.activityNoFigure)) },
            legend: .scale(less: r.text(.less), more: r.text(.more)),
            title: r.text(.activityCalendarTitle),
            description: r.text(.activityCalendarDescription, ["n": f.integer(byDay.count), "met": f.integer(met.met)]))
        var months: [TemplateValue] = []
        for bucket in ActivityTotals.buckets(steps.days(from: first, to: last), start: { LocalDate(year: $0.year, month: $0.month, day: 1) ?? $0 }).reversed() {
            let end = LocalDate(year: bucket.start.year + (bucket.start.month == 12 ? 1 : 0), month: bucket.start.month % 12 + 1, day: 1)?.adding(days: -1) ?? bucket.start
            let inMonth = steps.days(from: max(bucket.start, first), to: min(end, last))
            months.append(["when": .string(f.monthYear(year: bucket.start.year, month: bucket.start.month)),
                           "days": .string(f.integer(inMonth.count)), "met": .string(f.integer(goals.met(inMonth).met))])
        }
        return ["svg": .html(HabitCalendar.svg(today: last, cells: cells, labels: labels, id: "activity-calendar")),
                "summary": .string(r.text(.showNumbersOf, ["what": r.text(.activityCalendarTitle)])), "rows": .array(months)]
    }

    /// A day's level in the calendar: 1 under half the goal, 2 under three quarters, 3 under the
    /// goal, 4 at or over it; 0 for no steps.
    static func level(_ v: Double, goal: Double?) -> Int {
        guard v > 0 else { return 0 }
        guard let goal, goal > 0 else { return 4 }
        let share = v / goal
        return share >= 1 ? 4 : share >= 0.75 ? 3 : share >= 0.5 ? 2 : 1
    }

    /// The metric's name on the page.
    static func label(_ metric: ActivityMetric, _ r: PageRenderer) -> String {
        switch metric {
        case .steps: return r.text(.activitySteps)
        case .distance: return r.text(.activityDistance)
        case .flights: return r.text(.activityFlights)
        case .activeEnergy: return r.text(.activityActiveEnergy)
        case .exercise: return r.text(.activityExercise)
        case .stand: return r.text(.activityStand)
        case .mindful: return r.text(.activityMindful)
        case .totalEnergy: return r.text(.activityTotalEnergy)
        case .moveMinutes: return r.text(.activityMoveMinutes)
        case .heartPoints: return r.text(.activityHeartPoints)
        case .heartMinutes: return r.text(.activityHeartMinutes)
        }
    }

    /// The unit as the page writes it after a value.
    static func unit(_ metric: ActivityMetric, _ r: PageRenderer) -> String {
        switch metric {
        case .steps: return r.text(.activityUnitSteps)
        case .flights: return r.text(.activityUnitFloors)
        case .distance: return r.text(.activityUnitKm)
        case .activeEnergy, .totalEnergy: return r.text(.activityUnitKcal)
        case .exercise, .mindful, .moveMinutes, .heartMinutes, .heartPoints: return r.text(.activityUnitMin)
        case .stand: return r.text(.activityUnitHours)
        }
    }

    /// A value in the metric's unit: distances with one decimal, the rest whole.
    static func value(_ x: Double, _ metric: ActivityMetric, _ r: PageRenderer, unit withUnit: Bool = true) -> String {
        let text = metric == .distance ? r.format.decimal(x) : r.format.integer(Int(exactly: x.rounded()) ?? 0)
        return withUnit ? text + " " + unit(metric, r) : text
    }

    /// `date,metric,value,unit`, one row a day a metric, in the order of `rows`.
    static func csv(_ rows: [ActivityRow]) -> String {
        var out = "date,metric,value,unit\n"
        out.reserveCapacity(rows.count * 32)
        for row in rows {
            out += row.day.description + "," + row.metric + "," + number(row.value) + "," + row.unit + "\n"
        }
        return out
    }

    /// A value with at most three decimals and no trailing zeros ("8618", "13.286", "46.983"):
    /// counts stay whole, and distances keep metres.
    static func number(_ x: Double) -> String {
        var text = LocaleFormat.fixed(x, places: 3)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
