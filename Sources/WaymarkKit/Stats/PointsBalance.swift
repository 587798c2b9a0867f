/// The points as a currency: all earned minus all spent up to `now`, and what was bought with
/// them (definitions in "Points balance", `docs/statistics.md`).
public struct PointsBalance: Sendable, Equatable {
    /// Sum of positive points up to now.
    public let earned: Int
    /// Sum of −point over negative points up to now.
    public let spent: Int
    /// Every record with negative points up to now, newest first.
    public let spendings: [Spending]
    /// Spendings grouped by type and name: most points spent first, then by name, then type.
    public let items: [SpendingItem]
    /// Records dated after now, left out.
    public let futureRecords: Int

    /// earned − spent (held at the limits of `Int`).
    public var balance: Int { earned.saturatingSubtract(spent) }

    public init(points: [PointRecord], now: Int64, zone: Zone) {
        let today = zone.localDateTime(of: now).date.dayNumber
        var earned = 0, spent = 0, future = 0
        var spendings: [(order: Int64, index: Int, spending: Spending)] = []
        for (index, record) in points.enumerated() {
            if record.date.isAfter(now, today: today) {
                future += 1
                continue
            }
            if record.point > 0 {
                earned = earned.saturatingAdd(record.point)
            } else if record.point < 0 {
                // magnitude, because −Int.min does not fit an Int.
                let amount = Int(clamping: record.point.magnitude)
                spent = spent.saturatingAdd(amount)
                let spending = Spending(points: amount, type: record.type, name: record.name, describe: record.describe,
                                        date: record.date, day: record.date.localDate(in: zone))
                spendings.append((record.date.sortKey(in: zone), index, spending))
            }
        }
        // Newest first; of two at the same moment, the later record in the file first.
        spendings.sort { a, b in a.order != b.order ? a.order > b.order : a.index > b.index }
        self.earned = earned
        self.spent = spent
        futureRecords = future
        self.spendings = spendings.map(\.spending)

        struct Key: Hashable {
            var type: String?
            var name: String?
        }
        var totals: [Key: SpendingItem] = [:]
        for s in self.spendings {
            let key = Key(type: s.type, name: s.name)
            if var item = totals[key] {
                item.times += 1
                item.spent = item.spent.saturatingAdd(s.points)
                item.last = max(item.last, s.day)
                totals[key] = item
            } else {
                totals[key] = SpendingItem(type: s.type, name: s.name, times: 1, spent: s.points, last: s.day)
            }
        }
        // A total order, so the dictionary's order never shows: nil sorts before an empty string.
        func key(_ item: SpendingItem) -> (String, Int, String, Int) {
            (item.name ?? "", item.name == nil ? 0 : 1, item.type ?? "", item.type == nil ? 0 : 1)
        }
        items = totals.values.sorted { a, b in a.spent != b.spent ? a.spent > b.spent : key(a) < key(b) }
    }
}
