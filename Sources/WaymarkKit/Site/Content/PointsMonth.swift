/// One month that has point records: the slice of the records newest first, what they earned
/// and spent. The points pages have one page each.
struct PointsMonth: Sendable {
    var year: Int
    var month: Int
    /// A slice of `SiteContent.pointsNewestFirst`: the month's records are not copied.
    var records: Slice<PointsNewestFirst>
    var earned = 0
    var spent = 0
    var slug: String { "\(pad(year, 4))-\(pad(month, 2))" }

    /// The months that have records, newest first; one page each. `all` is
    /// `SiteContent.pointsNewestFirst`, which the months slice.
    static func months(_ all: PointsNewestFirst, zone: Zone) -> [PointsMonth] {
        var months: [PointsMonth] = []
        var start = all.startIndex
        var current: (year: Int, month: Int)?
        var earned = 0, spent = 0
        func close(at end: Int) {
            if let current { months.append(PointsMonth(year: current.year, month: current.month, records: all[start..<end], earned: earned, spent: spent)) }
        }
        // Day numbers, and a date only when the day changes: records come newest first, and a
        // month holds hundreds of them.
        var lastDay = Int.min, day = LocalDate(dayNumber: 0)
        for (i, record) in all.enumerated() {
            let number = record.date.dayNumber(in: zone)
            if number != lastDay {
                lastDay = number
                day = LocalDate(dayNumber: number)
            }
            if current.map({ $0.year != day.year || $0.month != day.month }) ?? true {
                close(at: i)
                current = (day.year, day.month)
                start = i
                earned = 0
                spent = 0
            }
            if record.point > 0 { earned = earned.saturatingAdd(record.point) } else { spent = spent.saturatingSubtract(record.point) }
        }
        close(at: all.endIndex)
        return months
    }
}
