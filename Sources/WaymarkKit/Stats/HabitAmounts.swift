/// A numerical habit's amounts over a run of its days: the total, the averages per day and per
/// calendar week with an entry, and the best day. Definitions: "Amounts" in `docs/statistics.md`.
public struct HabitAmounts: Sendable, Equatable {
    /// The sum of the amounts.
    public var total: Double
    /// Days with an entry (an entry of 0 included; a skip is not an entry).
    public var daysEntered: Int
    /// Calendar weeks (Monday to Sunday, the site's weeks) holding at least one day entered.
    public var weeksEntered: Int
    /// The day with the largest amount, the earliest of equal ones; nil without an entry.
    public var bestDay: LocalDate?
    /// That day's amount (0 without an entry).
    public var best: Double

    public init(total: Double, daysEntered: Int, weeksEntered: Int, bestDay: LocalDate?, best: Double) {
        self.total = total
        self.daysEntered = daysEntered
        self.weeksEntered = weeksEntered
        self.bestDay = bestDay
        self.best = best
    }

    /// The amounts of `days` from `start` to `end` (both included, cut to the days held); all of
    /// them by default. One pass over the days.
    public init(_ days: HabitDays, from start: LocalDate? = nil, to end: LocalDate? = nil) {
        let lo = max(0, start.map { days.first.days(to: $0) } ?? 0)
        let hi = min(days.count - 1, end.map { days.first.days(to: $0) } ?? days.count - 1)
        var total = 0.0, entered = 0, weeks = 0, best = 0.0
        var bestIndex: Int?
        var lastWeek: Int?
        if lo <= hi {
            for i in lo...hi where days.checks[i] > 0 {
                let amount = days.amounts[i]
                total += amount
                entered += 1
                if bestIndex == nil || amount > best {
                    bestIndex = i
                    best = amount
                }
                // Days come in order, so a new week is one whose Monday differs from the last.
                let week = days.first.adding(days: i).startOfWeek.dayNumber
                if week != lastWeek {
                    weeks += 1
                    lastWeek = week
                }
            }
        }
        self.init(total: total, daysEntered: entered, weeksEntered: weeks,
                  bestDay: bestIndex.map { days.first.adding(days: $0) }, best: best)
    }

    /// The total over the days entered; nil without one.
    public var perDay: Double? { daysEntered > 0 ? total / Double(daysEntered) : nil }
    /// The total over the weeks entered; nil without one.
    public var perWeek: Double? { weeksEntered > 0 ? total / Double(weeksEntered) : nil }
}
