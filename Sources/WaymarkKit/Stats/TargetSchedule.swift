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

    /// Done only when its completion is not after now (`TargetStatus`): shown as of a day before
    /// it was done, a target is still open there.
    public static func state(of target: Target, now: Int64, today: LocalDate, zone: Zone) -> State {
        if TargetStatus(target, now: now, today: today, zone: zone).isCompleted { return .done }
        guard let deadline = target.deadline else { return .noDeadline }
        let days = today.days(to: deadline.localDate(in: zone))
        if days < 0 { return .overdue(days: days) }
        if days == 0 { return .dueToday }
        return .upcoming(days: days)
    }

    /// Targets grouped and ordered: overdue (longest overdue first), due today (earliest first),
    /// upcoming (soonest first), done (latest completion first), no deadline (file order).
    public static func ordered(_ targets: [Target], now: Int64, today: LocalDate, zone: Zone) -> [Item] {
        let items = targets.enumerated().map { i, t in
            let state = state(of: t, now: now, today: today, zone: zone)
            return Item(index: i, state: state, deadlineDay: t.deadline?.localDate(in: zone),
                        completionDay: state == .done ? t.completionMoment?.localDate(in: zone) : nil)
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

    /// All targets at `now` (`TargetStatus`): completed, on time, late and overdue, and the
    /// on-time rate, which counts the overdue ones as not on time.
    public struct Punctuality: Equatable, Sendable {
        /// Targets completed by now, with a deadline or without.
        public var completed: Int
        public var onTime: Int
        public var late: Int
        /// Open targets whose deadline's day is over.
        public var overdue: Int
        /// The targets due so far: on time, late and overdue.
        public var due: Int { onTime + late + overdue }
        /// onTime / (onTime + late + overdue) × 100; nil when none of them is.
        public var rate: Double? { due == 0 ? nil : Double(onTime) / Double(due) * 100 }
    }

    public static func punctuality(_ targets: [Target], now: Int64, zone: Zone) -> Punctuality {
        var result = Punctuality(completed: 0, onTime: 0, late: 0, overdue: 0)
        for status in TargetStatus.all(targets, now: now, zone: zone) {
            if status.isCompleted { result.completed += 1 }
            if status.isOnTime { result.onTime += 1 }
            if status.isLate { result.late += 1 }
            if status.isOverdue { result.overdue += 1 }
        }
        return result
    }

    /// Calendar days from the deadline's day to the completion's day (0 or less: on time).
    public static func lateDays(completion: Moment, deadline: Moment, zone: Zone) -> Int {
        deadline.localDate(in: zone).days(to: completion.localDate(in: zone))
    }
}
