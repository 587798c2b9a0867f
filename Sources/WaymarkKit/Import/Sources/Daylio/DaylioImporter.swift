/// Daylio's CSV export (`daylio_export.csv`): one row per entry, newest first.
///
/// Columns, read by name since they changed over the years:
/// `full_date,date,weekday,time,mood,activities,note_title,note` (newest files also have `scales`
/// before `note_title`; older ones lack `note_title`; the oldest have `year` and the day and
/// month in the phone's language, `18 May` or `7 września`, instead of `full_date`, and leave the
/// note off a row without one). Each activity becomes a habit with a check at the entry's time, the mood a
/// `MoodEntry`, and a note or note title a `Note` carrying the mood.
enum DaylioImporter {
    static let name = "Daylio (CSV export)"
    static let source = "Daylio"

    static let importer = SourceImporter.perFile(
        id: "daylio", name: name,
        howToExport: "in Daylio, More → Export Entries → CSV; the file is daylio_export.csv",
        recognises: { recognises($0) }, read: { read($0, $1) })

    /// A header with Daylio's own column names, whatever the file is called.
    static func recognises(_ file: SourceFile) -> Bool {
        let names = Set(CSVTable.headerNames(file, containing: "activities"))
        return names.isSuperset(of: ["date", "weekday", "time", "mood", "activities"])
            && (names.contains("full_date") || names.contains("year"))
    }

    static func read(_ file: SourceFile, _ context: ImportContext) -> SourcePart {
        var part = SourcePart(kind: name, files: [file.path])
        guard let table = CSVTable.read(file, diagnostics: &part.diagnostics) else { return part }
        guard let columns = Columns(table) else {
            part.diagnostics.append(.error(file.path, .lineColumn(line: 1, column: 1),
                "expected Daylio's header full_date,date,weekday,time,mood,activities,note_title,note (got \"\(Diagnostic.shorten(table.header.map(\.text).joined(separator: ",")))\")"))
            return part
        }
        var reader = DaylioEntryReader(table: table, columns: columns, zone: context.zone)
        for row in table.rows { reader.read(row) }
        part.export = reader.export
        part.diagnostics += reader.diagnostics
        if reader.scales > 0 {
            part.remarks.append("the scales column (\(reader.scales) entr\(reader.scales == 1 ? "y" : "ies") with sleep quality or the like) is not read")
        }
        return part
    }

    /// Where each column is.
    struct Columns {
        var fullDate: Int?
        var year: Int?
        var date: Int
        var time: Int
        var mood: Int
        var activities: Int
        var noteTitle: Int?
        var note: Int?
        var scales: Int?

        init?(_ table: CSVTable) {
            guard let date = table.column("date"), let time = table.column("time"), let mood = table.column("mood"),
                  let activities = table.column("activities") else { return nil }
            fullDate = table.column("full_date")
            year = table.column("year")
            guard fullDate != nil || year != nil else { return nil }
            self.date = date
            self.time = time
            self.mood = mood
            self.activities = activities
            noteTitle = table.column("note_title")
            note = table.column("note")
            scales = table.column("scales")
        }

        /// The cells a row must have: up to the last column read that is never left off (the
        /// note title, note and scales may be missing at the end of a row).
        var needed: Int {
            ([fullDate, year, date, time, mood, activities].compactMap { $0 }.max() ?? 0) + 1
        }
    }
}
