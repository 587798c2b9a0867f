/// `stats.json`: the site's numbers for machines (format in `docs/statistics.md`).
/// Percentages and averages are rounded to one decimal here, and only here.
enum StatsDocument {
    static let schema = 1

    /// `habits` adds each tag's strength, frequency and best streak (and its current streak by
    /// the habit pages' rule).
    /// The members of a section the site does not build are left out (not
    /// written as zeros): points → `streak`, `periods`, `balance` and the points in `tags` and
    /// `years`; habits → `tags` and the years' `completions`; targets → `targets` and the target
    /// figures of periods and years; notes → `notesWritten`, `moods`; weight → `weight`,
    /// `bodyFat`; years → `years`. docs/statistics.md lists them.
    static func make(_ stats: PointStatistics, habits: HabitBoard? = nil, years: [YearReview]? = nil, balance: PointsBalance? = nil,
                     extra: [(String, JSONOutput)] = [], options: SiteOptions? = nil) -> JSONOutput {
        let builds: (SiteSection) -> Bool = { options?.builds($0) ?? true }
        var members: [(String, JSONOutput)] = [
            ("schema", .int(schema)),
            ("now", .string(LocaleFormat.machine(.instant(stats.now), in: stats.zone))),
            ("timeZone", .string(stats.zone.identifier)),
        ]
        if builds(.points) {
            members += [("streak", .int(stats.streak)),
                        ("periods", .object(stats.periods.map { ($0.period.rawValue, period($0, targets: builds(.targets))) }))]
        }
        if builds(.habits) { members.append(("tags", .array(stats.tags.map { tag($0, habits?.habit(named: $0.name), points: builds(.points)) }))) }
        if let balance, builds(.points) {
            members.append(("balance", .object([("earned", .int(balance.earned)), ("spent", .int(balance.spent)),
                                                ("balance", .int(balance.balance))])))
        }
        if let years, builds(.years) { members.append(("years", .array(years.map { year($0, builds) }))) }
        members += extra
        return .object(members)
    }

    /// One year in review (definitions in "Year in review", `docs/statistics.md`), with the
    /// figures of the sections `builds`.
    static func year(_ y: YearReview, _ builds: (SiteSection) -> Bool = { _ in true }) -> JSONOutput {
        let f = y.figures
        func streak(_ s: HabitStreak?) -> JSONOutput {
            s.map { .object([("days", .int($0.length)), ("start", .string($0.start.description)), ("end", .string($0.end.description))]) } ?? .null
        }
        var members: [(String, JSONOutput)] = [("year", .int(y.year)), ("partial", .bool(y.isPartial)), ("days", .int(y.days))]
        if builds(.points) { members += [("earned", .int(f.earned)), ("spent", .int(f.spent))] }
        if builds(.habits) { members.append(("completions", .int(f.completions))) }
        if builds(.points) {
            members += [
                ("bestMonth", y.bestMonth.map { m in
                    .object([("month", .string(pad(y.year, 4) + "-" + pad(m.month, 2))), ("earned", .int(m.earned))])
                } ?? .null),
                ("bestWeek", y.bestWeek.map { w in
                    .object([("start", .string(w.start.description)), ("end", .string(w.end.description)), ("earned", .int(w.earned))])
                } ?? .null),
                ("longestStreak", streak(y.longestStreak)),
            ]
        }
        if builds(.targets) {
            members += [("targetsCompleted", .int(f.targetsCompleted)), ("targetsOnTime", .int(f.targetsOnTime)),
                        ("targetsLate", .int(f.targetsLate))]
        }
        if builds(.notes) { members.append(("notesWritten", .int(f.notesWritten))) }
        if builds(.weight) { members.append(("weightChange", .fixed(y.weight?.change, 3))) }
        return .object(members)
    }

    static func period(_ p: PeriodStats, targets: Bool = true) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("start", .string(p.start.description)),
            ("end", .string(p.end.description)),
            ("days", .int(p.days)),
            ("total", .int(p.total)),
            ("spent", .int(p.spent)),
            ("progress", p.progress.map { .int($0) } ?? .null),
            ("progressPercent", .fixed(p.progressPercent, 1)),
            ("average", .fixed(p.average, places: 1)),
            ("streak", .int(p.streak)),
            ("bestStreak", .int(p.bestStreak)),
        ]
        if targets {
            members += [("completedTargets", .int(p.completedTargets)), ("completionRate", .fixed(p.completionRate, 1))]
        }
        return .object(members)
    }

    /// The blocks after the point statistics: `targets`, `weight`, then `bodyFat`, `activity` and
    /// `moods` only when the sources have them (so a site without them keeps its `stats.json` as it was).
    static func extras(_ content: SiteContent) -> [(String, JSONOutput)] {
        let options = content.options
        var out: [(String, JSONOutput)] = []
        if options.builds(.targets) {
            let p = TargetSchedule.punctuality(content.export.targets, now: options.now, zone: content.zone)
            out.append(("targets", .object([("onTime", .int(p.onTime)), ("late", .int(p.late)), ("onTimeRate", .fixed(p.rate, 1)),
                                            ("completed", .int(p.completed)), ("overdue", .int(p.overdue))])))
        }
        if options.builds(.weight) {
            out.append(("weight", options.privacy.weight == .changes ? weightChanges(content.weight) : weight(content.weight)))
        }
        if let fat = BodyFatFigures.make(content.export.bodyFat, now: content.options.now, zone: content.zone) {
            out.append(("bodyFat", .object([
                ("unit", .string("%")),
                ("readings", .int(fat.readings)),
                ("latest", .fixed(fat.latest, 2)),
                ("latestDate", .string(fat.latestDate.description)),
                ("trend", .fixed(fat.trend, 2)),
                ("change30d", .fixed(fat.change30d, 2)),
            ])))
        }
        if let activity = content.activity { out.append(("activity", StatsActivity.make(activity, zone: content.zone))) }
        let moods = content.export.moods.filter { !$0.date.isAfter(content.options.now, in: content.zone) }
            .sorted { $0.date.sortKey(in: content.zone) < $1.date.sortKey(in: content.zone) }
        if !moods.isEmpty {
            out.append(("moods", .array(moods.map { m in
                .object([("date", .string(m.date.localDate(in: content.zone).description)),
                         ("at", .string(LocaleFormat.machine(m.date, in: content.zone))), ("mood", .string(m.mood))])
            })))
        }
        return out
    }

    /// The `weight` block: kilograms, full precision rounded to three decimals; null without data.
    static func weight(_ w: WeightStatistics?) -> JSONOutput {
        guard let w else { return .null }
        func kg(_ v: Double?) -> JSONOutput { .fixed(v, 3) }
        return .object([
            ("unit", .string("kg")),
            ("entries", .int(w.entries)),
            ("firstDate", .string(w.series.days.first?.date.description ?? w.latestDate.description)),
            ("latest", kg(w.latest)),
            ("latestDate", .string(w.latestDate.description)),
            ("trend", kg(w.trend)),
            ("change7d", kg(w.change7d)),
            ("change30d", kg(w.change30d)),
            ("change365d", kg(w.change365d)),
            ("min", .object([("kg", kg(w.min.kg)), ("date", .string(w.min.date.description))])),
            ("max", .object([("kg", kg(w.max.kg)), ("date", .string(w.max.date.description))])),
            ("weeklyRate", kg(w.weeklyRate)),
            ("goal", kg(w.goal)),
            ("toGoal", kg(w.toGoal)),
            ("projectedGoalDate", w.projectedGoalDate.map { .string($0.description) } ?? .null),
            ("bmi", .fixed(w.bmi, 1)),
            ("goalDirection", w.goalDirection.map { .string($0.rawValue) } ?? .null),
            ("goalReached", w.goalReached.map { .bool($0) } ?? .null),
        ])
    }

    /// The members of the `weight` block that hold no weight: dates, counts and changes. An
    /// allow-list, so a member added to `weight` later stays out until it is judged here.
    static let weightChangeMembers: Set<String> = ["unit", "entries", "firstDate", "latestDate", "change7d", "change30d", "change365d", "weeklyRate"]

    /// The `weight` block with `privacy.weight: changes`: dates and changes, no weight.
    static func weightChanges(_ w: WeightStatistics?) -> JSONOutput {
        guard case .object(let members) = weight(w) else { return .null }
        return .object(members.filter { weightChangeMembers.contains($0.0) })
    }

    /// A numerical habit's amounts: `unit` is null when the habit has none.
    static func amounts(_ a: HabitAmounts, unit: String?) -> JSONOutput {
        .object([
            ("unit", unit.map { .string($0) } ?? .null),
            ("total", .fixed(a.total, places: 3)),
            ("daysEntered", .int(a.daysEntered)),
            ("weeksEntered", .int(a.weeksEntered)),
            ("perDay", .fixed(a.perDay, 1)),
            ("perWeek", .fixed(a.perWeek, 1)),
            ("bestDay", a.bestDay.map { .object([("date", .string($0.description)), ("amount", .fixed(a.best, places: 3))]) } ?? .null),
        ])
    }

    static func tag(_ t: TagStats, _ h: HabitFigures? = nil, points: Bool = true) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("name", .string(t.name)), ("completions", .int(t.completions))]
        if points { members.append(("points", .int(t.points))) }
        members += [
            ("minutes", .int(t.minutes)),
            ("lastDone", t.lastDone.map { .string($0.description) } ?? .null),
            ("streak", .int(h.map { $0.currentStreak?.length ?? 0 } ?? t.streak)),
        ]
        if let h {
            members += [
                ("score", .fixed(h.score, 4)),
                ("frequency", .object([("numerator", .int(h.rule.frequency.numerator)), ("denominator", .int(h.rule.frequency.denominator))])),
                ("bestStreak", h.bestStreak.map { s in
                    .object([("days", .int(s.length)), ("start", .string(s.start.description)), ("end", .string(s.end.description))])
                } ?? .null),
            ]
            if let a = h.amounts { members.append(("amounts", amounts(a, unit: h.tag.habit?.unitLabel))) }
        }
        return .object(members)
    }
}
