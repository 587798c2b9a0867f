/// The point records arranged for the pages: newest first, by month, and what each target earned.
struct PointsOrder: Sendable {
    /// Point records up to now, newest first; records at the same moment keep their file order.
    /// A site shows the data as of now: a record after it is on no page.
    let newestFirst: PointsNewestFirst
    /// The months that have records, newest first.
    let months: [PointsMonth]
    /// Records of type "target", newest first, by target name.
    let earned: [String: [PointRecord]]
    /// Records after `now` (left out of the pages and the statistics, and worth a warning).
    let futureRecords: Int
    /// The latest of those, for the warning.
    let latestFutureRecord: PointRecord?

    init(_ points: [PointRecord], zone: Zone, now: Int64) {
        let all = PointsNewestFirst(points, zone: zone)
        let today = zone.localDateTime(of: now).date.dayNumber
        // Newest first: the records after now are at the front.
        futureRecords = all.prefix { $0.date.isAfter(now, today: today) }.count
        latestFutureRecord = futureRecords > 0 ? all.first : nil
        newestFirst = all.droppingFirst(futureRecords)
        months = PointsMonth.months(newestFirst, zone: zone)
        earned = PointsOrder.earned(newestFirst)
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
