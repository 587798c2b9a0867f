/// The export as the site shows it at `now`: notes, weighings and body-fat readings dated after
/// that moment, and
/// habits created after it, are left out, so that a site built as of an earlier day (`--now`)
/// lists, links and counts only what had been written, weighed and begun by then (a habit begun
/// later would count, unchecked, in the overall strength). Point records after now are cut by the points
/// figures themselves (`PointsOrder`, `DailyPoints`), which count them for their own warning.
/// An undated note is kept: nothing says it was written later.
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
        var shown = export
        var laterNotes: [Note] = [], laterWeighings: [WeightEntry] = [], laterHabits: [Tag] = []
        if export.notes.contains(where: { $0.date?.isAfter(now, today: today) == true }) {
            shown.notes = []
            for note in export.notes {
                if note.date?.isAfter(now, today: today) == true { laterNotes.append(note) } else { shown.notes.append(note) }
            }
        }
        if export.weights.contains(where: { $0.date.isAfter(now, today: today) }) {
            shown.weights = []
            for entry in export.weights {
                if entry.date.isAfter(now, today: today) { laterWeighings.append(entry) } else { shown.weights.append(entry) }
            }
        }
        var laterBodyFat: [BodyFatEntry] = []
        if export.bodyFat.contains(where: { $0.date.isAfter(now, today: today) }) {
            shown.bodyFat = []
            for entry in export.bodyFat {
                if entry.date.isAfter(now, today: today) { laterBodyFat.append(entry) } else { shown.bodyFat.append(entry) }
            }
        }
        if export.tags.contains(where: { $0.created?.isAfter(now, today: today) == true }) {
            // A habit checked by now was begun by then, whatever a merged source's date says.
            var checked = Set<String>()
            let points = export.points
            for k in points.indices where points[k].type == "tag" && !points[k].date.isAfter(now, today: today) {
                if let name = points[k].name { checked.insert(name) }
            }
            shown.tags = []
            for tag in export.tags {
                let later = tag.created?.isAfter(now, today: today) == true && !checked.contains(tag.name ?? "")
                if later { laterHabits.append(tag) } else { shown.tags.append(tag) }
            }
        }
        self.export = shown
        notes = laterNotes
        weighings = laterWeighings
        bodyFat = laterBodyFat
        habits = laterHabits
    }

    /// The latest of the notes left out (the first of them in the export at the same moment).
    public func latestNote(in zone: Zone) -> Note? {
        notes.reduce(nil) { latest, note in
            guard let latest, let a = latest.date, let b = note.date else { return latest ?? note }
            return b.sortKey(in: zone) > a.sortKey(in: zone) ? note : latest
        }
    }

    /// Whether anything was left out.
    public var isEmpty: Bool { notes.isEmpty && weighings.isEmpty && bodyFat.isEmpty && habits.isEmpty }

    /// The habit begun latest of those left out.
    public func latestHabit(in zone: Zone) -> Tag? {
        habits.reduce(nil) { latest, tag in
            guard let latest, let a = latest.created, let b = tag.created else { return latest ?? tag }
            return b.sortKey(in: zone) > a.sortKey(in: zone) ? tag : latest
        }
    }

    /// The latest of the body-fat readings left out.
    public func latestBodyFat(in zone: Zone) -> BodyFatEntry? {
        bodyFat.reduce(nil) { latest, entry in
            guard let latest else { return entry }
            return entry.date.sortKey(in: zone) > latest.date.sortKey(in: zone) ? entry : latest
        }
    }

    /// The latest of the weighings left out.
    public func latestWeighing(in zone: Zone) -> WeightEntry? {
        weighings.reduce(nil) { latest, entry in
            guard let latest else { return entry }
            return entry.date.sortKey(in: zone) > latest.date.sortKey(in: zone) ? entry : latest
        }
    }
}
