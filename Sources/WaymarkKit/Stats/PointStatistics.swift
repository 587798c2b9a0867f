/// Point statistics for every period, computed in the report zone as of `now`.
/// The definitions are in `docs/statistics.md`; this type implements them and nothing else.
public struct PointStatistics: Sendable {
    public let now: Int64
    public let zone: Zone
    public let today: LocalDate
    public let daily: DailyPoints
    /// The current streak of scoring days.
    public let streak: Int
    /// One entry per `Period`, in `Period.allCases` order.
    public let periods: [PeriodStats]
    /// Every named tag, all time, in the order of `tags.json`.
    public let tags: [TagStats]
    /// Per tag (same order as `tags`): day number → (completions, points), for window tables.
    private let tagDays: [[Int: (count: Int, points: Int)]]
    private let tagList: [Tag]

    public init(export: Export, now: Int64, zone: Zone) {
        self.now = now
        self.zone = zone
        let daily = DailyPoints(points: export.points, now: now, zone: zone)
        self.daily = daily
        today = daily.today
        let scoring: (LocalDate) -> Bool = { daily.earned(on: $0) > 0 }
        let streak = Streaks.current(today: daily.today, isScoring: scoring)
        self.streak = streak

        let completions = export.targets.compactMap { $0.completionMoment?.localDate(in: zone) }
        let deadlines = export.targets.compactMap { t in t.deadline.map { (day: $0.localDate(in: zone), done: t.done) } }

        periods = Period.allCases.map { period in
            let (start, days) = PointStatistics.window(period, daily: daily)
            let end = daily.today
            let total = daily.earned(from: start, to: end)
            var progress: Int?
            var percent: Double?
            if period != .all {
                let previous = daily.earned(from: start.adding(days: -days), to: start.adding(days: -1))
                progress = total - previous
                if previous != 0 { percent = Double(total - previous) / Double(previous) * 100 }
            }
            let due = deadlines.filter { $0.day >= start && $0.day <= end }
            return PeriodStats(
                period: period, start: start, end: end, days: days, total: total,
                spent: daily.spent(from: start, to: end), progress: progress, progressPercent: percent,
                average: daily.hasRecords ? Double(total) / Double(days) : 0,
                streak: streak, bestStreak: Streaks.longest(from: start, to: end, isScoring: scoring),
                completedTargets: completions.filter { $0 >= start && $0 <= end }.count,
                completionRate: due.isEmpty ? nil : Double(due.filter(\.done).count) / Double(due.count) * 100,
                targetsDue: due.count, targetsDueDone: due.filter(\.done).count)
        }

        // Tags: completions are point records of type "tag" whose name is the tag's name.
        let named = export.tags.filter { ($0.name ?? "").isEmpty == false }
        var indexByName: [String: Int] = [:]
        var indexByBytes: [ExactText: Int] = [:]
        for (i, tag) in named.enumerated() where indexByName[tag.name ?? ""] == nil {
            indexByName[tag.name ?? ""] = i
            indexByBytes[ExactText(tag.name ?? "")] = i
        }
        var tagDays = [[Int: (count: Int, points: Int)]](repeating: [:], count: named.count)
        for record in export.points where record.type == "tag" {
            // Names nearly always match byte for byte; Swift's own string equality (canonical
            // equivalence) decides the rest, at the price of normalising.
            guard let name = record.name, let i = indexByBytes[ExactText(name)] ?? indexByName[name],
                  !record.date.isAfter(now, in: zone) else { continue }
            let day = record.date.localDate(in: zone).dayNumber
            let old = tagDays[i][day] ?? (0, 0)
            tagDays[i][day] = (old.count + 1, old.points + record.point)
        }
        self.tagDays = tagDays
        tagList = named
        tags = named.indices.map { i in
            PointStatistics.tagStats(named[i], days: tagDays[i], today: daily.today, from: nil)
        }
    }

    /// The statistics of one period.
    public func period(_ p: Period) -> PeriodStats {
        periods[Period.allCases.firstIndex(of: p) ?? 0]
    }

    /// Tag figures counted inside `period`'s window (last done and streak stay all-time).
    public func tags(in p: Period) -> [TagStats] {
        let start = period(p).start
        return tagList.indices.map { i in PointStatistics.tagStats(tagList[i], days: tagDays[i], today: today, from: start) }
    }

    /// Start and length of a period's window ending today.
    static func window(_ period: Period, daily: DailyPoints) -> (LocalDate, Int) {
        if let length = period.length { return (daily.today.adding(days: 1 - length), length) }
        let start = daily.hasRecords ? daily.firstDay : daily.today
        return (start, start.days(to: daily.today) + 1)
    }

    private static func tagStats(_ tag: Tag, days: [Int: (count: Int, points: Int)], today: LocalDate, from start: LocalDate?) -> TagStats {
        var completions = 0, points = 0
        for (day, value) in days where start.map({ day >= $0.dayNumber }) ?? true {
            completions += value.count
            points += value.points
        }
        let last = days.keys.max().map(LocalDate.init(dayNumber:))
        let streak = Streaks.current(today: today) { days[$0.dayNumber] != nil }
        return TagStats(name: tag.name ?? "", color: tag.color, completions: completions, points: points,
                        minutes: completions * tag.durationMinutes, lastDone: last, streak: streak)
    }
}
