/// Collects what a Loop backup or CSV export holds into a `SourcePart`, the same way for both:
/// habits become tags (worth no points: Loop has none), manual checks and numerical entries
/// (0 included) become point records, skips become `HabitDay`s, and a note written on a day that
/// is not a completion becomes a `Note`.
struct LoopPartBuilder {
    static let source = "Loop Habit Tracker"
    static let automatic = "automatic checks (implied by the frequency) are not completions"
    static let no = "days marked NO (not done) are not completions"
    static let unknown = "days marked UNKNOWN (no answer) are not completions"
    static let duplicate = "a second entry for the same habit and day (the first is kept)"

    var part: SourcePart
    /// Habit names given out so far.
    private var names = Set<String>()
    /// Days already holding an entry, per habit name.
    private var days: [String: Set<Int>] = [:]
    private var noteNames = Set<String>()

    init(kind: String, files: [String]) {
        part = SourcePart(kind: kind, files: files)
    }

    /// Adds a habit and returns the name its records go by: its own, or "Vegan (2)" for the
    /// second of two habits with one name (Loop allows that; Waymark links records by name).
    mutating func add(_ tag: Tag) -> String {
        var tag = tag
        let base = tag.name ?? ""
        var name = base
        var n = 2
        while names.contains(name) {
            name = "\(base) (\(n))"
            n += 1
        }
        if name != base {
            part.remarks.append("two habits are called “\(Diagnostic.shorten(base))”: the later one is read as “\(Diagnostic.shorten(name))”")
        }
        names.insert(name)
        tag.name = name
        part.export.tags.append(tag)
        return name
    }

    /// Adds one day's entry of `habit`; false when the value means nothing for the habit (the
    /// caller reports it where it was read).
    mutating func add(value: Int64, habit: String, numerical: Bool, day: LocalDate, note: String?) -> Bool {
        let meaning = LoopEntry.meaning(of: value, numerical: numerical)
        if meaning == .invalid { return false }
        guard days[habit, default: []].insert(day.dayNumber).inserted else {
            part.drop(Self.duplicate)
            return true
        }
        let note = note.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
        switch meaning {
        case .completion(let amount):
            part.export.points.append(PointRecord(point: 0, type: "tag", name: habit, describe: note, date: .day(day), value: amount))
            return true
        case .skip: part.export.skips.append(HabitDay(habit: habit, day: day))
        case .automatic: part.drop(Self.automatic)
        case .no: part.drop(Self.no)
        case .unknown: part.drop(Self.unknown)
        case .zero:
            // "None of it" is a known entry, unlike a day left blank: a done day for an at-most
            // habit, a day entered but short for an at-least one. It earns no point.
            part.export.points.append(PointRecord(point: 0, type: "tag", name: habit, describe: note, date: .day(day), value: 0))
            return true
        case .invalid: return false
        }
        if let note { addNote(note, habit: habit, day: day) }
        return true
    }

    /// A note Loop keeps on a day that is not a completion ("Sick" on a NO day) is kept as a note
    /// of the habit, dated that day.
    private mutating func addNote(_ text: String, habit: String, day: LocalDate) {
        // File names only need to be unique and harmless; the habit name is kept readable.
        let safe = String(habit.unicodeScalars.map { $0.value < 0x20 || "/\\:".unicodeScalars.contains($0) ? "-" : Character($0) })
        var fileName = "\(safe) \(day).md"
        var n = 2
        while noteNames.contains(fileName) {
            fileName = "\(safe) \(day) (\(n)).md"
            n += 1
        }
        noteNames.insert(fileName)
        part.export.notes.append(Note(fileName: fileName, title: habit, date: .day(day), tag: habit, body: text))
    }

    /// The part, with how many records of each kind were read noted.
    func finish() -> SourcePart {
        var part = part
        let notes = part.export.notes.count
        if notes > 0 {
            part.remarks.append("\(notes) note\(notes == 1 ? "" : "s") on days that are not completions kept as notes of their habit")
        }
        return part
    }
}
