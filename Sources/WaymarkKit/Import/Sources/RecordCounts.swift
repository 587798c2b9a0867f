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
    /// The first and last day with a dated record: a moment's day in the zone the site is built
    /// in (so a wall time read in `--time-zone` keeps its own day), a day as written.
    public var first: LocalDate?
    public var last: LocalDate?
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
        var first: Int?
        var last: Int?
        func see(_ moment: Moment?) {
            guard let day = moment?.dayNumber(in: zone) else { return }
            if first.map({ day < $0 }) ?? true { first = day }
            if last.map({ day > $0 }) ?? true { last = day }
        }
        for k in points.indices { see(points[k].date) }
        export.weights.forEach { see($0.date) }
        export.bodyFat.forEach { see($0.date) }
        export.moods.forEach { see($0.date) }
        export.notes.forEach { see($0.date) }
        export.skips.forEach { see(.day($0.day)) }
        self.first = first.map { LocalDate(dayNumber: $0) }
        self.last = last.map { LocalDate(dayNumber: $0) }
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
