/// Points earned and spent per calendar day in the report's zone, for the days from the earliest
/// record to today. Records after `now` are left out and counted.
public struct DailyPoints: Sendable {
    /// The first day held (the earliest record's day), or today when there are no records.
    public let firstDay: LocalDate
    public let today: LocalDate
    /// Points earned per day (sum of positive points), indexed from `firstDay`.
    public let earned: [Int]
    /// Points spent per day (sum of -point over negative points), indexed from `firstDay`.
    public let spent: [Int]
    /// Whether any record exists (a day may still have zero points when records cancel out).
    public let hasRecords: Bool
    /// Records dated after `now`, left out of every statistic.
    public let futureRecords: Int

    public init(points: [PointRecord], now: Int64, zone: Zone) {
        let today = zone.localDateTime(of: now).date
        self.today = today
        var days: [Int] = []
        days.reserveCapacity(points.count)
        var kept: [Int] = []
        kept.reserveCapacity(points.count)
        var future = 0
        let todayNumber = today.dayNumber
        var first = todayNumber
        // By index, in place: `for record in` would copy every record and its strings.
        for i in points.indices {
            let date = points[i].date
            if date.isAfter(now, today: todayNumber) {
                future += 1
                continue
            }
            let day = date.dayNumber(in: zone)
            first = min(first, day)
            days.append(day)
            kept.append(i)
        }
        futureRecords = future
        hasRecords = !kept.isEmpty
        firstDay = LocalDate(dayNumber: first)
        firstDayNumber = first
        var earned = [Int](repeating: 0, count: today.dayNumber - first + 1)
        var spent = earned
        for (day, i) in zip(days, kept) {
            let p = points[i].point
            if p > 0 { earned[day - first] += p } else if p < 0 { spent[day - first] -= p }
        }
        self.earned = earned
        self.spent = spent
    }

    /// Index of `date` in the arrays, or nil outside the held range.
    public func index(_ date: LocalDate) -> Int? {
        let i = date.dayNumber - firstDay.dayNumber
        return i >= 0 && i < earned.count ? i : nil
    }

    public func earned(on date: LocalDate) -> Int { index(date).map { earned[$0] } ?? 0 }
    /// Points earned on the day with number `day` (see `LocalDate.dayNumber`).
    public func earned(onDay day: Int) -> Int {
        let i = day - firstDayNumber
        return i >= 0 && i < earned.count ? earned[i] : 0
    }
    /// `firstDay.dayNumber`, kept: the streak loops ask for every day.
    public let firstDayNumber: Int
    public func spent(on date: LocalDate) -> Int { index(date).map { spent[$0] } ?? 0 }

    /// Sum of points earned over `start...end` (days outside the held range count as 0).
    public func earned(from start: LocalDate, to end: LocalDate) -> Int {
        sum(earned, start, end)
    }

    public func spent(from start: LocalDate, to end: LocalDate) -> Int {
        sum(spent, start, end)
    }

    private func sum(_ values: [Int], _ start: LocalDate, _ end: LocalDate) -> Int {
        let lo = max(0, start.dayNumber - firstDay.dayNumber)
        let hi = min(values.count - 1, end.dayNumber - firstDay.dayNumber)
        guard lo <= hi else { return 0 }
        var total = 0
        for i in lo...hi { total += values[i] }
        return total
    }
}
