/// A year page's calendar, monthly bars and activity (docs/statistics.md, "Year in review"): each
/// day counted in points earned when the site has points, else in habit checks.
enum YearCharts {
    /// What a year's days count, and the numbers.
    struct Measure {
        var counts: YearDayCounts
        /// Points earned; false for habit checks.
        var isPoints: Bool
    }

    /// The year's days in points earned (a site with points), else in habit checks (a site with
    /// habits); nil for a site with neither, and for a year with none (a year of weighings only
    /// has no calendar of zeros).
    static func measure(_ y: YearReview, _ content: SiteContent, _ r: PageRenderer) -> Measure? {
        let m = counted(y, content, r)
        return m.map { $0.counts.total > 0 } == true ? m : nil
    }

    private static func counted(_ y: YearReview, _ content: SiteContent, _ r: PageRenderer) -> Measure? {
        if r.options.builds(.points) {
            let daily = content.pointStatistics.daily
            return Measure(counts: YearDayCounts(start: y.start, end: y.end) { daily.earned(onDay: $0) }, isPoints: true)
        }
        guard r.options.builds(.habits), !content.habits.habits.isEmpty else { return nil }
        let habits = content.habits.habits
        return Measure(counts: YearDayCounts(start: y.start, end: y.end) { day in
            var n = 0
            for h in habits {
                let i = day - h.days.first.dayNumber
                // As the habit's own page counts its days done (`HabitFigures.isDone`).
                n += HabitFigures.completions(i, h.days, h.rule)
            }
            return n
        }, isPoints: false)
    }

    /// "12 points" or "3 completions".
    static func amount(_ n: Int, _ m: Measure, _ r: PageRenderer) -> String {
        m.isPoints ? r.phrases.points(n) : r.phrases.counted(n, one: .completionsOne, other: .completionsMany)
    }

    /// The points pages of the year's months that have one.
    static func monthPages(_ year: Int, _ content: SiteContent, _ r: PageRenderer) -> [Int: String] {
        guard r.options.builds(.points) else { return [:] }
        var pages: [Int: String] = [:]
        for m in content.points.months where m.year == year { pages[m.month] = "../points/" + m.slug + ".html" }
        return pages
    }

    /// The calendar: twelve months, each linking to its month page where there is one, a
    /// summary line and the legend.
    static func calendar(_ m: Measure, _ pages: [Int: String], _ r: PageRenderer) -> TemplateValue {
        let f = r.format
        let counts = m.counts
        let level = YearCalendar.levels(counts.values)
        let labels = YearCalendar.Labels(
            weekdays: r.text(.yearCalendarWeekdays).split(separator: " ").map(String.init),
            cell: { day, n in f.longDate(day) + r.phrases.colon + amount(n, m, r) },
            title: { f.monthYear(year: counts.start.year, month: $0.month) },
            description: { month in
                month.days == 0 ? r.text(.yearMonthAhead) : r.text(m.isPoints ? .yearMonthPointsDescription : .yearMonthChecksDescription,
                       ["active": f.integer(month.activeDays), "days": f.integer(month.days), "total": amount(month.total, m, r)])
            })
        let months: [TemplateValue] = (1...12).map { month in
            [
                "name": .string(f.monthShort(month)), "href": .from(pages[month]),
                "svg": .htmlBytes(YearCalendar.monthBytes(month, of: counts, level: level, labels: labels, id: "year-\(month)")),
            ]
        }
        // The numbers: a row a month, a column a day of the month (empty where the month has no
        // such day or the day is still to come).
        let rows: [TemplateValue] = (1...12).map { month in
            let first = LocalDate(year: counts.start.year, month: month, day: 1) ?? counts.start
            let length = LocalDate.daysIn(month: month, year: first.year)
            let cells: [TemplateValue] = (0..<31).map { d in
                d < length && first.adding(days: d) <= counts.end && !counts.values.isEmpty
                    ? .string(f.integer(counts.value(on: first.adding(days: d)))) : .string("")
            }
            return ["month": .string(f.monthShort(month)), "days": .array(cells)]
        }
        return [
            "numbers": .string(r.text(.showNumbersOf, ["what": r.text(.yearCalendarTitle)])),
            "days": .array((1...31).map { .string(String($0)) }),
            "rows": .array(rows),
            "months": .array(months),
            "summary": .string(r.text(m.isPoints ? .yearCalendarPoints : .yearCalendarChecks,
                                      ["active": f.integer(counts.activeDays), "days": f.integer(counts.values.count),
                                       "total": amount(counts.total, m, r)])),
            "less": .string(r.text(.less)), "more": .string(r.text(.more)),
        ]
    }

    /// The months as bars (wide and narrow) with their table, each month linking to its page.
    static func months(_ m: Measure, _ pages: [Int: String], _ r: PageRenderer) -> TemplateValue {
        let f = r.format
        let months = m.counts.months
        let title = r.text(m.isPoints ? .chartMonths : .yearChecksPerMonth)
        // A measure always has a day above zero, so a best month.
        let best = m.counts.bestMonth
        let description = r.text(.yearMonthsDescription, [
            "total": amount(m.counts.total, m, r), "best": best.map { f.monthYear(year: m.counts.start.year, month: $0.month) } ?? "—",
            "amount": amount(best?.earned ?? 0, m, r),
        ])
        // Twelve bars in every year, so the current year's months to come stay in their place.
        func bars(_ wide: Bool) -> [BarChart.Bar] {
            (1...12).map { n in
                let month = months.first { $0.month == n }
                let title = month.map { f.monthYear(year: m.counts.start.year, month: n) + r.phrases.colon + amount($0.total, m, r) } ?? ""
                return BarChart.Bar(title: wide ? title : "", label: wide || n % 2 == 1 ? f.monthShort(n) : nil, value: month?.total ?? 0)
            }
        }
        let rows: [TemplateValue] = months.map { month in
            [
                "when": .string(f.monthYear(year: m.counts.start.year, month: month.month)), "href": .from(pages[month.month]),
                "total": .string(f.integer(month.total)), "active": .string(f.integer(month.activeDays)),
            ]
        }
        return [
            "title": .string(title),
            "wide": .html(BarChart.svg(bars(true), width: 720, height: 220, id: "months-wide", title: title, description: description,
                                       className: "wide", wholeNumbers: true)),
            "narrow": .html(BarChart.svg(bars(false), width: 340, height: 200, id: "months-narrow", title: title, description: description,
                                         className: "narrow", wholeNumbers: true)),
            "totalColumn": .string(r.text(m.isPoints ? .earned : .completions)),
            "activeColumn": .string(r.text(m.isPoints ? .activeDays : .yearDaysWithChecks)),
            "rows": .array(rows),
        ]
    }

    /// Best month, best week and the longest run of days with a check, for a year page of a
    /// site without points (a site with points ranks them by points instead).
    static func checkHighlights(_ m: Measure, today: LocalDate, _ r: PageRenderer) -> [(UIString, String, String?)] {
        let f = r.format, phrases = r.phrases
        var out: [(UIString, String, String?)] = []
        if let best = m.counts.bestMonth {
            out.append((.bestMonth, f.monthYear(year: m.counts.start.year, month: best.month), amount(best.earned, m, r)))
        }
        if let w = m.counts.bestWeek {
            out.append((.bestWeek, phrases.date(w.start, today: today) + " – " + phrases.date(w.end, today: today), amount(w.earned, m, r)))
        }
        if let s = m.counts.longestRun {
            out.append((.yearLongestRunChecks, phrases.days(s.length), HabitPages.span(s, phrases, today)))
        }
        return out
    }

    /// Each activity metric with a figure in the year: its total, its days with a figure and
    /// their mean; then the year's workouts. Nil when the year has no activity.
    static func activity(_ y: YearReview, _ content: SiteContent, _ r: PageRenderer) -> TemplateValue {
        guard r.options.builds(.activity), let activity = content.activity else { return .null }
        let f = r.format
        var rows: [TemplateValue] = []
        for metric in ActivityPage.metrics(activity) {
            let days = ActivityTotals(metric: metric, days: activity.days).days(from: y.start, to: y.end)
            guard !days.isEmpty else { continue }
            let total = days.reduce(0) { $0 + $1.value }
            rows.append([
                "metric": .string(ActivityPage.label(metric, r)), "total": .string(ActivityPage.value(total, metric, r)),
                "days": .string(f.integer(days.count)), "mean": .string(ActivityPage.value(total / Double(days.count), metric, r)),
            ])
        }
        let workouts = activity.workouts.filter { w in
            let day = Moment.instant(w.start).localDate(in: content.zone)
            return day >= y.start && day <= y.end
        }
        guard !rows.isEmpty || !workouts.isEmpty else { return .null }
        let minutes = workouts.reduce(0.0) { $0 + ($1.minutes.isFinite ? $1.minutes : 0) }
        return [
            "rows": .array(rows),
            "workouts": workouts.isEmpty ? .null : .string(r.phrases.counted(workouts.count, one: .yearWorkoutsOne, other: .yearWorkouts, [
                "n": f.integer(workouts.count), "time": r.phrases.duration(minutes: Int(exactly: minutes.rounded()) ?? 0),
            ])),
        ]
    }
}
