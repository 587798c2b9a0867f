/// Runs of consecutive scoring days.
public enum Streaks {
    /// The run of scoring days that ends today, or ends yesterday when today has no points yet
    /// (a streak is not broken before the day is over); 0 otherwise.
    public static func current(today: LocalDate, isScoring: (LocalDate) -> Bool) -> Int {
        current(today: today.dayNumber) { isScoring(LocalDate(dayNumber: $0)) }
    }

    /// `current` over day numbers (`LocalDate.dayNumber`), for loops that index arrays by day.
    public static func current(today: Int, isScoring: (Int) -> Bool) -> Int {
        var day = isScoring(today) ? today : today - 1
        var n = 0
        while isScoring(day) {
            n += 1
            day -= 1
        }
        return n
    }

    /// The longest run of scoring days inside `start...end`.
    public static func longest(from start: LocalDate, to end: LocalDate, isScoring: (LocalDate) -> Bool) -> Int {
        longest(from: start.dayNumber, to: end.dayNumber) { isScoring(LocalDate(dayNumber: $0)) }
    }

    /// `longest` over day numbers (`LocalDate.dayNumber`).
    public static func longest(from start: Int, to end: Int, isScoring: (Int) -> Bool) -> Int {
        guard start <= end else { return 0 }
        var best = 0, run = 0
        for n in start...end {
            if isScoring(n) {
                run += 1
                best = max(best, run)
            } else {
                run = 0
            }
        }
        return best
    }
}
