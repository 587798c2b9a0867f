/// Every day from the earliest dated item (point record, weighing, note, target completion) to
/// today, with what a year in review counts per day, so that any span's figures are one walk over
/// its days. Points come from `DailyPoints`, weights from `WeightSeries`; nothing is recounted.
struct YearDays {
    /// What one walk over a span of days finds.
    struct Summary {
        var figures = YearFigures()
        var bestMonth: BestMonth?
        var bestWeek: BestWeek?
        var longestStreak: HabitStreak?
        var weight: YearWeight?
    }

    /// Day numbers (`LocalDate.dayNumber`) of index 0 and of today.
    let first: Int
    let today: Int
    let daily: DailyPoints
    let weights: WeightSeries
    private var completions: [Int]
    private var notes: [Int]
    private var onTime: [Int]
    private var late: [Int]
    /// Targets completed that had no deadline: neither on time nor late.
    private var undated: [Int]
    private var hasData: [Bool]
    /// `weighedBefore[i]`: days with a weighing among `weights.days[0..<i]`, so whether a span
    /// holds a weighing is one subtraction.
    private var weighedBefore: [Int]

    /// `habits`, when given, makes a numerical habit with a target count a day that meets it as
    /// one completion, and its other entries as none, as its own page counts its days done.
    init(export: Export, now: Int64, zone: Zone, daily: DailyPoints, weights: WeightSeries, habits: HabitLog? = nil) {
        let today = zone.localDateTime(of: now).date.dayNumber
        self.today = today
        self.daily = daily
        self.weights = weights
        let noteDays = export.notes.compactMap { note -> Int? in
            guard let date = note.date, !date.isAfter(now, today: today) else { return nil }
            return date.dayNumber(in: zone)
        }
        // Completed, on time and late as everywhere (`TargetStatus`): days, not hours, count.
        let targetDays = TargetStatus.all(export.targets, now: now, zone: zone).compactMap { status -> (day: Int, status: TargetStatus)? in
            status.completionDay.map { ($0.dayNumber, status) }
        }
        var first = today
        if daily.hasRecords { first = min(first, daily.firstDayNumber) }
        for day in noteDays { first = min(first, day) }
        for target in targetDays { first = min(first, target.day) }
        if let w = weights.days.first { first = min(first, w.date.dayNumber) }
        self.first = first
        let count = today - first + 1
        completions = [Int](repeating: 0, count: count)
        notes = completions
        onTime = completions
        late = completions
        undated = completions
        hasData = [Bool](repeating: false, count: count)
        // By index, in place: `for record in` would copy every record and its strings.
        let points = export.points
        for k in points.indices where !points[k].date.isAfter(now, today: today) {
            let i = points[k].date.dayNumber(in: zone) - first
            guard i >= 0 && i < count else { continue }
            hasData[i] = true
            if points[k].type == "tag" { completions[i] += 1 }
        }
        for h in habits?.habits ?? [] {
            let rule = HabitRule(tag: h.tag)
            guard rule.isNumerical else { continue }
            let offset = h.days.first.dayNumber - first
            for d in 0..<h.days.count where offset + d >= 0 && offset + d < count && h.days.checks[d] > 0 {
                completions[offset + d] += HabitFigures.completions(d, h.days, rule) - h.days.checks[d]
            }
        }
        for day in noteDays where day - first < count {
            notes[day - first] += 1
            hasData[day - first] = true
        }
        for target in targetDays where target.day - first < count {
            if target.status.isLate { late[target.day - first] += 1 }
            if target.status.isOnTime { onTime[target.day - first] += 1 }
            if target.status.deadlineDay == nil { undated[target.day - first] += 1 }
            hasData[target.day - first] = true
        }
        weighedBefore = [0]
        weighedBefore.reserveCapacity(weights.days.count + 1)
        for day in weights.days {
            let weighed = !day.interpolated
            weighedBefore.append((weighedBefore.last ?? 0) + (weighed ? 1 : 0))
            let i = day.date.dayNumber - first
            if weighed && i >= 0 && i < count { hasData[i] = true }
        }
    }

    /// The calendar years from the first day's to today's: first and last day (cut to today) and
    /// whether anything is dated in it.
    func years() -> [(year: Int, start: Int, end: Int, hasData: Bool)] {
        var result: [(year: Int, start: Int, end: Int, hasData: Bool)] = []
        let firstDate = LocalDate(dayNumber: first)
        var year = firstDate.year
        var start = YearDays.startOfYear(firstDate)
        while start <= today {
            let end = start + YearDays.length(ofYear: year) - 1
            var any = false
            for d in max(start, first)...min(end, today) where hasData[d - first] {
                any = true
                break
            }
            result.append((year, start, min(end, today), any))
            start = end + 1
            year += 1
        }
        return result
    }

    /// The figures of the days `start...end` (day numbers; days outside the table count nothing),
    /// with the best month and week and the longest run of scoring days, all cut to the span.
    func summary(from start: Int, to end: Int) -> Summary {
        var s = Summary()
        s.weight = weight(from: start, to: end)
        s.figures.weightChange = s.weight?.change
        let lo = max(start, first), hi = min(end, today)
        guard lo <= hi else { return s }
        var f = s.figures
        var monthKey = Int.min, monthStart = lo, monthSum = 0
        var monday = Int.min, weekSum = 0
        var run = 0, runStart = lo
        // Strictly greater, so the earliest month, week or run wins a tie.
        func closeMonth() {
            if monthSum > (s.bestMonth?.earned ?? 0) {
                let date = LocalDate(dayNumber: monthStart)
                s.bestMonth = BestMonth(month: date.month, start: date.startOfMonth, earned: monthSum)
            }
        }
        func closeWeek(through last: Int) {
            if weekSum > (s.bestWeek?.earned ?? 0) {
                s.bestWeek = BestWeek(monday: LocalDate(dayNumber: monday), start: LocalDate(dayNumber: max(monday, start)),
                                      end: LocalDate(dayNumber: last), earned: weekSum)
            }
        }
        for d in lo...hi {
            let i = d - first
            let earned = daily.earned(onDay: d)
            f.earned = f.earned.saturatingAdd(earned)
            f.spent = f.spent.saturatingAdd(spent(onDay: d))
            f.completions += completions[i]
            f.notesWritten += notes[i]
            f.targetsOnTime += onTime[i]
            f.targetsLate += late[i]
            f.targetsWithoutDeadline += undated[i]
            let date = LocalDate(dayNumber: d)
            let key = date.year * 12 + date.month
            if key != monthKey {
                if monthKey != Int.min { closeMonth() }
                (monthKey, monthStart, monthSum) = (key, d, 0)
            }
            monthSum = monthSum.saturatingAdd(earned)
            let thisMonday = d - (date.weekday - 1)
            if thisMonday != monday {
                if monday != Int.min { closeWeek(through: d - 1) }
                (monday, weekSum) = (thisMonday, 0)
            }
            weekSum = weekSum.saturatingAdd(earned)
            if earned > 0 {
                f.scoringDays += 1
                if run == 0 { runStart = d }
                run += 1
                if run > f.longestStreak {
                    f.longestStreak = run
                    s.longestStreak = HabitStreak(start: LocalDate(dayNumber: runStart), end: date)
                }
            } else {
                run = 0
            }
        }
        closeMonth()
        // The last week counted ends on its Sunday, or on the span's end when that is earlier.
        closeWeek(through: min(monday + 6, end))
        s.figures = f
        return s
    }

    /// Points spent on the day with number `day`.
    private func spent(onDay day: Int) -> Int {
        let i = day - daily.firstDayNumber
        return i >= 0 && i < daily.spent.count ? daily.spent[i] : 0
    }

    /// The trend at the first and last day of `start...end` with a trend value; nil without a
    /// weighing in the span. The series holds consecutive days, so days are found by index.
    func weight(from start: Int, to end: Int) -> YearWeight? {
        guard let w0 = weights.days.first?.date.dayNumber else { return nil }
        let lo = max(start, w0) - w0, hi = min(end, w0 + weights.days.count - 1) - w0
        guard lo <= hi, weighedBefore[hi + 1] - weighedBefore[lo] > 0 else { return nil }
        let a = weights.days[lo], b = weights.days[hi]
        return YearWeight(startDate: a.date, start: a.trend, endDate: b.date, end: b.trend)
    }

    /// The day number of 1 January of `date`'s year.
    static func startOfYear(_ date: LocalDate) -> Int { date.startOfYear.dayNumber }

    static func length(ofYear year: Int) -> Int { LocalDate.isLeap(year) ? 366 : 365 }
}
