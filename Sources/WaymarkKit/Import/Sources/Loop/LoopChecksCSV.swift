/// Reads one habit's `Checkmarks.csv` of a Loop CSV export, newest day first, in either format:
///
/// - since mid-2025: a header `Date,Value,Notes`, values as words (`YES_MANUAL`, `YES_AUTO`, `NO`,
///   `SKIP`, `UNKNOWN`) or, for numerical habits, the amount × 1000;
/// - before: no header, `date,code` with the codes as numbers (2, 1, 0, 3, -1) or the amount ×
///   1000; a habit without entries has an empty file.
enum LoopChecksCSV {
    /// One day's entry.
    struct Entry {
        var day: LocalDate
        var value: Int64
        var note: String?
        /// Where the value is, for messages.
        var line: Int
        var column: Int
    }

    static func decode(_ rows: [[CSVReader.Field]], file: String, diagnostics: inout [Diagnostic]) -> [Entry] {
        var rows = rows[...]
        var valueColumn = 1
        var notesColumn: Int?
        if let first = rows.first, first.first?.text.trimmingWhitespace().lowercased() == "date" {
            let names = first.map { $0.text.trimmingWhitespace().lowercased() }
            valueColumn = names.firstIndex(of: "value") ?? 1
            notesColumn = names.firstIndex(of: "notes")
            rows = rows.dropFirst()
        }
        var entries: [Entry] = []
        for row in rows {
            func problem(_ f: CSVReader.Field, _ message: String) {
                var d = Diagnostic.error(file, .lineColumn(line: f.line, column: f.column), message)
                d.dropsRecord = true
                diagnostics.append(d)
            }
            guard let dateField = row.first else { continue }
            guard valueColumn < row.count else {
                problem(dateField, "expected a date and a value (got \"\(Diagnostic.shorten(row.map(\.text).joined(separator: ",")))\")")
                continue
            }
            guard case .day(let day)? = DateTimeText.parse(dateField.text) else {
                problem(dateField, "not a date yyyy-MM-dd (got \"\(Diagnostic.shorten(dateField.text))\")")
                continue
            }
            let valueField = row[valueColumn]
            let text = valueField.text.trimmingWhitespace()
            var value = LoopEntry.code(label: text)
            if value == nil, case .success(let n) = NumberText.integer(text, limit: 1 << 53) { value = Int64(n) }
            guard let value else {
                problem(valueField, "expected YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN or a number (got \"\(Diagnostic.shorten(valueField.text))\")")
                continue
            }
            let note = notesColumn.flatMap { $0 < row.count ? row[$0].text.replacing("\r\n", with: "\n") : nil }
            entries.append(Entry(day: day, value: value, note: note, line: valueField.line, column: valueField.column))
        }
        return entries
    }
}
