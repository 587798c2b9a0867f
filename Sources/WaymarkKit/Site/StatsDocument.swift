/// `stats.json`: the site's numbers for machines (format in `docs/statistics.md`).
/// Percentages and averages are rounded to one decimal here, and only here.
enum StatsDocument {
    static let schema = 1

    /// `habits` adds each tag's strength, frequency and best streak (and its current streak by
    /// the habit pages' rule).
    static func make(_ stats: PointStatistics, habits: HabitBoard? = nil, years: [YearReview]? = nil, balance: PointsBalance? = nil,
                     extra: [(String, JSONOutput)] = []) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("schema", .int(schema)),
            ("now", .string(LocaleFormat.machine(.instant(stats.now), in: stats.zone))),
            ("timeZone", .string(stats.zone.identifier)),
            ("streak", .int(stats.streak)),
            ("periods", .object(stats.periods.map { ($0.period.rawValue, period($0)) })),
            ("tags", .array(stats.tags.map { tag($0, habits?.habit(named: $0.name)) })),
        ]
        if let balance {
            members.append(("balance", .object([("earned", .int(balance.earned)), ("spent", .int(balance.spent)),
                                                ("balance", .int(balance.balance))])))
        }
        if let years { members.append(("years", .array(years.map(year)))) }
        members += extra
        return .object(members)
    }

    /// One year in review (definitions in "Year in review", `docs/statistics.md`).
    static func year(_ y: YearReview) -> JSONOutput {
        let f = y.figures
        func streak(_ s: HabitStreak?) -> JSONOutput {
            s.map { .object([("days", .int($0.length)), ("start", .string($0.start.description)), ("end", .string($0.end.description))]) } ?? .null
        }
        return .object([
            ("year", .int(y.year)),
            ("partial", .bool(y.isPartial)),
            ("days", .int(y.days)),
            ("earned", .int(f.earned)),
            ("spent", .int(f.spent)),
            ("completions", .int(f.completions)),
            ("bestMonth", y.bestMonth.map { m in
                .object([("month", .string(pad(y.year, 4) + "-" + pad(m.month, 2))), ("earned", .int(m.earned))])
            } ?? .null),
            ("bestWeek", y.bestWeek.map { w in
                .object([("start", .string(w.start.description)), ("end", .string(w.end.description)), ("earned", .int(w.earned))])
            } ?? .null),
            ("longestStreak", streak(y.longestStreak)),
            ("targetsCompleted", .int(f.targetsCompleted)),
            ("targetsOnTime", .int(f.targetsOnTime)),
            ("targetsLate", .int(f.targetsLate)),
            ("notesWritten", .int(f.notesWritten)),
            ("weightChange", .fixed(y.weight?.change, 3)),
        ])
    }

    static func period(_ p: PeriodStats) -> JSONOutput {
        .object([
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
            ("completedTargets", .int(p.completedTargets)),
            ("completionRate", .fixed(p.completionRate, 1)),
        ])
    }

    /// The blocks after the point statistics: `targets` (issue 13), `weight`, then `bodyFat` and
    /// `moods` only when the sources have them (so a site without them keeps its `stats.json` as it was).
    static func extras(_ content: SiteContent) -> [(String, JSONOutput)] {
        let p = TargetSchedule.punctuality(content.export.targets, now: content.options.now, zone: content.zone)
        var out: [(String, JSONOutput)] = [
            ("targets", .object([("onTime", .int(p.onTime)), ("late", .int(p.late)), ("onTimeRate", .fixed(p.rate, 1))])),
            ("weight", weight(content.weight)),
        ]
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
        ])
    }

    static func tag(_ t: TagStats, _ h: HabitFigures? = nil) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("name", .string(t.name)),
            ("completions", .int(t.completions)),
            ("points", .int(t.points)),
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
        }
        return .object(members)
    }
}
