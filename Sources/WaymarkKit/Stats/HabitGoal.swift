/// What a habit asks of one calendar week, month, quarter or year, and whether a period met it:
/// the "2/3" of a 3-times-a-week habit's week, the target lines of its history, its streaks in
/// weeks. Derived as Loop Habit Tracker's target card derives a numerical habit's targets (a
/// week holds the whole target of a weekly habit, a month that of a monthly one, otherwise the
/// target per day times the period's days), for yes/no habits too. A period shorter than the
/// habit's own (a week of a monthly habit) asks nothing. See `docs/statistics.md`, "Goals".
public struct HabitGoal: Sendable, Equatable {
    public let rule: HabitRule

    public init(_ rule: HabitRule) { self.rule = rule }

    /// Whether the habit's own period is a calendar week (n in 7 days) or a month (n in 30 or
    /// 31); nil for every day and for other spans (every 5 days), whose streaks stay in days.
    public var ownUnit: HabitHistory.Unit? {
        switch rule.frequency.denominator {
        case 7: return .week
        case 30, 31: return .month
        default: return nil
        }
    }

    /// What the period `unit` starting on `start` asks: days done for a yes/no habit (whole, at
    /// least 1), the target amount for a numerical one; nil when the habit's period is longer
    /// than this one or a numerical habit has no target.
    public func asked(_ unit: HabitHistory.Unit, start: LocalDate) -> Double? {
        let length = start.days(to: unit.next(after: start))
        let n = Double(min(rule.frequency.numerator, HabitEntries.maxWindow))
        let d = min(rule.frequency.denominator, HabitEntries.maxWindow)
        // A monthly habit's month asks its number even in February (28 days < 30).
        guard ownUnit == .month ? unit != .week : d <= length else { return nil }
        let own: Double
        if unit == ownUnit {
            own = 1
        } else if ownUnit == .week {
            own = Double(length) / 7
        } else if ownUnit == .month {
            own = unit == .quarter ? 3 : unit == .year ? 12 : Double(length) / Double(d)
        } else {
            own = Double(length) / Double(d)
        }
        if rule.isNumerical { return rule.target > 0 ? rule.target * own : nil }
        return max(1, (n * own).rounded())
    }

    /// Whether a period met its goal: for a yes/no habit, days checked or skipped at least as
    /// many as asked; for a numerical one, its amount at least the target (at-least habits) or,
    /// with an entry, at most it (at-most habits).
    public func met(asked: Double, doneDays: Int, skippedDays: Int, amount: Double, entries: Int) -> Bool {
        guard rule.isNumerical else { return Double(doneDays + skippedDays) >= asked }
        return rule.targetKind == .atLeast ? amount >= asked : entries > 0 && amount <= asked
    }

    /// One period's figures.
    public struct Period: Sendable, Equatable {
        public var start: LocalDate
        /// Days with a check (or, numerical, the amount entered) in the period's days held.
        public var done: Double
        public var asked: Double
        public var met: Bool
    }

    /// Every period of `unit` from the one holding the habit's first day to the one holding
    /// today, oldest first, with what it asked and whether it met it; empty when the unit asks
    /// nothing of this habit.
    public func periods(_ days: HabitDays, by unit: HabitHistory.Unit) -> [Period] {
        var result: [Period] = []
        var start = unit.start(of: days.first)
        var i = 0
        while i < days.count {
            let next = unit.next(after: start)
            guard let asked = asked(unit, start: start) else { return [] }
            let end = min(days.count, days.first.days(to: next))
            var doneDays = 0, skippedDays = 0, entries = 0, amount = 0.0
            while i < end {
                if days.checks[i] > 0 {
                    doneDays += 1
                    entries += 1
                    amount += days.amounts[i].isFinite ? days.amounts[i] : 0
                } else if days.skipped[i] {
                    skippedDays += 1
                }
                i += 1
            }
            let ok = met(asked: asked, doneDays: doneDays, skippedDays: skippedDays, amount: amount, entries: entries)
            result.append(Period(start: start, done: rule.isNumerical ? amount : Double(doneDays), asked: asked, met: ok))
            start = next
        }
        return result
    }

    /// Streaks in the habit's own calendar period (weeks or months): runs of consecutive periods
    /// that met their goal, each from its first period's first day to its last period's last day
    /// (today at the latest), oldest first. The period holding today, not over yet, continues a
    /// streak when met and breaks none when not. Empty when the habit's period is a day or
    /// another span.
    public func streaks(_ days: HabitDays) -> [HabitStreak] {
        guard let unit = ownUnit else { return [] }
        let all = periods(days, by: unit)
        var result: [HabitStreak] = []
        var runStart: LocalDate?
        for (k, p) in all.enumerated() {
            let end = min(days.last, unit.next(after: p.start).adding(days: -1))
            if p.met {
                if runStart == nil { runStart = p.start }
                if k == all.count - 1, let s = runStart { result.append(HabitStreak(start: s, end: end)) }
            } else if let s = runStart {
                result.append(HabitStreak(start: s, end: p.start.adding(days: -1)))
                runStart = nil
            }
        }
        return result
    }

    /// How many of the habit's own periods `streak` spans (weeks or months); its days otherwise.
    public func periodsIn(_ streak: HabitStreak) -> Int {
        switch ownUnit {
        case .week?: return streak.start.startOfWeek.days(to: streak.end) / 7 + 1
        case .month?:
            return (streak.end.year - streak.start.year) * 12 + streak.end.month - streak.start.month + 1
        default: return streak.length
        }
    }
}
