/// `workouts/index.html`: the workouts of the last 30 days as cards, how many started each week,
/// month and year with their time and distance (bars with a table each), the same by sport and
/// year, and the latest workouts; each workout once (`WorkoutLog`). docs/activity.md defines
/// every figure.
enum WorkoutsPage {
    static let path = "workouts/index.html"
    /// Days the cards cover, ending with the day of the last workout.
    static let recentDays = 30
    /// Weeks and months the charts show at most (their tables list every one with a workout).
    static let chartWeeks = 26
    static let chartMonths = 36
    /// Weeks the weekly table lists at most (ten years).
    static let tableWeeks = 520

    /// Whether the site has a Workouts page: a workout up to the day shown.
    static func has(_ activity: ActivityFigures) -> Bool { !activity.workouts.isEmpty }

    /// The day the last workout starts on, in `zone`; nil without a workout.
    static func lastDay(_ activity: ActivityFigures, in zone: Zone) -> LocalDate? {
        activity.workouts.last.map { Moment.instant($0.start).localDate(in: zone) }
    }

    static func render(_ activity: ActivityFigures, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile? {
        let zone = content.zone
        guard let last = lastDay(activity, in: zone), let tables = ActivityWorkouts.make(activity, content, r) else { return nil }
        let f = r.format
        let totals = WorkoutTotals(activity.workouts, in: zone)

        let weekStart = last.startOfWeek.adding(days: -7 * (chartWeeks - 1))
        let weeks = section(id: "workouts-weeks", title: r.text(.workoutsWeeksTitle),
                            description: r.text(.workoutsWeeksDescription, ["start": f.longDate(weekStart), "end": f.longDate(last)]),
                            column: r.text(.workoutsWeekColumn), summary: r.text(.byWeek),
                            slots: (0..<chartWeeks).map { weekStart.adding(days: 7 * $0) }, buckets: totals.weeks, limit: tableWeeks,
                            long: { r.text(.weekOf, ["date": f.longDate($0)]) }, table: { f.longDate($0) }, short: { f.shortDate($0) }, r)

        // The 36 months to the last with a workout, from the first of them with one.
        let firstMonth = totals.months.first?.start ?? last.startOfMonth
        var months: [LocalDate] = [last.startOfMonth]
        while months.count < chartMonths, let m = months.first, m > firstMonth { months.insert(m.adding(days: -1).startOfMonth, at: 0) }
        let withWorkout = Set(totals.months.map(\.start))
        months = Array(months.drop { !withWorkout.contains($0) })
        func monthName(_ m: LocalDate) -> String { f.monthYear(year: m.year, month: m.month) }
        let monthly = section(id: "workouts-months", title: r.text(.workoutsMonthsTitle),
                              description: r.text(.workoutsMonthsDescription, ["start": monthName(months.first ?? firstMonth), "end": monthName(last)]),
                              column: r.text(.month), summary: r.text(.byMonth), slots: months, buckets: totals.months, limit: .max,
                              long: monthName, table: monthName, short: { f.monthYearShort(year: $0.year, month: $0.month) }, r)

        // Every year from the first with a workout to the last.
        let firstYear = totals.years.first?.start.year ?? last.year
        let years = (firstYear...max(firstYear, last.year)).compactMap { LocalDate(year: $0, month: 1, day: 1) }
        let yearly = section(id: "workouts-years", title: r.text(.workoutsYearsTitle),
                             description: r.text(.workoutsYearsDescription, ["start": String(firstYear), "end": String(last.year)]),
                             column: r.text(.yearColumn), summary: r.text(.byYear), slots: years, buckets: totals.years, limit: .max,
                             long: { String($0.year) }, table: { String($0.year) }, short: { String($0.year) }, r)

        var values = tables
        values["cards"] = .array(cards(activity.workouts, last: last, zone: zone, r))
        values["periods"] = .array([weeks, monthly, yearly])
        return try r.page(path, template: "workouts", title: r.text(.activityWorkouts), section: "workouts", values)
    }

    /// How many workouts the 30 days to the last one hold, their time, and their distance when
    /// one of them has a distance.
    static func cards(_ workouts: [Workout], last: LocalDate, zone: Zone, _ r: PageRenderer) -> [TemplateValue] {
        let f = r.format
        let first = last.adding(days: 1 - recentDays)
        let s = WorkoutTotals.span(workouts, from: first, to: last, in: zone)
        var cards = [
            ActivityPage.card(r.text(.workoutsCardCount), f.integer(s.count), unit: nil, r.text(.workoutsCardCountNote, ["date": f.longDate(last)])),
            ActivityPage.card(r.text(.activityDuration), ActivityWorkouts.duration(s.minutes, r), unit: nil,
                              r.phrases.counted(s.count, one: .workoutsCardTimeOne, other: .workoutsCardTime)),
        ]
        if s.withDistance > 0 {
            cards.append(ActivityPage.card(r.text(.activityDistance), f.decimal(s.km), unit: r.text(.activityUnitKm),
                                           r.phrases.counted(s.withDistance, one: .workoutsCardDistanceOne, other: .workoutsCardDistance)))
        }
        return cards
    }

    /// One period's chart (a bar a slot: how many workouts started in it) and its table (every
    /// period with a workout, newest first, at most `limit`).
    static func section(id: String, title: String, description: String, column: String, summary: String, slots: [LocalDate],
                        buckets: [WorkoutTotals.Bucket], limit: Int, long: (LocalDate) -> String, table: (LocalDate) -> String,
                        short: (LocalDate) -> String, _ r: PageRenderer) -> TemplateValue {
        let f = r.format
        let byStart = Dictionary(buckets.map { ($0.start, $0) }, uniquingKeysWith: { a, _ in a })
        func distance(_ b: WorkoutTotals.Bucket) -> String? { b.withDistance > 0 ? f.decimal(b.km) : nil }
        func bars(_ width: Double) -> [BarChart.Bar] {
            let labels = BarChart.regularLabels(slots.map(short), width: width)
            return slots.enumerated().map { i, slot in
                let b = byStart[slot]
                let what = b.map { b in
                    r.phrases.counted(b.count, one: .workoutsBarOne, other: .workoutsBar, ["time": ActivityWorkouts.duration(b.minutes, r)])
                        + (distance(b).map { r.text(.workoutsBarKm, ["km": $0]) } ?? "")
                } ?? r.text(.workoutsNone)
                return BarChart.Bar(title: long(slot) + r.phrases.colon + what, label: labels[i], amount: Double(b?.count ?? 0))
            }
        }
        let rows: [TemplateValue] = buckets.reversed().prefix(limit).map { b in
            ["when": .string(table(b.start)), "count": .string(f.integer(b.count)), "duration": .string(ActivityWorkouts.duration(b.minutes, r)),
             "distance": .string(distance(b) ?? "—")]
        }
        return ["id": .string(id), "title": .string(title), "column": .string(column),
                "chart": .html(ActivityPage.chart(id: id, title: title, description: description, wholeNumbers: true, bars)),
                "summary": .string(r.text(.showNumbersOf, ["what": summary])), "rows": .array(rows)]
    }
}
