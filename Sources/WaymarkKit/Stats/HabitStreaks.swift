/// A habit's streaks as Loop Habit Tracker finds them (`StreakList.recompute` over its filled-in
/// days, `HabitEntries`), its best streaks (`getBest`) and the current one. See
/// `docs/statistics.md`, "Habit strength and streaks".
public enum HabitStreaks {
    /// Every run of done days, oldest first, ending today at the latest. A yes/no habit's day is
    /// done when checked, filled in or skipped; a numerical habit's when it has an entry whose
    /// amount is at least the target (at-least habits) or at most the target (at-most habits);
    /// a skipped day counts as an amount of 0.
    public static func all(_ days: HabitDays, rule: HabitRule) -> [HabitStreak] {
        all(days, rule: rule, entries: HabitEntries(days, rule: rule))
    }

    /// `all(_:rule:)` from the days already filled in (`HabitEntries(days, rule: rule)`).
    static func all(_ days: HabitDays, rule: HabitRule, entries: HabitEntries) -> [HabitStreak] {
        var result: [HabitStreak] = []
        var start: Int?
        for i in 0...entries.kinds.count {
            if i < entries.kinds.count && isDone(i, entries, days, rule) {
                if start == nil { start = i }
            } else if let s = start {
                // The first run takes in the filled-in days before the first check.
                let from = s == 0 ? entries.first.adding(days: -entries.lead) : entries.first.adding(days: s)
                result.append(HabitStreak(start: from, end: entries.first.adding(days: i - 1)))
                start = nil
            }
        }
        return result
    }

    private static func isDone(_ i: Int, _ entries: HabitEntries, _ days: HabitDays, _ rule: HabitRule) -> Bool {
        let kind = entries.kinds[i]
        guard rule.isNumerical else { return kind != .none }
        guard kind != .none else { return false }
        // Compared in thousandths as Loop does (`value / 1000.0 >= targetValue`).
        let amount = kind == .manual ? Double(HabitEntries.thousandths(days.amounts[i])) / 1000 : 0
        return rule.targetKind == .atLeast ? amount >= rule.target : amount <= rule.target
    }

    /// Loop's best streaks: the `limit` longest (between equal lengths, the newer), newest
    /// first. `measure` is a streak's length: its days, or its weeks or months (`HabitGoal`).
    /// Made for a small `limit` (pages ask for 1 or 10): its time grows with streaks × limit.
    public static func best(_ streaks: [HabitStreak], limit: Int, measure: (HabitStreak) -> Int = \.length) -> [HabitStreak] {
        guard limit > 0 else { return [] }
        // The longest kept in one pass, on whole numbers worked out once: a decade holds a
        // thousand streaks per habit and a page asks for one or ten, so sorting them all cost
        // more than drawing them. A streak goes after those it ties with, as a stable sort keeps it.
        typealias Keyed = (length: Int, end: Int, streak: HabitStreak)
        func beats(_ a: Keyed, _ b: Keyed) -> Bool { a.length != b.length ? a.length > b.length : a.end > b.end }
        var top: [Keyed] = []
        top.reserveCapacity(min(limit, streaks.count) + 1)
        for streak in streaks {
            let keyed = (length: measure(streak), end: streak.end.dayNumber, streak: streak)
            if top.count == limit, let last = top.last, !beats(keyed, last) { continue }
            var i = top.count
            while i > 0 && beats(keyed, top[i - 1]) { i -= 1 }
            top.insert(keyed, at: i)
            if top.count > limit { top.removeLast() }
        }
        return top.sorted { $0.end > $1.end }.map(\.streak)
    }

    /// The streak that runs through today, or that ends yesterday while today is not done yet (a
    /// streak is not broken before the day is over, as in `Streaks.current`); nil otherwise.
    public static func current(_ streaks: [HabitStreak], today: LocalDate) -> HabitStreak? {
        let yesterday = today.adding(days: -1)
        return streaks.last { $0.start <= today && $0.end >= yesterday }
    }
}
