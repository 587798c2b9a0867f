/// The activity, sleep and workouts a site shows, as of `now`: each day's figure of every metric
/// (`ActivityDays`: the largest total among the sources), each night (`SleepNights`: the
/// largest asleep total, the night belonging to the day it ends) and each workout once
/// (`WorkoutLog`). Days, nights and workouts after the day `now` falls on are left out, as the
/// site shows the data as of that day.
public struct ActivityFigures: Sendable, Equatable {
    /// One per day and metric, sorted by day, then metric.
    public var days: [ActivityDay]
    /// One per night, sorted by night.
    public var nights: [SleepNight]
    /// Each workout once, sorted by start.
    public var workouts: [Workout]
    /// Records of workouts left out as copies of another.
    public var workoutCopies: Int
    /// The apps' daily goals, sorted by day, then metric.
    public var goals: [ActivityGoal]

    /// The figures of `export` in `zone` up to the day of `now`; nil when it holds no activity
    /// sample, sleep record or workout up to then.
    public static func make(_ export: Export, now: Int64, zone: Zone) -> ActivityFigures? {
        let today = zone.localDateTime(of: now).date
        let days = ActivityDays.daily(export.activity, in: zone).filter { $0.day <= today }
        let nights = SleepNights.nights(export.sleep, in: zone).filter { $0.night <= today }
        let (unique, copies) = WorkoutLog.unique(export.workouts)
        let workouts = unique.filter { Moment.instant($0.start).localDate(in: zone) <= today }
        guard !days.isEmpty || !nights.isEmpty || !workouts.isEmpty else { return nil }
        let goals = export.goals.filter { $0.day <= today }.sorted { ($0.day, $0.metric, $0.source) < ($1.day, $1.metric, $1.source) }
        return ActivityFigures(days: days, nights: nights, workouts: workouts, workoutCopies: copies, goals: goals)
    }

    /// Days with a figure of any metric, a night's sleep ending on them or a workout starting on
    /// them: the front page's "days of activity".
    public func activeDays(in zone: Zone) -> Int {
        var days = Set(self.days.map(\.day))
        days.formUnion(nights.map(\.night))
        days.formUnion(workouts.map { Moment.instant($0.start).localDate(in: zone) })
        return days.count
    }

    /// The rows of `activity.csv`: a row a day a metric that has a figure that day, sorted by
    /// day, then metric name (byte order). The metrics are those of `ActivityDays`; `sleep`, the
    /// minutes asleep of the night ending that day (a night of time in bed only has no row);
    /// `workouts` and `workout_minutes`, the workouts starting that day, each once, and their
    /// minutes. Values that are not finite are left out.
    public func rows(in zone: Zone) -> [ActivityRow] {
        var rows = days.map { ActivityRow(day: $0.day, metric: $0.metric.rawValue, value: $0.value, unit: $0.metric.unit) }
        for night in nights {
            guard let asleep = night.asleep else { continue }
            rows.append(ActivityRow(day: night.night, metric: ActivityRow.sleep, value: asleep, unit: "min"))
        }
        var perDay: [LocalDate: (count: Int, minutes: Double)] = [:]
        for workout in workouts {
            let day = Moment.instant(workout.start).localDate(in: zone)
            let sum = perDay[day] ?? (0, 0)
            perDay[day] = (sum.count + 1, sum.minutes + workout.minutes)
        }
        for (day, sum) in perDay {
            rows.append(ActivityRow(day: day, metric: ActivityRow.workouts, value: Double(sum.count), unit: "count"))
            rows.append(ActivityRow(day: day, metric: ActivityRow.workoutMinutes, value: sum.minutes, unit: "min"))
        }
        return rows.filter { $0.value.isFinite }.sorted { a, b in
            a.day != b.day ? a.day < b.day : Array(a.metric.utf8).lexicographicallyPrecedes(Array(b.metric.utf8))
        }
    }
}
