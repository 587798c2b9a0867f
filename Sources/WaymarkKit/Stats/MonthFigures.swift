/// One month of point records in figures, for its page: points earned and spent on each day,
/// and each habit's checks and points, most points first.
struct MonthFigures: Sendable, Equatable {
    /// The month's first day.
    let first: LocalDate
    /// Day of the month − 1 → points earned that day (positive records summed).
    var earned: [Int]
    /// Day of the month − 1 → points spent that day (negative records, as a positive sum).
    var spent: [Int]
    /// Day of the month − 1 → how many records the day has.
    var records: [Int]
    /// Habit checks (records of type "tag") by name: most points first, then most checks, then
    /// by name.
    var habits: [HabitTotal]

    struct HabitTotal: Sendable, Equatable {
        var name: String
        var times: Int
        var points: Int
    }

    /// `records` may come in any order; those outside the month of `first` are left out.
    init<Records: Collection<PointRecord>>(first: LocalDate, records list: Records, zone: Zone) {
        self.first = first.startOfMonth
        let days = LocalDate.daysIn(month: self.first.month, year: self.first.year)
        earned = Array(repeating: 0, count: days)
        spent = Array(repeating: 0, count: days)
        records = Array(repeating: 0, count: days)
        let start = self.first.dayNumber
        // By byte-exact name: two names that only look alike stay two habits, as elsewhere.
        var byName = ExactNames()  // numbered as `habits`
        var habits: [HabitTotal] = []
        for record in list {
            let i = record.date.dayNumber(in: zone) - start
            guard i >= 0, i < days else { continue }
            records[i] += 1
            let p = record.point
            if p > 0 { earned[i] = earned[i].saturatingAdd(p) } else if p < 0 { spent[i] = spent[i].saturatingSubtract(p) }
            guard record.type == "tag", let name = record.name else { continue }
            let (h, new) = byName.insert(name)
            if new {
                habits.append(HabitTotal(name: name, times: 1, points: p))
            } else {
                habits[h].times += 1
                habits[h].points = habits[h].points.saturatingAdd(p)
            }
        }
        self.habits = habits.sorted { a, b in
            if a.points != b.points { return a.points > b.points }
            if a.times != b.times { return a.times > b.times }
            return Array(a.name.utf8).lexicographicallyPrecedes(Array(b.name.utf8))
        }
    }

    /// The weeks of the month, Monday first: each holds seven days of the month (day − 1), nil
    /// for the days of the months around it.
    var weeks: [[Int?]] {
        let lead = first.weekday - 1
        let cells = lead + earned.count
        let rows = cells / 7 + (cells % 7 == 0 ? 0 : 1)
        return (0..<rows).map { w in
            (0..<7).map { d in
                let i = w * 7 + d - lead
                return i >= 0 && i < earned.count ? i : nil
            }
        }
    }
}
