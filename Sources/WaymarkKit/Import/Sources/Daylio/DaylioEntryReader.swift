/// Maps the rows of a Daylio export to the model, one entry at a time.
struct DaylioEntryReader {
    let table: CSVTable
    let columns: DaylioImporter.Columns
    let zone: Zone
    var export = Export()
    var diagnostics: [Diagnostic] = []
    /// Entries with something in the scales column, which is not read.
    var scales = 0
    /// Habits by name, to add each activity once.
    private var habits: Set<String> = []
    /// For each note name's base (day and minute), the number the next note of that minute gets.
    private var nextNumber: [String: Int] = [:]
    /// Names looked up while naming notes: one per note (a test holds it to that).
    private(set) var nameLookups = 0

    init(table: CSVTable, columns: DaylioImporter.Columns, zone: Zone) {
        self.table = table
        self.columns = columns
        self.zone = zone
    }

    mutating func read(_ row: [CSVReader.Field]) {
        // The note is last and optional: old exports leave it off a row with none (`…,dobrze,""`).
        guard table.checkShape(row, needed: columns.needed, diagnostics: &diagnostics) else { return }
        let day = self.day(row)
        let timeField = row[columns.time]
        let time = DaylioClock.time(timeField.text)
        if time == nil {
            diagnostics.append(table.bad(timeField, "not a time such as 21:30 or 9:30 PM"))
        }
        guard let day, let time, let wall = LocalDateTime(date: day, hour: time.hour, minute: time.minute, second: 0) else { return }
        let instant = zone.instant(of: wall)

        let mood = DaylioNoteText.plainText(table.text(row, columns.mood))
        if mood.isEmpty {
            diagnostics.append(.warning(table.file, .lineColumn(line: row[columns.mood].line, column: row[columns.mood].column),
                                        "the entry has no mood; its activities and note are kept"))
        } else {
            export.moods.append(MoodEntry(date: .instant(instant), mood: mood))
        }

        var seen: Set<String> = []
        for activity in activities(table.text(row, columns.activities)) where seen.insert(activity).inserted {
            if habits.insert(activity).inserted {
                export.tags.append(Tag(name: activity, habit: HabitDetails(source: DaylioImporter.source)))
            }
            export.points.append(PointRecord(point: 0, type: "tag", name: activity, date: .instant(instant)))
        }

        if !table.text(row, columns.scales).isEmpty { scales += 1 }

        let title = DaylioNoteText.plainText(table.text(row, columns.noteTitle))
        let body = columns.note.flatMap { $0 < row.count ? DaylioNoteText.markdown(row[$0].text) : nil } ?? ""
        if !title.isEmpty || !body.isEmpty {
            let stamp = "\(day) \(pad(time.hour, 2)):\(pad(time.minute, 2))"
            let fileName = uniqueName("daylio/\(day) \(pad(time.hour, 2))\(pad(time.minute, 2))")
            export.notes.append(Note(fileName: fileName, title: title.isEmpty ? stamp : title, date: .instant(instant),
                                     mood: mood.isEmpty ? nil : mood, body: body))
        }
    }

    /// The entry's day from `full_date`, or from `year` and `date` in the oldest exports.
    private mutating func day(_ row: [CSVReader.Field]) -> LocalDate? {
        if let column = columns.fullDate {
            let field = row[column]
            if let day = DaylioClock.fullDate(field.text) { return day }
            diagnostics.append(table.bad(field, "not a date such as 2023-05-01"))
            return nil
        }
        guard let yearColumn = columns.year else { return nil }
        let field = row[columns.date]
        if let day = DaylioClock.date(year: row[yearColumn].text, dayAndMonth: field.text) { return day }
        diagnostics.append(table.dropping(.lineColumn(line: field.line, column: field.column),
            "not a date such as 18 May or 7 września with the year 2018 (got \"\(Diagnostic.shorten(field.text))\" and year \"\(Diagnostic.shorten(row[yearColumn].text))\")"))
        return nil
    }

    /// The activities of an entry: Daylio separates them with ` | `; names are trimmed.
    private func activities(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        return text.split(separator: " | ").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// `base.md`, or `base (2).md` and so on for the second entry at the same minute. Each base
    /// remembers the number its next note gets, so the thousandth entry of one minute is named
    /// without trying the 999 names before it. A base is a day and a minute, never ending in
    /// ` (n)`, so the numbered names of one base are no other base's.
    private mutating func uniqueName(_ base: String) -> String {
        let n = nextNumber[base, default: 1]
        nameLookups += 1
        nextNumber[base] = n + 1
        return n == 1 ? base + ".md" : base + " (\(n)).md"
    }
}
