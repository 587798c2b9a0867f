/// Merges what several sources hold into one `Export`, so a person's Loop habits, Apple Health
/// weighings and Waymark notes make one site.
///
/// - The profile's fields come from the first part that has each.
/// - Habits with the same name are one habit: the first part's, with the fields it lacks taken
///   from the later ones.
/// - A record a later part repeats from an earlier *part* is kept once: the same weighing (same
///   minute, within 0.05 kg), the same check (habit, time, points, value), the same note, target,
///   to-do, mood or body fat reading. Repeats inside one part are the source's own and are kept.
/// - Activity, sleep, workouts and goals merge as `ActivityMerge` says.
public enum SourceMerger {
    /// What the merge did, for `waymark check`.
    public struct Summary: Sendable, Equatable {
        public var remarks: [String] = []
        public var dropped: [SourcePart.Dropped] = []

        mutating func drop(_ reason: String, _ count: Int) {
            guard count > 0 else { return }
            if let i = dropped.firstIndex(where: { $0.reason == reason }) { dropped[i].count += count } else { dropped.append(.init(reason, count)) }
        }
    }

    static let sameWeighing = "the same weighing in two sources (same minute, within 0.05 kg)"
    static let sameCheck = "the same record in two sources"
    static let sameOther = "the same note, target, to-do, mood or body fat reading in two sources"

    /// `sources[i]` is the SOURCE argument part `i` came from (for messages only).
    public static func merge(_ parts: [SourcePart], sources: [Int]) -> (export: Export, summary: Summary) {
        guard parts.count > 1 else { return (parts.first?.export ?? Export(), Summary()) }
        var summary = Summary()
        var out = Export()
        var tagIndex: [String: (index: Int, part: Int)] = [:]
        var pointKeys = Set<PointKey>()
        var weightsByMinute: [Int64: [Double]] = [:]
        var others = Set<AnyHashable>()
        // Where each earlier source's notes went in `out.notes`, to pass on a duplicate's `private`.
        var earlierNotes: [NoteKey: Int] = [:]
        var noteNames = Set<String>()
        var activity = ActivityMerge()

        for (p, part) in parts.enumerated() {
            let export = part.export
            mergeProfile(&out.profile, export.profile)
            for tag in export.tags {
                guard let name = tag.name, let (index, from) = tagIndex[name] else {
                    if let name = tag.name { tagIndex[name] = (out.tags.count, p) }
                    out.tags.append(tag)
                    continue
                }
                if from != p {
                    out.tags[index] = filled(out.tags[index], from: tag)
                    summary.remarks.append("habit “\(Diagnostic.shorten(name))” is in \(parts[from].kind) and \(part.kind): merged into one")
                } else {
                    out.tags.append(tag)
                }
            }
            var newKeys: [PointKey] = []
            var dropped = 0
            for point in export.points {
                let key = PointKey(point)
                if pointKeys.contains(key) { dropped += 1; continue }
                newKeys.append(key)
                out.points.append(point)
            }
            pointKeys.formUnion(newKeys)
            summary.drop(sameCheck, dropped)

            var newWeights: [(Int64, Double)] = []
            dropped = 0
            for weight in export.weights {
                let minute = minuteKey(weight.date)
                if weightsByMinute[minute]?.contains(where: { abs($0 - weight.kg) <= 0.05 + 1e-9 }) == true { dropped += 1; continue }
                newWeights.append((minute, weight.kg))
                out.weights.append(weight)
            }
            for (minute, kg) in newWeights { weightsByMinute[minute, default: []].append(kg) }
            summary.drop(sameWeighing, dropped)

            var newOthers: [AnyHashable] = []
            dropped = 0
            func keep<T: Hashable>(_ items: [T], into list: inout [T]) {
                for item in items {
                    if others.contains(AnyHashable(item)) { dropped += 1; continue }
                    newOthers.append(AnyHashable(item))
                    list.append(item)
                }
            }
            keep(export.targets, into: &out.targets)
            keep(export.todos, into: &out.todos)
            keep(export.bodyFat, into: &out.bodyFat)
            keep(export.moods, into: &out.moods)
            keep(export.skips, into: &out.skips)
            // Notes are compared by what they say, not by their file's name, which two sources may share.
            // A copy marked private in any source keeps the note private: the first copy wins
            // everything else, but never publishes what another source hides.
            var newNotes: [NoteKey: Int] = [:]
            for var note in export.notes {
                let key = NoteKey(note)
                if let kept = earlierNotes[key] {
                    dropped += 1
                    if note.isPrivate { out.notes[kept].isPrivate = true }
                    continue
                }
                note.fileName = uniqueName(note.fileName, taken: &noteNames)
                newNotes[key] = out.notes.count
                out.notes.append(note)
            }
            earlierNotes.merge(newNotes) { first, _ in first }
            others.formUnion(newOthers)
            summary.drop(sameOther, dropped)
            activity.add(export, into: &out, summary: &summary)
        }
        return (out, summary)
    }
}

/// A note compared by what it says, not by its file's name.
private struct NoteKey: Hashable {
    var note: Note
    init(_ note: Note) { self.note = note }
    static func == (a: NoteKey, b: NoteKey) -> Bool {
        a.note.title == b.note.title && a.note.date == b.note.date && a.note.body == b.note.body
    }
    func hash(into h: inout Hasher) {
        h.combine(note.title)
        h.combine(note.date)
        h.combine(note.body)
    }
}

/// A point record without its description (one source may keep a check's note, another not).
private struct PointKey: Hashable {
    var point: Int
    var type: String?
    var name: String?
    var date: Moment
    var value: Double?
    init(_ r: PointRecord) {
        point = r.point
        type = r.type
        name = r.name
        date = r.date
        value = r.value
    }
}

extension SourceMerger {
    /// The minute a weighing was made; a whole day is its own key (below any instant's range).
    static func minuteKey(_ moment: Moment) -> Int64 {
        switch moment {
        case .instant(let s): return s >= 0 ? s / 60 : (s - 59) / 60
        case .day(let d): return Int64.min / 2 + Int64(d.dayNumber)
        }
    }

    static func mergeProfile(_ into: inout Profile, _ other: Profile) {
        into.userName = into.userName ?? other.userName
        into.timeZone = into.timeZone ?? other.timeZone
        into.language = into.language ?? other.language
        into.exportedAt = into.exportedAt ?? other.exportedAt
        into.heightCm = into.heightCm ?? other.heightCm
        // A goal and its direction come from the same source.
        if into.goalWeightKg == nil { (into.goalWeightKg, into.goalDirection) = (other.goalWeightKg, other.goalDirection) }
        into.weightUnit = into.weightUnit ?? other.weightUnit
    }

    /// `tag` with what it lacks taken from `other`.
    static func filled(_ tag: Tag, from other: Tag) -> Tag {
        var t = tag
        t.describe = t.describe ?? other.describe
        t.color = t.color ?? other.color
        t.point = t.point ?? other.point
        if t.durationMinutes == 0 {
            t.hours = other.hours
            t.minutes = other.minutes
        }
        t.repeats = t.repeats ?? other.repeats
        t.created = t.created ?? other.created
        if let details = other.habit {
            var d = t.habit ?? HabitDetails()
            d.frequency = d.frequency ?? details.frequency
            d.question = d.question ?? details.question
            d.unit = d.unit ?? details.unit
            d.target = d.target ?? details.target
            d.targetKind = d.targetKind ?? details.targetKind
            d.category = d.category ?? details.category
            d.source = d.source ?? details.source
            t.habit = d
        }
        return t
    }

    /// `name`, or `name (2).md` and so on when an earlier source has a note of that name.
    static func uniqueName(_ name: String, taken: inout Set<String>) -> String {
        var candidate = name
        var n = 2
        while taken.contains(candidate) {
            let dot = name.lastIndex(of: ".") ?? name.endIndex
            candidate = String(name[..<dot]) + " (\(n))" + String(name[dot...])
            n += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
