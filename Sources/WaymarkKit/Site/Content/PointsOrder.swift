/// The point records arranged for the pages: newest first, by month, and what each target earned.
struct PointsOrder: Sendable {
    /// Point records newest first; records at the same moment keep their file order.
    let newestFirst: PointsNewestFirst
    /// The months that have records, newest first.
    let months: [PointsMonth]
    /// Records of type "target", newest first, by target name.
    let earned: [String: [PointRecord]]
    /// Records after `now` (left out of the statistics, and worth a warning).
    let futureRecords: Int

    init(_ points: [PointRecord], zone: Zone, now: Int64) {
        newestFirst = PointsNewestFirst(points, zone: zone)
        months = PointsMonth.months(newestFirst, zone: zone)
        earned = PointsOrder.earned(newestFirst)
        let today = zone.localDateTime(of: now).date.dayNumber
        // Newest first: the records after now are at the front.
        futureRecords = newestFirst.prefix { $0.date.isAfter(now, today: today) }.count
    }

    /// The records of type "target", newest first, by name.
    static func earned(_ points: PointsNewestFirst) -> [String: [PointRecord]] {
        var earned: [String: [PointRecord]] = [:]
        for record in points where record.type == "target" {
            if let name = record.name { earned[name, default: []].append(record) }
        }
        return earned
    }
}
