/// One calendar year in review, in the report zone as of `now` (definitions in "Year in review",
/// `docs/statistics.md`). Habit strength and streaks are inputs, computed elsewhere.
public struct YearReview: Sendable, Equatable {
    public var year: Int
    /// 1 January.
    public var start: LocalDate
    /// 31 December, or today for the current year.
    public var end: LocalDate
    /// The current year: its figures are "so far".
    public var isPartial: Bool
    /// Days from `start` to `end`, both included (365 or 366 for a whole year).
    public var days: Int
    public var figures: YearFigures
    /// The month with the most points earned; the earliest on a tie; nil without points earned.
    public var bestMonth: BestMonth?
    /// The Monday-start week with the most points earned, counting only its days in this year;
    /// the earliest on a tie; nil without points earned.
    public var bestWeek: BestWeek?
    /// The longest run of scoring days, cut to the year; the earliest on a tie; nil without one.
    /// (A `HabitStreak` used as a plain run of days.)
    public var longestStreak: HabitStreak?
    /// The weight trend at the year's start and end; nil without a weighing in the year.
    public var weight: YearWeight?
    /// Every habit of the `HabitLog`, in its order.
    public var habits: [YearHabit]
    /// Habits started by the year's end (first check or skip on or before it), most completions
    /// first, then by name.
    public var habitsByCompletions: [YearHabit]
    /// The same habits, strongest at the year's end first, then by name; a missing strength last.
    public var habitsByStrength: [YearHabit]
    /// The whole previous calendar year's figures; nil for the first year with data.
    public var previous: YearFigures?
    /// For the current year: the previous year's figures from 1 January to the same date (28
    /// February for 29 February); nil otherwise and for the first year with data.
    public var previousToDate: YearFigures?

    /// figures − previous; nil for the first year with data.
    public var change: YearFigures? { previous.map { figures - $0 } }
    /// For the current year: figures − previousToDate.
    public var changeToDate: YearFigures? { previousToDate.map { figures - $0 } }

    /// Every calendar year with something dated in it up to `now` (a point record, weighing,
    /// note or target completion), oldest first; none for an empty export.
    ///
    /// - Parameters:
    ///   - habits: the export's habits as of `now`.
    ///   - strength: per habit of `habits.habits`, its strength per day, index-aligned with its
    ///     `HabitDays` (entry i is the score on `days.first + i`).
    ///   - streaks: per habit of `habits.habits`, its streaks.
    ///   - daily: the export's `DailyPoints` when already built (same points, now and zone).
    ///   - weights: the export's `WeightSeries` when already built (same entries, now and zone).
    public static func years(export: Export, now: Int64, zone: Zone, habits: HabitLog, strength: [[Double]],
                             streaks: [[HabitStreak]], daily: DailyPoints? = nil, weights: WeightSeries? = nil) -> [YearReview] {
        let table = YearDays(export: export, now: now, zone: zone,
                             daily: daily ?? DailyPoints(points: export.points, now: now, zone: zone),
                             weights: weights ?? WeightSeries(entries: export.weights, now: now, zone: zone), habits: habits)
        let spans = table.years()
        guard let firstYear = spans.first(where: \.hasData)?.year else { return [] }
        // Each habit's streaks cut to each year they touch, in one pass over the streaks.
        let bestStreaks = habits.habits.indices.map { h in
            YearReview.longestPerYear(h < streaks.count ? streaks[h] : [], through: table.today)
        }
        var reviews: [YearReview] = []
        for span in spans where span.hasData {
            let summary = table.summary(from: span.start, to: span.end)
            let isPartial = span.year == LocalDate(dayNumber: table.today).year
            var previous: YearFigures?, previousToDate: YearFigures?
            if span.year > firstYear {
                let lastStart = YearDays.startOfYear(LocalDate(dayNumber: span.start - 1))
                previous = table.summary(from: lastStart, to: span.start - 1).figures
                if isPartial {
                    // The same date a year ago; 29 February has no twin and becomes 28 February.
                    let today = LocalDate(dayNumber: table.today)
                    var sameDay = lastStart + min(today.day, LocalDate.daysIn(month: today.month, year: span.year - 1)) - 1
                    for m in 1..<max(1, today.month) { sameDay += LocalDate.daysIn(month: m, year: span.year - 1) }
                    previousToDate = table.summary(from: lastStart, to: sameDay).figures
                }
            }
            let yearHabits = habits.habits.indices.map { h in
                YearReview.habit(h, habits.habits[h], strength: h < strength.count ? strength[h] : [],
                                 streak: bestStreaks[h][span.year], start: span.start, end: span.end)
            }
            let started = yearHabits.filter { habits.habits[$0.index].days.first.dayNumber <= span.end }
            reviews.append(YearReview(
                year: span.year, start: LocalDate(dayNumber: span.start), end: LocalDate(dayNumber: span.end),
                isPartial: isPartial, days: span.end - span.start + 1, figures: summary.figures,
                bestMonth: summary.bestMonth, bestWeek: summary.bestWeek, longestStreak: summary.longestStreak,
                weight: summary.weight, habits: yearHabits,
                habitsByCompletions: started.sorted { a, b in
                    a.completions != b.completions ? a.completions > b.completions : YearReview.byName(a, b)
                },
                habitsByStrength: started.sorted { a, b in
                    let x = a.strength ?? -.infinity, y = b.strength ?? -.infinity
                    return x != y ? x > y : YearReview.byName(a, b)
                },
                previous: previous, previousToDate: previousToDate))
        }
        return reviews
    }

    /// Name order, then the habit's index (names are unique in a `HabitLog`, so rarely needed).
    private static func byName(_ a: YearHabit, _ b: YearHabit) -> Bool {
        a.name != b.name ? a.name < b.name : a.index < b.index
    }

    /// One habit's figures in the days `start...end`.
    private static func habit(_ index: Int, _ habit: HabitLog.Habit, strength: [Double], streak: HabitStreak?,
                              start: Int, end: Int) -> YearHabit {
        let days = habit.days
        let lo = max(0, start - days.first.dayNumber), hi = min(days.count - 1, end - days.first.dayNumber)
        var completions = 0
        let rule = HabitRule(tag: habit.tag)
        if lo <= hi { for i in lo...hi { completions += HabitFigures.completions(i, days, rule) } }
        let last = end - days.first.dayNumber
        var score: Double?
        if last >= 0 && last < strength.count && strength[last].isFinite { score = strength[last] }
        let amounts = habit.tag.habit?.isNumerical == true
            ? HabitAmounts(days, from: LocalDate(dayNumber: start), to: LocalDate(dayNumber: end)) : nil
        return YearHabit(index: index, name: habit.name, completions: completions, longestStreak: streak, strength: score,
                         amounts: amounts)
    }

    /// The longest piece of `streaks` in each calendar year, cut to the year and to today; the
    /// earliest piece wins a tie.
    static func longestPerYear(_ streaks: [HabitStreak], through today: Int) -> [Int: HabitStreak] {
        var best: [Int: HabitStreak] = [:]
        for streak in streaks {
            let s = streak.start.dayNumber, e = min(streak.end.dayNumber, today)
            guard s <= e else { continue }
            var yearStart = YearDays.startOfYear(streak.start), year = streak.start.year
            while yearStart <= e {
                let yearEnd = yearStart + YearDays.length(ofYear: year) - 1
                let piece = HabitStreak(start: LocalDate(dayNumber: max(s, yearStart)), end: LocalDate(dayNumber: min(e, yearEnd)))
                if let old = best[year] {
                    if piece.length > old.length || (piece.length == old.length && piece.start < old.start) { best[year] = piece }
                } else {
                    best[year] = piece
                }
                yearStart = yearEnd + 1
                year += 1
            }
        }
        return best
    }
}
