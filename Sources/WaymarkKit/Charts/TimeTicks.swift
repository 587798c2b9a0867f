/// Ticks for a time axis that fall on natural boundaries (days, weeks, months, quarters, years),
/// choosing the interval as d3-time does: the candidate closest, by ratio, to span / count.
public enum TimeTicks {
    public enum Interval: Equatable, Sendable {
        case days(Int), weeks(Int), months(Int), years(Int)

        /// Typical length in days, for choosing between intervals.
        var approximateDays: Double {
            switch self {
            case .days(let k): return Double(k)
            case .weeks(let k): return Double(7 * k)
            case .months(let k): return 30 * Double(k)
            case .years(let k): return 365 * Double(k)
            }
        }
    }

    static let candidates: [Interval] = [.days(1), .days(2), .weeks(1), .months(1), .months(3), .years(1)]

    /// The interval for about `count` ticks between `start` and `end`.
    public static func interval(from start: LocalDate, to end: LocalDate, count: Int) -> Interval {
        let target = Double(max(1, start.days(to: end))) / Double(max(1, count))
        guard let i = candidates.firstIndex(where: { $0.approximateDays > target }) else {
            // Beyond a year: a nice number of years.
            let step = Ticks.increment(Double(start.year), Double(end.year) + 1, count: count)
            return .years(max(1, Int(step.rounded())))
        }
        if i == 0 { return candidates[0] }
        let lower = candidates[i - 1], upper = candidates[i]
        return target / lower.approximateDays < upper.approximateDays / target ? lower : upper
    }

    /// The boundary dates of `interval` within `start...end`.
    public static func ticks(from start: LocalDate, to end: LocalDate, interval: Interval) -> [LocalDate] {
        guard start <= end else { return [] }
        var result: [LocalDate] = []
        switch interval {
        case .days(let k):
            for n in start.dayNumber...end.dayNumber {
                let d = LocalDate(dayNumber: n)
                if (d.day - 1) % k == 0 { result.append(d) }
            }
        case .weeks(let k):
            var d = start.weekday == 1 ? start : start.startOfWeek.adding(days: 7)
            while d <= end {
                result.append(d)
                d = d.adding(days: 7 * k)
            }
        case .months(let k):
            var year = start.year, month = start.month
            if start.day != 1 { month += 1 }
            while true {
                if month > 12 { month = 1; year += 1 }
                guard let d = LocalDate(year: year, month: month, day: 1), d <= end else { break }
                if (month - 1) % k == 0 { result.append(d) }
                month += 1
            }
        case .years(let k):
            var year = start.month == 1 && start.day == 1 ? start.year : start.year + 1
            while let d = LocalDate(year: year, month: 1, day: 1), d <= end {
                if year % k == 0 { result.append(d) }
                year += 1
            }
        }
        return result
    }

    public static func ticks(from start: LocalDate, to end: LocalDate, count: Int) -> [LocalDate] {
        ticks(from: start, to: end, interval: interval(from: start, to: end, count: count))
    }

    /// What a tick marks, for choosing its label: a new year, a new month, or a day.
    public enum Boundary: Sendable { case year, month, day }

    public static func boundary(_ d: LocalDate) -> Boundary {
        d.day != 1 ? .day : d.month == 1 ? .year : .month
    }

    /// Drops labels that would overlap: keeps a tick only when it is at least `gap` units beyond
    /// the previous kept label, measuring labels with `width`.
    public static func thinned(positions: [Double], labels: [String], gap: Double = 6,
                               width: (String) -> Double) -> [Int] {
        var kept: [Int] = []
        var lastRight = -Double.infinity
        for i in positions.indices {
            let half = width(labels[i]) / 2
            if positions[i] - half >= lastRight + gap {
                kept.append(i)
                lastRight = positions[i] + half
            }
        }
        return kept
    }

    /// Ticks whose labels all fit without overlapping: the most ticks, up to about `count`, for
    /// which no label has to be dropped (a regular axis reads better than a thinned one).
    public static func fitting(from start: LocalDate, to end: LocalDate, count: Int, position: (LocalDate) -> Double,
                               label: (LocalDate) -> String, bounds: ClosedRange<Double>, gap: Double = 8) -> [LocalDate] {
        var previous: Interval?
        for c in stride(from: count, through: 1, by: -1) {
            let interval = self.interval(from: start, to: end, count: c)
            if interval == previous { continue }
            previous = interval
            let dates = ticks(from: start, to: end, interval: interval).filter { d in
                let half = estimatedWidth(label(d)) / 2
                return bounds.contains(position(d) - half) && bounds.contains(position(d) + half)
            }
            let kept = thinned(positions: dates.map(position), labels: dates.map(label), gap: gap, width: { estimatedWidth($0) })
            if kept.count == dates.count { return dates }
        }
        return []
    }

    /// Rough rendered width of a label in an 11-unit font: CJK characters are square, others narrower.
    public static func estimatedWidth(_ label: String, fontSize: Double = 11) -> Double {
        label.unicodeScalars.reduce(0) { $0 + (isWide($1) ? fontSize : fontSize * 0.6) }
    }

    /// Whether a character is drawn a full em wide: CJK and everything after it in Unicode.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x2E80 }
}
