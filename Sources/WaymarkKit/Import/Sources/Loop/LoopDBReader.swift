/// Reads the `Habits` and `Repetitions` tables of a Loop Habit Tracker backup, whatever its schema
/// version: columns are looked up by name, since each version added some (uhabits' migrations):
/// 16 `Repetitions.value` and `Habits.type`, 18 `unit` and the target, 23 `question` (the
/// question moves out of `description`), 24 `uuid`, 25 `Repetitions.notes`.
struct LoopDBReader {
    /// The newest schema version this reader was written against (uhabits' DATABASE_VERSION).
    static let knownVersion: Int64 = 25
    static let orphan = "entries of habits missing from the Habits table (Loop deletes them too)"
    static let undated = "entries without a date or habit (Loop deletes them too)"
    static let unreadHabit = "entries of habits that could not be read"
    static let dayMilliseconds: Int64 = 86_400_000

    let database: SQLiteDatabase
    /// The file, for messages.
    let file: String

    /// One habit as read, with what its entries need.
    private struct Habit {
        var name: String
        var numerical: Bool
    }

    /// One row of `Repetitions`.
    private struct Row {
        var rowid: Int64
        var day: LocalDate
        var value: Int64
        var note: String?
    }

    func read(into builder: inout LoopPartBuilder) throws(SQLiteDatabase.Failure) {
        let version = try database.userVersion()
        builder.part.remarks.append("backup of schema version \(version) (PRAGMA user_version)")
        if version > Self.knownVersion {
            builder.part.diagnostics.append(.warning(file, .file,
                "schema version \(version) is newer than the versions Waymark knows (up to \(Self.knownVersion)); read by column names"))
        }
        let habits = try readHabits(version: version, into: &builder)
        try readRepetitions(habits: habits, into: &builder)
    }

    /// The habits by their `id`; nil for a habit that could not be read.
    private func readHabits(version: Int64, into builder: inout LoopPartBuilder) throws(SQLiteDatabase.Failure) -> [(id: Int64, habit: Habit?)] {
        let columns = Set(try database.columns(of: "Habits"))
        guard columns.contains("name") else {
            throw SQLiteDatabase.Failure(message: "its Habits table has no name column, so it is not a Loop Habit Tracker backup", code: 0)
        }
        let wanted = ["name", "description", "question", "freq_num", "freq_den", "color", "archived", "type",
                      "target_type", "target_value", "unit"]
        let select = wanted.map { columns.contains($0) ? "\"\($0)\"" : "NULL" }.joined(separator: ", ")
        let key = columns.contains("id") ? "\"id\"" : "rowid"
        let order = columns.contains("position") ? "\"position\", \(key)" : key
        let statement = try database.prepare("SELECT rowid, \(key), \(select) FROM Habits ORDER BY \(order)")
        var habits: [(id: Int64, habit: Habit?)] = []
        while try statement.step() {
            guard case .integer(let rowid) = statement.value(0) else { continue }
            let v = { (i: Int) in statement.value(Int32(i + 2)) }
            func warn(_ message: String) { builder.part.diagnostics.append(.warning(file, .row(table: "Habits", id: rowid), message)) }
            guard let id = Self.integer(statement.value(1)) else {
                var d = Diagnostic.error(file, .row(table: "Habits", id: rowid), "the habit's id is not a number (\(Self.quote(statement.value(1)))); skipped")
                d.dropsRecord = true
                builder.part.diagnostics.append(d)
                continue
            }
            guard let name = Self.text(v(0))?.trimmingWhitespace(), !name.isEmpty else {
                var d = Diagnostic.error(file, .row(table: "Habits", id: rowid), "the habit has no name; skipped with its entries")
                d.dropsRecord = true
                builder.part.diagnostics.append(d)
                habits.append((id, nil))
                continue
            }
            var details = HabitDetails(source: LoopPartBuilder.source)
            // Before version 23 the description field held the question (migration 23 moves it).
            let description = Self.text(v(1)).flatMap(Self.nonEmpty)
            var describe: String?
            if columns.contains("question") {
                details.question = Self.text(v(2)).flatMap(Self.nonEmpty)
                describe = description
            } else {
                details.question = description
            }
            let numerator = Self.integer(v(3)).flatMap { Int(exactly: $0) }
            let denominator = Self.integer(v(4)).flatMap { Int(exactly: $0) }
            if let numerator, let denominator, let frequency = Frequency(numerator: numerator, denominator: denominator) {
                details.frequency = frequency
            } else if v(3) != .null || v(4) != .null {
                warn("the frequency \(Self.quote(v(3))) in \(Self.quote(v(4))) days is not valid; left out")
            }
            var color: Color?
            if let stored = Self.integer(v(5)) {
                color = LoopPalette.color(stored: stored, schemaVersion: version)
                if color == nil { warn("colour \(stored) is not one of Loop's colours; left out") }
            }
            details.archived = (Self.integer(v(6)) ?? 0) != 0
            let type = Self.integer(v(7)) ?? 0
            if type != 0 && type != 1 { warn("habit type \(type) is unknown (0 is yes/no, 1 numerical); read as yes/no") }
            let numerical = type == 1
            if numerical {
                // A numerical habit always has a unit, if only an empty one: nil means yes/no.
                details.unit = Self.text(v(10)) ?? ""
                switch Self.integer(v(8)) {
                case 0?: details.targetKind = .atLeast
                case 1?: details.targetKind = .atMost
                default: warn("target type \(Self.quote(v(8))) is unknown (0 is at least, 1 at most); left out")
                }
                switch v(9) {
                case .integer(let n): details.target = Double(n)
                case .real(let d) where d.isFinite: details.target = d
                default: warn("target \(Self.quote(v(9))) is not a number; left out")
                }
            }
            let tag = Tag(name: name, describe: describe, color: color, habit: details)
            habits.append((id, Habit(name: builder.add(tag), numerical: numerical)))
        }
        return habits
    }

    private func readRepetitions(habits: [(id: Int64, habit: Habit?)], into builder: inout LoopPartBuilder) throws(SQLiteDatabase.Failure) {
        let columns = Set(try database.columns(of: "Repetitions"))
        guard columns.contains("habit"), columns.contains("timestamp") else {
            throw SQLiteDatabase.Failure(message: "its Repetitions table has no habit or timestamp column, so it is not a Loop Habit Tracker backup", code: 0)
        }
        // Before version 16 there is no value column: every row is a check made by hand.
        let value = columns.contains("value") ? "\"value\"" : "2"
        let notes = columns.contains("notes") ? "\"notes\"" : "NULL"
        let statement = try database.prepare("SELECT rowid, \"habit\", \"timestamp\", \(value), \(notes) FROM Repetitions")
        var index: [Int64: Int] = [:]
        for (i, entry) in habits.enumerated() where index[entry.id] == nil { index[entry.id] = i }
        var rows = [[Row]](repeating: [], count: habits.count)
        var offMidnight = 0
        while try statement.step() {
            guard case .integer(let rowid) = statement.value(0) else { continue }
            func problem(_ message: String) {
                var d = Diagnostic.error(file, .row(table: "Repetitions", id: rowid), message)
                d.dropsRecord = true
                builder.part.diagnostics.append(d)
            }
            guard let habitID = Self.integer(statement.value(1)), let milliseconds = Self.integer(statement.value(2)) else {
                builder.part.drop(Self.undated)
                continue
            }
            guard let i = index[habitID] else {
                builder.part.drop(Self.orphan)
                continue
            }
            guard habits[i].habit != nil else {
                builder.part.drop(Self.unreadHabit)
                continue
            }
            // Milliseconds at UTC midnight of the local day: the day is the UTC date.
            let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: Self.dayMilliseconds)
            let dayNumber = remainder < 0 ? quotient - 1 : quotient
            if remainder != 0 { offMidnight += 1 }
            guard let day = Self.day(dayNumber) else {
                problem("timestamp \(milliseconds) is not a date between the years 1 and 9999")
                continue
            }
            guard let entry = Self.integer(statement.value(3)) else {
                problem("value \(Self.quote(statement.value(3))) is not a number")
                continue
            }
            let note = Self.text(statement.value(4))
            rows[i].append(Row(rowid: rowid, day: day, value: entry, note: note))
        }
        if offMidnight > 0 {
            builder.part.remarks.append("\(offMidnight) timestamp\(offMidnight == 1 ? " is" : "s are") not at midnight UTC; read as the UTC day \(offMidnight == 1 ? "it falls" : "they fall") on")
        }
        for (i, entry) in habits.enumerated() {
            guard let habit = entry.habit else { continue }
            // By day, and on one day the lowest row id first: the one Loop's migration 22 keeps.
            for row in rows[i].sorted(by: { ($0.day.dayNumber, $0.rowid) < ($1.day.dayNumber, $1.rowid) }) {
                if !builder.add(value: row.value, habit: habit.name, numerical: habit.numerical, day: row.day, note: row.note) {
                    var d = Diagnostic.error(file, .row(table: "Repetitions", id: row.rowid),
                        "value \(row.value) is not one of Loop's codes for a yes/no habit (2 done, 1 automatic, 0 not done, 3 skipped, -1 unknown)")
                    d.dropsRecord = true
                    builder.part.diagnostics.append(d)
                }
            }
        }
    }

    /// The day `dayNumber` days after 1970-01-01, if it lies in years 1 to 9999.
    static func day(_ dayNumber: Int64) -> LocalDate? {
        guard dayNumber >= -719_162, dayNumber <= 2_932_896, let n = Int(exactly: dayNumber) else { return nil }
        return LocalDate(dayNumber: n)
    }

    static func integer(_ value: SQLiteStatement.Value) -> Int64? {
        switch value {
        case .integer(let n): return n
        case .real(let d): return d.rounded() == d ? Int64(exactly: d) : nil
        case .text(let s):
            guard case .success(let n) = NumberText.integer(s, limit: 1 << 53) else { return nil }
            return Int64(n)
        default: return nil
        }
    }

    static func text(_ value: SQLiteStatement.Value) -> String? {
        switch value {
        case .text(let s): return s
        case .integer(let n): return String(n)
        case .real(let d): return String(d)
        default: return nil
        }
    }

    static func nonEmpty(_ s: String) -> String? { s.trimmingWhitespace().isEmpty ? nil : s }

    /// A value as messages quote it.
    static func quote(_ value: SQLiteStatement.Value) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let n): return String(n)
        case .real(let d): return String(d)
        case .text(let s): return "\"\(Diagnostic.shorten(s))\""
        case .blob(let n): return "a blob of \(n) bytes"
        }
    }
}
