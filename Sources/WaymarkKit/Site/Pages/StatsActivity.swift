/// The `activity` block of `stats.json`: the figures the Activity page shows, in the units of
/// `activity.csv` (docs/statistics.md, "`stats.json`"; docs/activity.md defines each figure).
enum StatsActivity {
    static func make(_ activity: ActivityFigures, zone: Zone) -> JSONOutput {
        let goals = ActivityGoals(activity.goals)
        let metrics: [JSONOutput] = ActivityPage.metrics(activity).compactMap { metric in
            let totals = ActivityTotals(metric: metric, days: activity.days)
            guard let first = totals.days.first?.day, let last = totals.days.last?.day else { return nil }
            let from = last.adding(days: 1 - ActivityPage.recentDays)
            let recent = totals.days(from: from, to: last)
            let met = goals.met(recent)
            let best = totals.best(1).first
            return .object([
                ("metric", .string(metric.rawValue)),
                ("unit", .string(metric.unit)),
                ("firstDate", .string(first.description)),
                ("lastDate", .string(last.description)),
                ("days", .int(totals.days.count)),
                ("total", .fixed(totals.days.reduce(0) { $0 + $1.value }, places: 3)),
                ("recentDays", .int(recent.count)),
                ("recentMean", .fixed(totals.mean(from: from, to: last), 3)),
                ("recentWithGoal", .int(met.withGoal)),
                ("recentGoalReached", .int(met.met)),
                ("best", best.map { .object([("date", .string($0.day.description)), ("value", .fixed($0.value, places: 3))]) } ?? .null),
            ])
        }
        let sleep: JSONOutput = SleepConsistency.make(activity.nights, days: ActivityPage.recentDays, in: zone).map { s in
            .object([
                ("nights", .int(activity.nights.filter { $0.asleep != nil }.count)),
                ("lastNight", .string(s.last.description)),
                ("recentNights", .int(s.nights)),
                ("recentMeanAsleep", .fixed(s.meanAsleep, places: 1)),
                ("recentBedtime", clock(s.bedtime.map { $0.mean + 720 })),
                ("recentWake", clock(s.wake?.mean)),
            ])
        } ?? .null
        let workouts: JSONOutput = activity.workouts.isEmpty ? .null : .object([
            ("count", .int(activity.workouts.count)),
            ("minutes", .fixed(activity.workouts.reduce(0) { $0 + $1.minutes }, places: 1)),
            ("distanceKm", .fixed(activity.workouts.reduce(0) { $0 + ($1.distanceKm ?? 0) }, places: 3)),
        ])
        return .object([("days", .int(activity.activeDays(in: zone))), ("metrics", .array(metrics)), ("sleep", sleep), ("workouts", workouts)])
    }

    /// Minutes after midnight as `HH:mm` (rounded to the minute, past midnight wrapped); null for none.
    static func clock(_ minutes: Double?) -> JSONOutput {
        guard let minutes, let whole = Int(exactly: minutes.rounded()) else { return .null }
        let m = (whole % 1440 + 1440) % 1440
        let h = m / 60, mm = m % 60
        return .string((h < 10 ? "0" : "") + String(h) + ":" + (mm < 10 ? "0" : "") + String(mm))
    }
}
