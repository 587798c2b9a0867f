import Foundation

/// Habit strength exactly as Loop Habit Tracker computes it (`ScoreList.recompute`,
/// `Score.compute`): a score between 0 and 1 per day that moves a little towards how much of the
/// frequency the last days met. See `docs/statistics.md`, "Habit strength and streaks".
public enum HabitScore {
    /// One day's step: `previous × m + completed × (1 − m)` with `m = 0.5^(√frequency / 13)`, so
    /// a daily habit done every day climbs halfway to 1 in 13 days.
    public static func compute(frequency: Double, previous: Double, completed: Double) -> Double {
        let m = multiplier(frequency)
        return previous * m + completed * (1 - m)
    }

    static func multiplier(_ frequency: Double) -> Double {
        pow(0.5, frequency.squareRoot() / 13)
    }

    /// The strength on every day of `days` (index-aligned: `first` to today). Yes/no habits count
    /// the checked days among the last `denominator` days against `numerator` (both doubled when
    /// the habit is less than daily); numerical habits sum the amounts of the last `denominator`
    /// days against the target. A skipped day keeps the previous day's strength.
    public static func series(_ days: HabitDays, rule: HabitRule) -> [Double] {
        let frequency = rule.perDay
        let m = multiplier(frequency)
        var numerator = rule.frequency.numerator, window = rule.frequency.denominator
        // Loop doubles both for yes/no habits below daily, so a weekly habit done on a Monday
        // and then on the next week's Sunday still meets "2 in 14 days" (the multiplier keeps
        // the undoubled frequency). Saturating: a window longer than the days is all of them.
        if !rule.isNumerical && frequency < 1 {
            numerator = numerator > Int.max / 2 ? Int.max : numerator * 2
            window = window > Int.max / 2 ? Int.max : window * 2
        }
        let atMost = rule.isNumerical && rule.targetKind == .atMost
        var previous = atMost ? 1.0 : 0.0
        var scores = [Double](repeating: 0, count: days.count)
        if rule.isNumerical {
            // A skipped day adds nothing (Loop's SKIP code 3 adds 0.003; see the docs).
            let values = days.amounts.indices.map { days.checks[$0] > 0 ? HabitEntries.thousandths(days.amounts[$0]) : 0 }
            var sum = 0
            for i in values.indices {
                sum += values[i]
                if i >= window { sum -= values[i - window] }
                if days.checks[i] > 0 || !days.skipped[i] {
                    previous = previous * m + completion(sum: Double(sum) / 1000, rule: rule) * (1 - m)
                }
                scores[i] = previous
            }
        } else {
            var checked = 0
            for i in scores.indices {
                if days.checks[i] > 0 { checked += 1 }
                if i >= window && days.checks[i - window] > 0 { checked -= 1 }
                // A checked day counts as done even when also marked skipped (Loop has one entry
                // per day; Waymark's sources may have both).
                if days.checks[i] > 0 || !days.skipped[i] {
                    previous = previous * m + min(1, Double(checked) / Double(numerator)) * (1 - m)
                }
                scores[i] = previous
            }
        }
        return scores
    }

    /// How much of a numerical target the window's sum meets: at least `target` →
    /// `min(1, sum / target)` (1 without a target); at most → `1 − (sum − target) / target`
    /// clamped to 0…1 (without a target: 1 when nothing, else 0).
    static func completion(sum: Double, rule: HabitRule) -> Double {
        let target = rule.target
        switch rule.targetKind {
        case .atLeast:
            return target > 0 ? min(1, sum / target) : 1
        case .atMost:
            guard target > 0 else { return sum > 0 ? 0 : 1 }
            return min(1, max(0, 1 - (sum - target) / target))
        }
    }

    /// The mean strength of several habits on each day `from...to`, as Loop's habit groups
    /// compute it (`ScoreList.combineFrom`): a plain mean over the habits given, a habit counting
    /// 0 on days outside its scores (before its first day). Pass the habits that count: Loop
    /// leaves archived habits out.
    public static func overall(_ series: [(first: LocalDate, scores: [Double])], from: LocalDate, to: LocalDate) -> [Double] {
        let count = from.days(to: to) + 1
        guard count > 0 else { return [] }
        var sums = [Double](repeating: 0, count: count)
        guard !series.isEmpty else { return sums }
        for habit in series {
            let offset = from.days(to: habit.first)
            let lo = max(0, offset), hi = min(count, offset + habit.scores.count)
            if lo < hi {
                for k in lo..<hi { sums[k] += habit.scores[k - offset] }
            }
        }
        let n = Double(series.count)
        return sums.map { $0 / n }
    }

    /// Habits done within this many days before today count in the overall strength.
    public static let overallRecentDays = 365

    /// Whether a habit counts in the overall strength: not archived, and its last check at most
    /// `overallRecentDays` days before today. A habit never checked counts only when its source
    /// dates its creation (the points app's habits; one begun today counts); a tracker's listed
    /// habit with no check and no such date says nothing about anyone's habits and is left out.
    public static func countsInOverall(tag: Tag, days: HabitDays, today: LocalDate) -> Bool {
        if tag.habit?.archived ?? false { return false }
        guard let last = days.checks.lastIndex(where: { $0 > 0 }).map({ days.first.adding(days: $0) }) else {
            return tag.created != nil
        }
        return last.days(to: today) <= overallRecentDays
    }

    /// The overall strength of a log's habits that count (`countsInOverall`), from the earliest
    /// first day among them to today (today alone, at 0, when there are none).
    public static func overall(_ log: HabitLog) -> (first: LocalDate, scores: [Double]) {
        let counted = log.habits.filter { countsInOverall(tag: $0.tag, days: $0.days, today: log.today) }
        let series = counted.map { (first: $0.days.first, scores: Self.series($0.days, rule: HabitRule(tag: $0.tag))) }
        let first = series.map(\.first).min() ?? log.today
        return (first, overall(series, from: first, to: log.today))
    }
}
