/// One whole number a day over one calendar year — points earned, or habit checks — and what a
/// year page draws and ranks of them: the calendar, the months' totals, the best month and week
/// and the longest run of days above zero (definitions in "Year in review", `docs/statistics.md`).
public struct YearDayCounts: Sendable, Equatable {
    /// One calendar month of the year (up to today in the current year).
    public struct Month: Sendable, Equatable {
        /// 1 = January … 12 = December.
        public var month: Int
        /// The month's first day.
        public var start: LocalDate
        /// The sum of its days' values.
        public var total: Int
        /// Its days with a value above zero.
        public var activeDays: Int
        /// Its days counted: the month's length, or up to today.
        public var days: Int
    }

    /// 1 January.
    public let start: LocalDate
    /// `values[i]` is the value of `start + i` days; one entry a day up to 31 December or today.
    public let values: [Int]

    /// The days `start...end` (`end` before `start` gives none); `value` is called once a day
    /// with its day number (`LocalDate.dayNumber`). Negative values count as zero.
    public init(start: LocalDate, end: LocalDate, value: (Int) -> Int) {
        self.start = start
        let first = start.dayNumber
        values = first <= end.dayNumber ? (first...end.dayNumber).map { max(0, value($0)) } : []
    }

    /// The last day counted.
    public var end: LocalDate { start.adding(days: max(0, values.count - 1)) }
    /// The sum of every day's value (saturating).
    public var total: Int { values.reduce(0) { $0.saturatingAdd($1) } }
    /// Days with a value above zero.
    public var activeDays: Int { values.lazy.filter { $0 > 0 }.count }

    /// The value of `date`; 0 outside the days counted.
    public func value(on date: LocalDate) -> Int {
        let i = start.days(to: date)
        return i >= 0 && i < values.count ? values[i] : 0
    }

    /// Every month with a day counted, January first.
    public var months: [Month] {
        var out: [Month] = []
        for (i, v) in values.enumerated() {
            let date = start.adding(days: i)
            if out.last?.month != date.month { out.append(Month(month: date.month, start: date, total: 0, activeDays: 0, days: 0)) }
            out[out.count - 1].total = out[out.count - 1].total.saturatingAdd(v)
            out[out.count - 1].activeDays += v > 0 ? 1 : 0
            out[out.count - 1].days += 1
        }
        return out
    }

    /// The month with the largest total; the earliest on a tie; nil when every value is zero.
    public var bestMonth: BestMonth? {
        var best: Month?
        for m in months where m.total > (best?.total ?? 0) { best = m }
        return best.map { BestMonth(month: $0.month, start: $0.start, earned: $0.total) }
    }

    /// The Monday-start week with the largest total, counting only its days in the year; the
    /// earliest on a tie; nil when every value is zero.
    public var bestWeek: BestWeek? {
        var best: BestWeek?
        var i = 0
        while i < values.count {
            let day = start.adding(days: i)
            let monday = day.startOfWeek
            let last = min(values.count - 1, i + (7 - day.weekday))
            var sum = 0
            for j in i...last { sum = sum.saturatingAdd(values[j]) }
            if sum > (best?.earned ?? 0) {
                best = BestWeek(monday: monday, start: day, end: start.adding(days: last), earned: sum)
            }
            i = last + 1
        }
        return best
    }

    /// The longest run of consecutive days above zero; the earliest on a tie; nil without one.
    public var longestRun: HabitStreak? {
        var best: (start: Int, length: Int)?
        var runStart = 0
        for (i, v) in values.enumerated() {
            if v <= 0 {
                runStart = i + 1
                continue
            }
            let length = i - runStart + 1
            if length > (best?.length ?? 0) { best = (runStart, length) }
        }
        return best.map { HabitStreak(start: start.adding(days: $0.start), end: start.adding(days: $0.start + $0.length - 1)) }
    }
}
