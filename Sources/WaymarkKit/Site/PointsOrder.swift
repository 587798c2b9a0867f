/// The point records arranged for the pages: newest first, by month, and what each target earned.
struct PointsOrder: Sendable {
    /// Point records newest first; records at the same moment keep their file order.
    let newestFirst: PointsNewestFirst
    /// The months that have records, newest first.
    let months: [PointsPages.Month]
    /// Records of type "target", newest first, by target name.
    let earned: [String: [PointRecord]]

    init(_ points: [PointRecord], zone: Zone) {
        newestFirst = PointsNewestFirst(points, zone: zone)
        months = PointsPages.months(newestFirst, zone: zone)
        earned = TargetsPages.earned(newestFirst)
    }
}
