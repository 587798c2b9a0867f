/// Where one target stands at `now`: the one definition of completed, due, overdue, on time and
/// late that the dashboard, the targets page, the year pages and `stats.json` all count with
/// (docs/statistics.md, "Targets"). Days are calendar days in the report zone.
public struct TargetStatus: Sendable, Equatable {
    /// Done, and its completion (`completeTime`, else the deadline) is not after now.
    public let isCompleted: Bool
    /// The completion's day when completed and dated; nil otherwise.
    public let completionDay: LocalDate?
    public let deadlineDay: LocalDate?
    /// Not completed, and its deadline's day is over (before today). A deadline later today is
    /// not missed yet: done before the day ends, the target is still on time.
    public let isOverdue: Bool

    public init(_ target: Target, now: Int64, today: LocalDate, zone: Zone) {
        let completion = target.completionMoment
        isCompleted = target.done && !(completion?.isAfter(now, today: today.dayNumber) ?? false)
        completionDay = isCompleted ? completion?.localDate(in: zone) : nil
        deadlineDay = target.deadline?.localDate(in: zone)
        isOverdue = !isCompleted && (deadlineDay.map { $0 < today } ?? false)
    }

    /// Completed with a deadline, on or before the deadline's day.
    public var isOnTime: Bool {
        guard let done = completionDay, let deadline = deadlineDay else { return false }
        return done <= deadline
    }

    /// Completed with a deadline, after the deadline's day.
    public var isLate: Bool {
        guard let done = completionDay, let deadline = deadlineDay else { return false }
        return done > deadline
    }

    /// The day the target counts as due: for a completed one the earlier of its completion and
    /// its deadline (a target done early is due, and done, when it was done), for an overdue one
    /// its deadline; nil for targets not due yet and those without a deadline.
    public var dueDay: LocalDate? {
        guard let deadline = deadlineDay else { return nil }
        if isCompleted { return completionDay.map { Swift.min($0, deadline) } ?? deadline }
        return isOverdue ? deadline : nil
    }

    /// Every target's status at `now`, in the export's order.
    public static func all(_ targets: [Target], now: Int64, zone: Zone) -> [TargetStatus] {
        let today = zone.localDateTime(of: now).date
        return targets.map { TargetStatus($0, now: now, today: today, zone: zone) }
    }
}
