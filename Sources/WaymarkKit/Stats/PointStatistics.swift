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
    /// Per tag (same order as `tags`): completions and points per day from `daily.firstDay` to
    /// today, for window tables.
    private let tagDays: [TagDays]
    private let tagList: [Tag]

    public init(export: Export, now: Int64, zone: Zone) {
        self.now = now
        self.zone = zone
        let daily = DailyPoints(points: export.points, now: now, zone: zone)
        self.daily = daily
        today = daily.today
        let scoring: (Int) -> Bool = { daily.earned(onDay: $0) > 0 }
        let streak = Streaks.current(today: daily.today.dayNumber, isScoring: scoring)
        self.streak = streak

        // One definition of completed and due for every page (`TargetStatus`).
        let statuses = TargetStatus.all(export.targets, now: now, zone: zone)
        let completions = statuses.compactMap(\.completionDay)
        let deadlines = statuses.compactMap { s in s.dueDay.map { (day: $0, done: s.isCompleted) } }

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
                streak: streak, bestStreak: Streaks.longest(from: start.dayNumber, to: end.dayNumber, isScoring: scoring),
                completedTargets: completions.filter { $0 >= start && $0 <= end }.count,
                completionRate: due.isEmpty ? nil : Double(due.filter(\.done).count) / Double(due.count) * 100,
                targetsDue: due.count, targetsDueDone: due.filter(\.done).count)
        }

        // Tags: completions are point records of type "tag" whose name is the tag's name.
        let named = export.tags.filter { ($0.name ?? "").isEmpty == false }
        var indexByName: [String: Int] = [:]
        var byBytes = ExactNames(), tagOfBytes: [Int] = []  // a name's number → its index in `named`
        for (i, tag) in named.enumerated() where indexByName[tag.name ?? ""] == nil {
            indexByName[tag.name ?? ""] = i
            _ = byBytes.insert(tag.name ?? "")
            tagOfBytes.append(i)
        }
        var tagDays = [TagDays](repeating: TagDays(first: daily.firstDayNumber, count: 0), count: named.count)
        let todayNumber = daily.today.dayNumber
        // By index, in place: `for record in` would copy every record and its strings.
        let points = export.points
        for k in points.indices where points[k].type == "tag" {
            // Names nearly always match byte for byte; Swift's own string equality (canonical
            // equivalence) decides the rest, at the price of normalising.
            guard let name = points[k].name, let i = byBytes.number(of: name).map({ tagOfBytes[$0] }) ?? indexByName[name] else { continue }
            let date = points[k].date
            guard !date.isAfter(now, today: todayNumber) else { continue }
            let day = date.dayNumber(in: zone)
            if tagDays[i].completions.isEmpty { tagDays[i] = TagDays(first: daily.firstDayNumber, count: todayNumber - daily.firstDayNumber + 1) }
            tagDays[i].add(day: day, points: points[k].point)
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

    private static func tagStats(_ tag: Tag, days: TagDays, today: LocalDate, from start: LocalDate?) -> TagStats {
        var completions = 0, points = 0
        // A habit never done has no days at all, so a window starting after the first record
        // must not start past the end of the array.
        let lower = min(max(0, (start?.dayNumber ?? days.first) - days.first), days.completions.count)
        for i in lower..<days.completions.count {
            completions += Int(days.completions[i])
            points += days.points[i]
        }
        let last = days.completions.lastIndex(where: { $0 > 0 }).map { LocalDate(dayNumber: days.first + $0) }
        let streak = Streaks.current(today: today.dayNumber) { days.done(on: $0) }
        return TagStats(name: tag.name ?? "", color: tag.color, completions: completions, points: points,
                        minutes: completions * tag.durationMinutes, lastDone: last, streak: streak)
    }
}

/// One habit's completions and points per day, indexed from `first` (a day number).
struct TagDays: Sendable {
    let first: Int
    private(set) var completions: [Int32]
    private(set) var points: [Int]

    init(first: Int, count days: Int) {
        self.first = first
        completions = [Int32](repeating: 0, count: days)
        points = [Int](repeating: 0, count: days)
    }

    mutating func add(day: Int, points p: Int) {
        let i = day - first
        guard i >= 0 && i < completions.count else { return }
        completions[i] += 1
        points[i] += p
    }

    /// Whether the habit was done on the day with number `day`.
    func done(on day: Int) -> Bool {
        let i = day - first
        return i >= 0 && i < completions.count && completions[i] > 0
    }
}
