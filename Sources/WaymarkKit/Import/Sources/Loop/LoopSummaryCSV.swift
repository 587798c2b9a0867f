/// Reads the `Checkmarks.csv` beside `Habits.csv` in a Loop CSV export: the date, then one value
/// per habit in the order of Habits.csv, each followed by a comma (so rows end with one), newest
/// day first (Loop's `HabitsCSVExporter.writeMultipleHabits`). Values are the same codes or words
/// as in the per-habit files.
///
/// It is read for habits without a folder of their own: an export with only the three top-level
/// files (`Habits.csv`, `Checkmarks.csv`, `Scores.csv`) holds its entries nowhere else. Columns go
/// to habits by order, since the header does not quote names (a name with a comma spans two
/// header cells), and a header name that is not the habit's is said.
enum LoopSummaryCSV {
    /// Each habit's entries, by its position in `habits`.
    static func decode(_ rows: [[CSVReader.Field]], habits: [LoopHabitsCSV.Habit], file: String,
                       diagnostics: inout [Diagnostic]) -> [Int: [LoopChecksCSV.Entry]] {
        guard let header = rows.first, header.first?.text.trimmingWhitespace().lowercased() == "date" else {
            diagnostics.append(.warning(file, .line(1), "expected a header starting with Date and the habits' names; not read"))
            return [:]
        }
        var names = header.dropFirst().map { $0.text.trimmingWhitespace() }
        if names.last == "" { names.removeLast() }
        // The number of habits the rows hold: their cells less the date and the trailing comma's.
        let width = rows.dropFirst().first.map { row in row.count - 1 - (row.last?.text.trimmingWhitespace().isEmpty == true ? 1 : 0) }
        let columns = width ?? names.count
        guard columns == habits.count else {
            diagnostics.append(.warning(file, .line(1),
                "has \(columns) habit column\(columns == 1 ? "" : "s") where Habits.csv has \(habits.count) habit\(habits.count == 1 ? "" : "s"); not read, since its columns cannot be matched to the habits"))
            return [:]
        }
        if names.count == habits.count {
            for (i, habit) in habits.enumerated() {
                guard let expected = habit.tag?.name, names[i] != expected else { continue }
                diagnostics.append(.warning(file, .lineColumn(line: header[i + 1].line, column: header[i + 1].column),
                    "column \(i + 2) is “\(Diagnostic.shorten(names[i]))” where Habits.csv's habit \(i + 1) is “\(Diagnostic.shorten(expected))”; read as that habit, by order"))
            }
        }
        var entries: [Int: [LoopChecksCSV.Entry]] = [:]
        for row in rows.dropFirst() {
            guard let dateField = row.first, !(row.count == 1 && dateField.text.trimmingWhitespace().isEmpty) else { continue }
            func problem(_ f: CSVReader.Field, _ message: String) {
                var d = Diagnostic.error(file, .lineColumn(line: f.line, column: f.column), message)
                d.dropsRecord = true
                diagnostics.append(d)
            }
            guard case .day(let day)? = DateTimeText.parse(dateField.text) else {
                problem(dateField, "not a date yyyy-MM-dd (got \"\(Diagnostic.shorten(dateField.text))\")")
                continue
            }
            for i in habits.indices {
                guard i + 1 < row.count else {
                    problem(dateField, "expected \(habits.count) values after the date (got \(row.count - 1))")
                    break
                }
                let field = row[i + 1]
                let text = field.text.trimmingWhitespace()
                var value = LoopEntry.code(label: text)
                if value == nil, case .success(let n) = NumberText.integer(text, limit: 1 << 53) { value = Int64(n) }
                guard let value else {
                    problem(field, "expected YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN or a number (got \"\(Diagnostic.shorten(field.text))\")")
                    continue
                }
                entries[i, default: []].append(LoopChecksCSV.Entry(day: day, value: value, note: nil, line: field.line, column: field.column))
            }
        }
        return entries
    }
}
