/// Every named habit (tag) of an export with its days, in the order of `tags.json` (the first
/// tag of a name wins, as in `PointStatistics`). Built once per site; the habit pages, the
/// habits index and the year pages read it.
public struct HabitLog: Sendable {
    public struct Habit: Sendable {
        public var tag: Tag
        public var name: String
        public var days: HabitDays
    }

    public let habits: [Habit]
    public let today: LocalDate

    public init(export: Export, now: Int64, zone: Zone) {
        let today = zone.localDateTime(of: now).date
        self.today = today
        let todayNumber = today.dayNumber
        var index: [String: Int] = [:]
        var exact = ExactNames()
        var tags: [Tag] = []
        for tag in export.tags {
            guard let name = tag.name, !name.isEmpty, index[name] == nil else { continue }
            index[name] = tags.count
            _ = exact.insert(name)  // numbered as `tags`: a name `index` lacks is new to it too
            tags.append(tag)
        }
        // Names nearly always match byte for byte, which spares `String`'s normalising hash on
        // a hundred thousand records; canonical equivalence decides the rest (as in PointStatistics).
        func habit(_ name: String) -> Int? { exact.number(of: name) ?? index[name] }
        // First pass: each habit's first day, so the day arrays are allocated once, and each
        // record's habit (-1 for none, or a record after now), so that a name is looked up once.
        var firsts = [Int](repeating: todayNumber, count: tags.count)
        // The loops read the records in place by index: `for record in` copies each record,
        // retaining and releasing its strings, which both cores share.
        let points = export.points
        var habitOf = [Int32](repeating: -1, count: points.count)
        for k in points.indices where points[k].type == "tag" {
            guard let name = points[k].name, let i = habit(name), !points[k].date.isAfter(now, today: todayNumber) else { continue }
            habitOf[k] = Int32(truncatingIfNeeded: i)
            firsts[i] = min(firsts[i], points[k].date.dayNumber(in: zone))
        }
        for skip in export.skips where skip.day.dayNumber <= todayNumber {
            if let i = index[skip.habit] { firsts[i] = min(firsts[i], skip.day.dayNumber) }
        }
        var days = firsts.map { HabitDays(first: LocalDate(dayNumber: $0), last: today) }
        for k in points.indices where habitOf[k] >= 0 {
            let i = Int(habitOf[k])
            let date = points[k].date
            let d = date.dayNumber(in: zone) - firsts[i]
            guard d >= 0 && d < days[i].count else { continue }
            days[i].checks[d] += 1
            days[i].points[d] += points[k].point
            if let v = points[k].value, v.isFinite { days[i].amounts[d] += v }
            if case .instant(let s) = date {
                days[i].hours[zone.hour(of: s)] += 1
            }
        }
        for skip in export.skips {
            guard let i = index[skip.habit] else { continue }
            let d = skip.day.dayNumber - firsts[i]
            if d >= 0 && d < days[i].count { days[i].skipped[d] = true }
        }
        habits = tags.indices.map { Habit(tag: tags[$0], name: tags[$0].name ?? "", days: days[$0]) }
    }
}
