/// Where each target stands relative to today, and the order the habit app lists them in.
/// Days are compared as calendar days in the report zone, never as hours.
public enum TargetSchedule {
    public enum State: Equatable, Sendable {
        /// Open and its deadline day has passed; `days` is negative.
        case overdue(days: Int)
        /// Open and due today.
        case dueToday
        /// Open with a deadline `days` days ahead.
        case upcoming(days: Int)
        case done
        /// Open without a deadline.
        case noDeadline

        /// The group's rank in the listing: overdue, due today, upcoming, done, no deadline.
        public var group: Int {
            switch self {
            case .overdue: return 0
            case .dueToday: return 1
            case .upcoming: return 2
            case .done: return 3
            case .noDeadline: return 4
            }
        }
    }

    public struct Item: Equatable, Sendable {
        /// Index in the export's targets.
        public var index: Int
        public var state: State
        public var deadlineDay: LocalDate?
        public var completionDay: LocalDate?
    }

    public static func state(of target: Target, today: LocalDate, zone: Zone) -> State {
        if target.done { return .done }
        guard let deadline = target.deadline else { return .noDeadline }
        let days = today.days(to: deadline.localDate(in: zone))
        if days < 0 { return .overdue(days: days) }
        if days == 0 { return .dueToday }
        return .upcoming(days: days)
    }

    /// Targets grouped and ordered: overdue (longest overdue first), due today (earliest first),
    /// upcoming (soonest first), done (latest completion first), no deadline (file order).
    public static func ordered(_ targets: [Target], today: LocalDate, zone: Zone) -> [Item] {
        let items = targets.enumerated().map { i, t in
            Item(index: i, state: state(of: t, today: today, zone: zone), deadlineDay: t.deadline?.localDate(in: zone),
                 completionDay: t.completionMoment?.localDate(in: zone))
        }
        func key(_ item: Item) -> Int64 {
            let t = targets[item.index]
            switch item.state {
            case .done: return -(t.completionMoment?.sortKey(in: zone) ?? Int64.min + 1)
            case .noDeadline: return 0
            default: return t.deadline?.sortKey(in: zone) ?? 0
            }
        }
        return items.sorted { a, b in
            if a.state.group != b.state.group { return a.state.group < b.state.group }
            let ka = key(a), kb = key(b)
            return ka != kb ? ka < kb : a.index < b.index
        }
    }

    /// Whether a deadline has passed at `now`: an instant once `now` reaches it, a whole day
    /// (a date without a time) once that day is over. Until then an open target is not missed.
    public static func hasPassed(_ deadline: Moment, now: Int64, zone: Zone) -> Bool {
        switch deadline {
        case .instant(let seconds): return seconds <= now
        case .day(let date): return date < zone.localDateTime(of: now).date
        }
    }

    /// Done targets with a deadline, completed by `now`: how many on time (the completion day on or
    /// before the deadline's day, the year pages' rule) and how many late.
    public struct Punctuality: Equatable, Sendable {
        public var onTime: Int
        public var late: Int
        /// onTime / (onTime + late) × 100; nil when no done target has a deadline.
        public var rate: Double? { onTime + late == 0 ? nil : Double(onTime) / Double(onTime + late) * 100 }
    }

    public static func punctuality(_ targets: [Target], now: Int64, zone: Zone) -> Punctuality {
        var result = Punctuality(onTime: 0, late: 0)
        for t in targets {
            guard let deadline = t.deadline, let completion = t.completionMoment, !completion.isAfter(now, in: zone) else { continue }
            if lateDays(completion: completion, deadline: deadline, zone: zone) > 0 { result.late += 1 } else { result.onTime += 1 }
        }
        return result
    }

    /// Calendar days from the deadline's day to the completion's day (0 or less: on time).
    public static func lateDays(completion: Moment, deadline: Moment, zone: Zone) -> Int {
        deadline.localDate(in: zone).days(to: completion.localDate(in: zone))
    }
}
