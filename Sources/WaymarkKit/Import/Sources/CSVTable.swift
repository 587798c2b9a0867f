/// A CSV file with a header line, of one of the formats read whole (Daylio, HabitBull, the
/// generic CSVs, Google Fit, Withings, openScale): these hold one row per entry, weighing or
/// habit and day (a decade is a few MB). The encoding is checked and problems become diagnostics.
struct CSVTable {
    /// The largest file read: a decade of Daylio entries with long notes is a few MB, a HabitBull
    /// export with ten habits over ten years about 2 MB. Reading whole costs about three times
    /// the size on real data (bytes, checked text, fields) but up to 35 times on a file of empty
    /// fields (63 MiB of commas took 2.2 GB), so this stays well under the 1 GiB that Waymark's
    /// own JSON files may weigh.
    static let sizeLimit = 64 << 20

    /// The header's cells, trimmed and lower-cased.
    var names: [String]
    /// The header row as written.
    var header: [CSVReader.Field]
    /// The rows after the header.
    var rows: ArraySlice<[CSVReader.Field]>
    var file: String

    /// The table of `file`, or nil (with an error in `diagnostics`) when it cannot be read as CSV
    /// with a header line.
    static func read(_ file: SourceFile, diagnostics: inout [Diagnostic]) -> CSVTable? {
        guard let text = file.text(limit: sizeLimit, diagnostics: &diagnostics) else { return nil }
        let rows: [[CSVReader.Field]]
        do {
            rows = try CSVReader.parse(text.bytes)
        } catch {
            diagnostics.append(.error(file.path, .lineColumn(line: error.line, column: error.column), error.message))
            return nil
        }
        guard let header = rows.first else {
            diagnostics.append(.error(file.path, .file, "the file is empty; expected a header line"))
            return nil
        }
        if let wide = rows.firstIndex(where: { $0.count > maxFields }) {
            return read(file, header: header, dropping: wide, from: rows, diagnostics: &diagnostics)
        }
        return CSVTable(names: header.map { $0.text.trimmingWhitespace().lowercased() }, header: header,
                             rows: rows.dropFirst(), file: file.path)
    }

    /// The most fields a row may have: as many as a spreadsheet has columns (Excel's and
    /// LibreOffice's 16,384), far beyond any export's header. A row past it is damaged, or made
    /// to cost, even when the extra fields are empty.
    static let maxFields = 16_384

    /// The table without its rows of more than `maxFields` fields (the first is at `first`), each
    /// an error at the field past the limit that drops the row; a header that wide is the file's.
    private static func read(_ file: SourceFile, header: [CSVReader.Field], dropping first: Int, from rows: [[CSVReader.Field]],
                             diagnostics: inout [Diagnostic]) -> CSVTable? {
        func message(_ what: String, _ row: [CSVReader.Field]) -> String {
            "\(what) has \(row.count) fields, more than a spreadsheet has columns (\(maxFields))"
        }
        guard first > 0 else {
            diagnostics.append(.error(file.path, .lineColumn(line: header[maxFields].line, column: header[maxFields].column),
                                      message("the header", header) + "; this is not an export Waymark reads"))
            return nil
        }
        var kept: [[CSVReader.Field]] = [header]
        for row in rows.dropFirst() {
            guard row.count > maxFields else { kept.append(row); continue }
            var d = Diagnostic.error(file.path, .lineColumn(line: row[maxFields].line, column: row[maxFields].column),
                                     message("the row", row) + " where the header has \(header.count); the row is not read")
            d.dropsRecord = true
            diagnostics.append(d)
        }
        return CSVTable(names: header.map { $0.text.trimmingWhitespace().lowercased() }, header: header,
                        rows: kept.dropFirst(), file: file.path)
    }

    /// The names in the first line of `file` (trimmed, lower-cased), for recognising a format by
    /// its header; empty when the first line is not CSV or lacks `needle` (lower-case ASCII), which
    /// is looked for in the bytes first: detection asks every file of a big folder.
    static func headerNames(_ file: SourceFile, containing needle: String) -> [String] {
        let head = file.head
        let end = head.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? head.endIndex
        let wanted = Array(needle.utf8)
        guard !wanted.isEmpty, end >= wanted.count else { return [] }
        let found = (0...(end - wanted.count)).contains { start in
            wanted.indices.allSatisfy { k in
                let b = head[start + k]
                return (b >= 0x41 && b <= 0x5A ? b + 0x20 : b) == wanted[k]
            }
        }
        guard found, let row = file.firstLineCells else { return [] }
        return row.map { $0.trimmingWhitespace().lowercased() }
    }

    /// The column named `name`, if the header has it.
    func column(_ name: String) -> Int? { names.firstIndex(of: name) }

    /// Whether `row` has the cells to read: at least `needed` of them, and nothing but empty cells
    /// past the header's columns. Otherwise an error that drops the row is added.
    func checkShape(_ row: [CSVReader.Field], needed: Int, diagnostics: inout [Diagnostic]) -> Bool {
        let line = row.first?.line ?? 1
        if row.count < needed {
            diagnostics.append(dropping(.lineColumn(line: line, column: 1),
                                        "expected \(names.count) fields as in the header (got \(row.count))"))
            return false
        }
        if row.count > names.count, let extra = row[names.count...].first(where: { !$0.text.trimmingWhitespace().isEmpty }) {
            diagnostics.append(dropping(.lineColumn(line: extra.line, column: extra.column),
                                        "more fields than the header's \(names.count) (got \(row.count); the extra one holds \"\(Diagnostic.shorten(extra.text))\")"))
            return false
        }
        return true
    }

    /// The trimmed text of cell `column` of `row`; empty when the row is short.
    func text(_ row: [CSVReader.Field], _ column: Int?) -> String {
        guard let column, column < row.count else { return "" }
        return row[column].text.trimmingWhitespace()
    }

    /// Diagnostics in the order of the lines they are about (a second pass over the rows finds
    /// some problems later than the first).
    static func sortedByLine(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        func line(_ d: Diagnostic) -> Int {
            switch d.location {
            case .line(let n), .lineColumn(let n, _): return n
            default: return 0
            }
        }
        return diagnostics.enumerated().sorted { (line($0.element), $0.offset) < (line($1.element), $1.offset) }.map(\.element)
    }

    /// An error about one row, which `--skip-invalid` may drop.
    func dropping(_ location: Diagnostic.Location, _ message: String) -> Diagnostic {
        var d = Diagnostic.error(file, location, message)
        d.dropsRecord = true
        return d
    }

    /// An error about a cell, quoting it.
    func bad(_ field: CSVReader.Field, _ message: String) -> Diagnostic {
        dropping(.lineColumn(line: field.line, column: field.column), "\(message) (got \"\(Diagnostic.shorten(field.text))\")")
    }

    /// An error about a cell that is not a date, quoting it, and saying so when it is refused
    /// only because its offset moves it out of years 1 to 9999 in UTC.
    func badDate(_ field: CSVReader.Field, _ message: String) -> Diagnostic {
        dropping(.lineColumn(line: field.line, column: field.column),
                 "\(message) (got \"\(Diagnostic.shorten(field.text))\")" + DateTimeText.spanNote(field.text))
    }
}
