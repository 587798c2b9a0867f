/// A CSV file of weighings (Google Fit, Withings, openScale, the generic weights CSV): its header
/// and its rows, each cell with its line and column for messages.
///
/// Read whole through `CSVTable`, which refuses a file over its `sizeLimit`.
struct WeighingCSV {
    /// The header's names, trimmed and lower-cased.
    var names: [String]
    /// The header's cells as written (for messages).
    var header: [CSVReader.Field]
    /// The rows after the header; blank lines are skipped.
    var rows: [[CSVReader.Field]]

    /// The header of a file from its first bytes, for recognising it: names trimmed and
    /// lower-cased, or nil when the first line is not CSV.
    static func headerNames(of file: SourceFile) -> [String]? {
        file.firstLineCells?.map { $0.trimmingWhitespace().lowercased() }
    }

    /// The header as written (quotes removed, spaces trimmed), case kept.
    static func headerCells(of file: SourceFile) -> [String]? {
        file.firstLineCells?.map { $0.trimmingWhitespace() }
    }

    /// Reads `file`; on failure adds an error naming the file (and the line) to `part` and returns nil.
    static func read(_ file: SourceFile, into part: inout SourcePart) -> WeighingCSV? {
        guard let table = CSVTable.read(file, diagnostics: &part.diagnostics) else { return nil }
        return WeighingCSV(names: table.names, header: table.header, rows: Array(table.rows))
    }

    /// The first column whose lower-cased name is `name`.
    func column(_ name: String) -> Int? { names.firstIndex(of: name) }

    /// The cell of `row` in `column`, trimmed; nil when the row is too short or the cell empty.
    static func cell(_ row: [CSVReader.Field], _ column: Int?) -> CSVReader.Field? {
        guard let column, column < row.count else { return nil }
        var field = row[column]
        field.text = field.text.trimmingWhitespace()
        return field.text.isEmpty ? nil : field
    }

    /// An error about one cell that drops its row.
    static func rowError(_ file: SourceFile, _ field: CSVReader.Field, _ message: String) -> Diagnostic {
        var d = Diagnostic.error(file.path, .lineColumn(line: field.line, column: field.column), message)
        d.dropsRecord = true
        return d
    }

    /// An error about a whole row (a missing cell) that drops it.
    static func rowError(_ file: SourceFile, line: Int, _ message: String) -> Diagnostic {
        var d = Diagnostic.error(file.path, .line(line), message)
        d.dropsRecord = true
        return d
    }

    /// Why a cell is not a number, quoting it.
    struct NotANumber: Error {
        var message: String
    }

    /// A number in a cell, or why it is not one.
    static func number(_ field: CSVReader.Field) -> Result<Double, NotANumber> {
        switch NumberText.double(field.text) {
        case .success(let value): return .success(value)
        case .failure(.outOfRange): return .failure(NotANumber(message: "number out of range (got \"\(Diagnostic.shorten(field.text))\")"))
        case .failure: return .failure(NotANumber(message: "not a number (got \"\(Diagnostic.shorten(field.text))\")"))
        }
    }
}
