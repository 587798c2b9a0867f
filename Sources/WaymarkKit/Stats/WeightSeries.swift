/// One value per calendar day from the first to the last weighing: the day's mean weight, or a
/// linear interpolation between the nearest weighed days, and the trend (TrendWeight's moving
/// average: it starts at the first weight and moves 10% of the way to each day's weight).
public struct WeightSeries: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        public var date: LocalDate
        /// The mean of the day's entries, or the interpolated value.
        public var weight: Double
        public var interpolated: Bool
        public var trend: Double
        /// How many entries were averaged (0 when interpolated).
        public var entries: Int
    }

    public let days: [Day]

    /// Builds the series from entries; entries after `now` are left out.
    public init(entries: [WeightEntry], now: Int64, zone: Zone) {
        var sums: [Int: (total: Double, count: Int)] = [:]
        for entry in entries where !entry.date.isAfter(now, in: zone) {
            let day = entry.date.localDate(in: zone).dayNumber
            let old = sums[day] ?? (0, 0)
            sums[day] = (old.total + entry.kg, old.count + 1)
        }
        self.init(daily: sums.sorted { $0.key < $1.key }.map { day, sum in
            (LocalDate(dayNumber: day), sum.total / Double(sum.count), sum.count)
        })
    }

    /// Builds the series from daily means in date order.
    public init(daily: [(date: LocalDate, weight: Double, entries: Int)]) {
        var days: [Day] = []
        guard let first = daily.first else {
            self.days = []
            return
        }
        days.reserveCapacity(first.date.days(to: daily[daily.count - 1].date) + 1)
        var trend = first.weight
        var previous: (date: LocalDate, weight: Double)?
        for reading in daily {
            if let previous {
                let gap = previous.date.days(to: reading.date)
                for k in 1..<max(1, gap) {
                    let w = previous.weight + (reading.weight - previous.weight) * Double(k) / Double(gap)
                    trend += 0.1 * (w - trend)
                    days.append(Day(date: previous.date.adding(days: k), weight: w, interpolated: true, trend: trend, entries: 0))
                }
                trend += 0.1 * (reading.weight - trend)
            }
            days.append(Day(date: reading.date, weight: reading.weight, interpolated: false, trend: trend, entries: reading.entries))
            previous = (reading.date, reading.weight)
        }
        self.days = days
    }
}
