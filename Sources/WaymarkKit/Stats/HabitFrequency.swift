/// Loop Habit Tracker's frequency grid: how often a habit was done on each weekday of each
/// calendar month (see "Frequency by weekday and month" in `docs/statistics.md`).
public enum HabitFrequency {
    /// One calendar month's column of the grid, weekdays Monday first (index 0 … 6).
    public struct Month: Sendable, Equatable {
        /// The month's first day.
        public var start: LocalDate
        /// Completions (numerical habits: the sum of the amounts) on each weekday of the month.
        public var values: [Double]
        /// Days with a completion on each weekday.
        public var daysDone: [Int]
        /// How many of each weekday the month holds within the habit's days (fewer in the month
        /// of its first day and the month of today); 0 draws no cell.
        public var weekdaysHeld: [Int]

        /// Days done over the weekdays held, in 0…1 (0 where none is held).
        public func share(_ weekday: Int) -> Double {
            weekdaysHeld[weekday] > 0 ? Double(daysDone[weekday]) / Double(weekdaysHeld[weekday]) : 0
        }
    }

    /// The months from the one holding `from` to the one holding `to`, oldest first, each only
    /// over the days the habit holds (its first day to today); months wholly outside them are
    /// left out. Skips and Loop's filled-in days are not completions and count nothing.
    public static func months(_ days: HabitDays, from: LocalDate, to: LocalDate, numerical: Bool) -> [Month] {
        let first = max(from.startOfMonth, days.first.startOfMonth)
        let last = min(to, days.last)
        guard first <= last else { return [] }
        var result: [Month] = []
        var start = first
        while start <= last {
            let next = HabitHistory.Unit.month.next(after: start)
            var month = Month(start: start, values: [Double](repeating: 0, count: 7), daysDone: [Int](repeating: 0, count: 7),
                              weekdaysHeld: [Int](repeating: 0, count: 7))
            var day = max(start, days.first)
            let end = min(next.adding(days: -1), last)
            while day <= end {
                if let i = days.index(day) {
                    let w = day.weekday - 1
                    month.weekdaysHeld[w] += 1
                    if days.checks[i] > 0 {
                        month.daysDone[w] += 1
                        let amount = days.amounts[i]
                        month.values[w] += numerical ? (amount.isFinite ? amount : 0) : Double(days.checks[i])
                    }
                }
                day = day.adding(days: 1)
            }
            result.append(month)
            start = next
        }
        return result
    }

    /// The months of the twelve ending with today's month (fewer for a younger habit).
    public static func lastYear(_ days: HabitDays, numerical: Bool) -> [Month] {
        var from = days.last.startOfMonth
        for _ in 0..<11 { from = from.adding(days: -1).startOfMonth }
        return months(days, from: from, to: days.last, numerical: numerical)
    }

    /// Whether any cell holds a completion.
    public static func hasCompletions(_ months: [Month]) -> Bool {
        months.contains { $0.daysDone.contains { $0 > 0 } }
    }
}
