/// The export as the site shows it at `now`: notes, weighings and body-fat readings dated after
/// that moment, and habits created after it, are left out, so that a site built as of an earlier
/// day (`--now`) lists, links and counts only what had been written, weighed and begun by then (a
/// habit begun later would count, unchecked, in the overall strength). Point records after now
/// are cut by the points figures themselves (`PointsOrder`, `DailyPoints`), which count them for
/// their own warning. An undated note is kept: nothing says it was written later.
public struct RecordsAfterNow: Sendable {
    /// The export without the records after now.
    public var export: Export
    /// The notes left out, in the export's order.
    public var notes: [Note]
    /// The weighings left out, in the export's order.
    public var weighings: [WeightEntry]
    /// The body-fat readings left out, in the export's order.
    public var bodyFat: [BodyFatEntry]
    /// The habits left out (their source dates their creation after now, and none of their
    /// checks is dated by then), in the export's order.
    public var habits: [Tag]

    public init(_ export: Export, now: Int64, zone: Zone) {
        let today = zone.localDateTime(of: now).date.dayNumber
        let isLater = { (moment: Moment?) in moment?.isAfter(now, today: today) == true }
        var shown = export
        (shown.notes, notes) = Self.split(export.notes) { isLater($0.date) }
        (shown.weights, weighings) = Self.split(export.weights) { isLater($0.date) }
        (shown.bodyFat, bodyFat) = Self.split(export.bodyFat) { isLater($0.date) }
        var checked = Set<String>()
        if export.tags.contains(where: { isLater($0.created) }) {
            // A habit checked by now was begun by then, whatever a merged source's date says.
            let points = export.points
            for k in points.indices where points[k].type == "tag" && !points[k].date.isAfter(now, today: today) {
                if let name = points[k].name { checked.insert(name) }
            }
        }
        (shown.tags, habits) = Self.split(export.tags) { isLater($0.created) && !checked.contains($0.name ?? "") }
        self.export = shown
    }

    /// Whether anything was left out.
    public var isEmpty: Bool { notes.isEmpty && weighings.isEmpty && bodyFat.isEmpty && habits.isEmpty }

    /// The latest of the notes left out (the first of them in the export at the same moment).
    public func latestNote(in zone: Zone) -> Note? { Self.latest(notes, in: zone) { $0.date } }
    /// The habit begun latest of those left out.
    public func latestHabit(in zone: Zone) -> Tag? { Self.latest(habits, in: zone) { $0.created } }
    /// The latest of the body-fat readings left out.
    public func latestBodyFat(in zone: Zone) -> BodyFatEntry? { Self.latest(bodyFat, in: zone) { $0.date } }
    /// The latest of the weighings left out.
    public func latestWeighing(in zone: Zone) -> WeightEntry? { Self.latest(weighings, in: zone) { $0.date } }

    /// `items` in their order, those `isLater` says apart; the array itself when none is.
    private static func split<T>(_ items: [T], isLater: (T) -> Bool) -> (kept: [T], later: [T]) {
        guard items.contains(where: isLater) else { return (items, []) }
        var kept: [T] = [], later: [T] = []
        for item in items {
            if isLater(item) { later.append(item) } else { kept.append(item) }
        }
        return (kept, later)
    }

    /// The item of the latest `date`, the first on a tie.
    private static func latest<T>(_ items: [T], in zone: Zone, date: (T) -> Moment?) -> T? {
        var best: (item: T, key: Int64)?
        for item in items {
            guard let key = date(item)?.sortKey(in: zone) else { continue }
            if best.map({ key > $0.key }) ?? true { best = (item, key) }
        }
        return best?.item ?? items.first
    }
}
