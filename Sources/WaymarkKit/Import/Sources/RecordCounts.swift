/// How many records of each kind an export holds, and the dates they span: what `waymark check`
/// prints per source.
public struct RecordCounts: Sendable, Equatable {
    public var habits = 0
    /// Completions of habits (point records of type "tag"), whatever the source.
    public var checks = 0
    /// Point records other than habit checks (targets, shop, games).
    public var otherPoints = 0
    public var targets = 0
    public var weighings = 0
    public var bodyFat = 0
    public var todos = 0
    public var notes = 0
    public var moods = 0
    public var skips = 0
    /// The first and last day with a dated record: a moment's day in the zone it was read in
    /// (so a wall time read in `--time-zone` keeps its own day), a day as written.
    public var first: LocalDate?
    public var last: LocalDate?
    /// The earliest and latest instants, and the earliest and latest days written as days: the
    /// span in another zone (`span(in:)`), the site's, which a profile read later may name.
    var instants: ClosedRange<Int64>?
    var days: ClosedRange<Int>?
    /// Activity, sleep, workouts and goals, with their days in `zone`.
    public var activity: ActivityCounts

    public init(_ export: Export, zone: Zone = .utc) {
        activity = ActivityCounts(export, zone: zone)
        habits = export.tags.count
        // By index, in place: `for point in` would copy every record and its strings.
        let points = export.points
        for k in points.indices {
            if points[k].type == "tag" { checks += 1 } else { otherPoints += 1 }
        }
        targets = export.targets.count
        weighings = export.weights.count
        bodyFat = export.bodyFat.count
        todos = export.todos.count
        notes = export.notes.count
        moods = export.moods.count
        skips = export.skips.count
        // Day numbers, made dates once at the end: a million records pass through here.
        var instants: ClosedRange<Int64>?
        var days: ClosedRange<Int>?
        func see(_ moment: Moment?) {
            switch moment {
            case .instant(let s)?: instants = instants.map { min($0.lowerBound, s)...max($0.upperBound, s) } ?? s...s
            case .day(let d)?: days = days.map { min($0.lowerBound, d.dayNumber)...max($0.upperBound, d.dayNumber) } ?? d.dayNumber...d.dayNumber
            case nil: break
            }
        }
        for k in points.indices { see(points[k].date) }
        export.weights.forEach { see($0.date) }
        export.bodyFat.forEach { see($0.date) }
        export.moods.forEach { see($0.date) }
        export.notes.forEach { see($0.date) }
        export.skips.forEach { see(.day($0.day)) }
        self.instants = instants
        self.days = days
        let span = span(in: zone)
        first = span?.first
        last = span?.last
    }

    /// The first and last day with a dated record in `zone`: the days of the earliest and latest
    /// instants (an instant's day grows with it, but for a clock turned back across midnight)
    /// and of the days written as days.
    public func span(in zone: Zone) -> (first: LocalDate, last: LocalDate)? {
        let instantDays = instants.map { range -> ClosedRange<Int> in
            let a = Moment.instant(range.lowerBound).dayNumber(in: zone), b = Moment.instant(range.upperBound).dayNumber(in: zone)
            return min(a, b)...max(a, b)
        }
        let all: ClosedRange<Int>?
        switch (instantDays, days) {
        case let (a?, b?): all = min(a.lowerBound, b.lowerBound)...max(a.upperBound, b.upperBound)
        case let (a?, nil): all = a
        case let (nil, b?): all = b
        case (nil, nil): all = nil
        }
        return all.map { (LocalDate(dayNumber: $0.lowerBound), LocalDate(dayNumber: $0.upperBound)) }
    }

    public var total: Int { habits + checks + otherPoints + targets + weighings + bodyFat + todos + notes + moods + skips + activity.total }

    /// "3 habits, 120 checks, 40 weighings", leaving out kinds with none.
    public var description: String {
        let parts: [(Int, String, String)] = [
            (habits, "habit", "habits"), (checks, "check", "checks"), (otherPoints, "other point record", "other point records"),
            (targets, "target", "targets"), (weighings, "weighing", "weighings"), (bodyFat, "body fat reading", "body fat readings"),
            (todos, "to-do", "to-dos"), (notes, "note", "notes"), (moods, "mood", "moods"), (skips, "skipped day", "skipped days"),
        ]
        let format = LocaleFormat(.en)
        let listed = parts.filter { $0.0 > 0 }.map { "\(format.integer($0.0)) \($0.0 == 1 ? $0.1 : $0.2)" }
        if listed.isEmpty { return activity.isEmpty ? "no records" : "" }
        return listed.joined(separator: ", ")
    }
}
