/// What a habit's page and the habits index show about one habit as of today: strength (Loop's
/// score), streaks, and completions per calendar window. Definitions: `docs/statistics.md`.
public struct HabitFigures: Sendable {
    /// How many days "the last month" is for the change of strength.
    public static let monthDays = 30

    public let name: String
    public let tag: Tag
    public let rule: HabitRule
    public let days: HabitDays
    /// Strength per day (0…1), index-aligned with `days`.
    public let scores: [Double]
    /// Every streak, oldest first.
    public let streaks: [HabitStreak]
    /// The streak that runs to today (or to yesterday while today is not done yet).
    public let currentStreak: HabitStreak?
    /// The longest streak; of equal ones, the newest. Kept: pages ask for it often, and finding
    /// it sorts every streak (hundreds over a decade).
    public let bestStreak: HabitStreak?
    /// A numerical habit's amounts, all time (with or without a target); nil for a yes/no habit.
    public let amounts: HabitAmounts?
    /// What each week, month, quarter and year asks of the habit.
    public let goal: HabitGoal
    /// Streaks in the habit's own period, weeks or months (`HabitGoal.streaks`), oldest first;
    /// empty for a habit whose period is a day or another span.
    public let periodStreaks: [HabitStreak]
    /// The days as Loop fills them in, once: the streaks and every calendar of the habit's pages
    /// are drawn from them.
    public let entries: HabitEntries

    public init(name: String, tag: Tag, days: HabitDays) {
        self.name = name
        self.tag = tag
        self.days = days
        let rule = HabitRule(tag: tag)
        self.rule = rule
        scores = HabitScore.series(days, rule: rule)
        let entries = HabitEntries(days, rule: rule)
        self.entries = entries
        let streaks = HabitStreaks.all(days, rule: rule, entries: entries)
        self.streaks = streaks
        currentStreak = HabitStreaks.current(streaks, today: days.last)
        bestStreak = HabitStreaks.best(streaks, limit: 1).first
        amounts = tag.habit?.isNumerical == true ? HabitAmounts(days) : nil
        goal = HabitGoal(rule)
        periodStreaks = goal.streaks(days)
    }

    /// The period streak that runs through the current period or ends with the previous one
    /// (the current period is not over); nil otherwise or without period streaks.
    public var currentPeriodStreak: HabitStreak? {
        guard let unit = goal.ownUnit, let last = periodStreaks.last else { return nil }
        return last.end >= unit.start(of: today).adding(days: -1) ? last : nil
    }

    public var today: LocalDate { days.last }
    /// Strength today.
    public var score: Double { scores.last ?? 0 }
    /// Strength `monthDays` days ago (0 before the habit's first day).
    public var scoreMonthAgo: Double {
        days.index(today.adding(days: -HabitFigures.monthDays)).map { scores[$0] } ?? 0
    }
    /// Whether the habit records amounts (its history and calendar show them).
    public var countsAmounts: Bool { amounts != nil }
    public var doneToday: Bool { isDone(days.count - 1) }

    /// Whether the day at `i` counts as done: a completion, or for a numerical habit an amount
    /// that meets its target (at least, or at most with an entry), as its streaks count days.
    public func isDone(_ i: Int) -> Bool { HabitFigures.isDone(i, days, rule) }

    /// `isDone` for the day at `i` of `days`, a habit of `rule`.
    static func isDone(_ i: Int, _ days: HabitDays, _ rule: HabitRule) -> Bool {
        guard i >= 0 && i < days.count, days.checks[i] > 0 else { return false }
        guard rule.isNumerical else { return true }
        return rule.targetKind == .atMost ? days.amounts[i] <= rule.target : days.amounts[i] >= rule.target
    }

    /// What a day at `i` adds to a count of completions: its records, or for a numerical habit
    /// with a target 1 when it meets the target (an entry below it is no completion).
    static func completions(_ i: Int, _ days: HabitDays, _ rule: HabitRule) -> Int {
        guard rule.isNumerical else { return i >= 0 && i < days.count ? days.checks[i] : 0 }
        return isDone(i, days, rule) ? 1 : 0
    }
    /// Completions, all time.
    public var completions: Int { days.totalChecks }
    public var points: Int { days.points.reduce(0, +) }
    /// Completions × the session length of a timed habit.
    public var minutes: Int { completions.multipliedReportingOverflow(by: tag.durationMinutes).partialValue }

    /// Days done (`isDone`) in `start...end`.
    public func daysDone(from start: LocalDate, to end: LocalDate) -> Int {
        let lo = max(0, days.first.days(to: start)), hi = min(days.count - 1, days.first.days(to: end))
        guard lo <= hi else { return 0 }
        return (lo...hi).reduce(0) { $0 + (isDone($1) ? 1 : 0) }
    }

    /// A calendar window's progress: days done so far against the days the frequency asks for
    /// over the whole window ("3/7" on a Wednesday for a daily habit: the week is not over).
    public struct Window: Sendable, Equatable {
        public var done: Int
        public var asked: Int
        /// done / asked, at most 1.
        public var share: Double { asked > 0 ? min(1, Double(done) / Double(asked)) : 0 }
    }

    /// This calendar week (Monday to Sunday) so far.
    public var week: Window { window(start: today.startOfWeek, length: 7) }

    /// This calendar month so far.
    public var month: Window {
        window(start: today.startOfMonth, length: LocalDate.daysIn(month: today.month, year: today.year))
    }

    private func window(start: LocalDate, length: Int) -> Window {
        // Capped as Loop's windows are (`HabitEntries.maxWindow`): a backup may hold any number.
        let n = min(rule.frequency.numerator, 100_000), d = min(rule.frequency.denominator, 100_000)
        // Rounded to the nearest whole time, at least once: 3 times a week asks 13 of a 31-day
        // month. A yes/no habit asks what its goal asks (a weekly habit its whole number in a
        // calendar week, `HabitGoal`).
        let unit: HabitHistory.Unit = length == 7 ? .week : .month
        let fromGoal = rule.isNumerical ? nil : goal.asked(unit, start: start).map { Int($0) }
        let asked = fromGoal ?? max(1, (n * length * 2 + d) / (2 * d))
        return Window(done: daysDone(from: start, to: today), asked: asked)
    }
}
