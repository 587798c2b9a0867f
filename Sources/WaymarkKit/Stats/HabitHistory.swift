/// What the history charts and figures of a habit page are drawn from: completions (or amounts)
/// per calendar week, month, quarter and year, by weekday, in the periods containing today, and
/// the share of days done (see "Habit history" in `docs/statistics.md`). Today is `days.last`.
public enum HabitHistory {
    /// A calendar unit; weeks start on Monday, quarters on January, April, July and October 1.
    public enum Unit: Sendable, CaseIterable {
        case week, month, quarter, year
    }

    /// One calendar unit's total.
    public struct Bucket: Sendable, Equatable {
        /// The unit's first day (a Monday, the 1st of a month, of a quarter's first month, Jan 1),
        /// even when the habit's first day falls later in it.
        public var start: LocalDate
        /// Completions, or for a numerical habit the sum of its amounts, on the unit's days held.
        public var value: Double

        public init(start: LocalDate, value: Double) {
            self.start = start
            self.value = value
        }
    }

    /// Totals of the calendar units that contain today, and of all days.
    public struct Totals: Sendable, Equatable {
        public var week: Double
        public var month: Double
        public var year: Double
        public var all: Double

        public init(week: Double, month: Double, year: Double, all: Double) {
            self.week = week
            self.month = month
            self.year = year
            self.all = all
        }
    }

    /// Every unit from the one holding the habit's first day to the one holding today, oldest
    /// first, empty units included (value 0). One pass over the days.
    public static func buckets(_ days: HabitDays, by unit: Unit, numerical: Bool) -> [Bucket] {
        buckets(days, by: unit, numerical: numerical, from: unit.start(of: days.first), year: nil)
    }

    /// The buckets of `buckets(_:by:numerical:)` that start in calendar `year`, found without
    /// summing the other years (a habit's page for each earlier year asks for its own).
    public static func buckets(_ days: HabitDays, by unit: Unit, numerical: Bool, startingIn year: Int) -> [Bucket] {
        guard let january = LocalDate(year: year, month: 1, day: 1) else { return [] }
        var start = unit.start(of: max(days.first, january))
        if start.year < year { start = unit.next(after: start) }
        return buckets(days, by: unit, numerical: numerical, from: start, year: year)
    }

    /// The buckets from the one starting on `first` (a unit's start; none when it is after the
    /// last day) to the last day's, or to the last that starts in `year`.
    private static func buckets(_ days: HabitDays, by unit: Unit, numerical: Bool, from first: LocalDate, year: Int?) -> [Bucket] {
        var result: [Bucket] = []
        var start = first
        var i = max(0, days.first.days(to: start))
        while i < days.count, year.map({ start.year == $0 }) ?? true {
            let next = unit.next(after: start)
            // Days of this unit are the indices up to (not including) the next unit's first day.
            let end = min(days.count, days.first.days(to: next))
            var sum = 0.0
            while i < end {
                sum += numerical ? days.amounts[i] : Double(days.checks[i])
                i += 1
            }
            result.append(Bucket(start: start, value: sum))
            start = next
        }
        return result
    }

    /// Completions by ISO weekday: index 0 is Monday, 6 is Sunday.
    public static func weekdays(_ days: HabitDays) -> [Int] {
        var counts = [Int](repeating: 0, count: 7)
        var w = days.first.weekday - 1
        for n in days.checks {
            counts[w] += n
            w = w == 6 ? 0 : w + 1
        }
        return counts
    }

    /// Completions (or amounts) in the calendar week, month and year that contain today, and in all.
    public static func totals(_ days: HabitDays, numerical: Bool) -> Totals {
        let today = days.last
        func sum(from start: LocalDate) -> Double {
            var total = 0.0
            for i in max(0, days.first.days(to: start))..<days.count {
                total += numerical ? days.amounts[i] : Double(days.checks[i])
            }
            return total
        }
        return Totals(week: sum(from: Unit.week.start(of: today)), month: sum(from: Unit.month.start(of: today)),
                      year: sum(from: Unit.year.start(of: today)), all: sum(from: days.first))
    }

    /// Days with a completion over the days that count: skipped days without a completion count
    /// neither way, as in Loop. nil when no day counts (every day held was skipped).
    public static func shareDone(_ days: HabitDays) -> Double? {
        var done = 0, counted = 0
        for i in 0..<days.count {
            if days.checks[i] > 0 {
                done += 1
                counted += 1
            } else if !days.skipped[i] {
                counted += 1
            }
        }
        return counted == 0 ? nil : Double(done) / Double(counted)
    }
}

extension HabitHistory.Unit {
    /// The first day of the unit containing `day`. Months are stepped back one at a time, so no
    /// date is built from parts (which could fail at the ends of the calendar).
    public func start(of day: LocalDate) -> LocalDate {
        switch self {
        case .week:
            return day.startOfWeek
        case .month:
            return day.startOfMonth
        case .year:
            return day.startOfYear
        case .quarter:
            var d = day.startOfMonth
            for _ in 0..<(d.month - 1) % 3 { d = d.adding(days: -1).startOfMonth }
            return d
        }
    }

    /// The first day of the next unit, for `start` the first day of a unit.
    public func next(after start: LocalDate) -> LocalDate {
        switch self {
        case .week:
            return start.adding(days: 7)
        case .month, .quarter, .year:
            var d = start
            for _ in 0..<(self == .month ? 1 : self == .quarter ? 3 : 12) {
                d = d.adding(days: LocalDate.daysIn(month: d.month, year: d.year))
            }
            return d
        }
    }
}
