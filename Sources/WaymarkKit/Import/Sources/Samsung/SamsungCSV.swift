/// One of Samsung Health's CSV files: line 1 names the data type and its versions
/// (`com.samsung.health.weight,6320001,12`), line 2 is the header, whose names may carry the type
/// as a prefix (`com.samsung.health.weight.start_time`) and are matched on what follows its last
/// dot; rows end with a comma, one field more than the header.
struct SamsungCSV {
    /// The data type of line 1.
    var type: String
    /// The header's names, the type prefix left off.
    var names: [String]
    var rows: ArraySlice<[CSVReader.Field]>

    /// The data type a file's first line names, when it is Samsung's.
    static func type(of file: SourceFile) -> String? {
        guard let row = file.firstLineCells, row.count >= 2,
              case let type = row[0].trimmingWhitespace(), type.hasPrefix("com.samsung."),
              row.dropFirst().allSatisfy({ $0.trimmingWhitespace().allSatisfy(\.isNumber) }) else { return nil }
        return type
    }

    static func read(_ file: SourceFile, diagnostics: inout [Diagnostic]) -> SamsungCSV? {
        let rows: [[CSVReader.Field]]
        do {
            let text = try SourceText(checking: try file.readAll(limit: CSVTable.sizeLimit))
            rows = try CSVReader.parse(text.bytes)
        } catch let error as SourceError {
            diagnostics.append(.error(file.path, .file, error.message, category: error.category))
            return nil
        } catch let error as SourceText.EncodingError {
            diagnostics.append(.error(file.path, .lineColumn(line: error.line, column: error.column), error.message))
            return nil
        } catch let error as CSVReader.SyntaxError {
            diagnostics.append(.error(file.path, .lineColumn(line: error.line, column: error.column), error.message))
            return nil
        } catch {
            diagnostics.append(.error(file.path, .file, "cannot be read: \(error)"))
            return nil
        }
        guard rows.count >= 2, let type = rows[0].first?.text.replacing("\u{FEFF}", with: "").trimmingWhitespace() else {
            diagnostics.append(.error(file.path, .file, "expected Samsung's line naming the data type, then a header"))
            return nil
        }
        let names = rows[1].map { cell -> String in
            let name = cell.text.trimmingWhitespace().lowercased()
            return name.split(separator: ".").last.map(String.init) ?? name
        }
        return SamsungCSV(type: type, names: names, rows: rows.dropFirst(2))
    }

    func column(_ name: String) -> Int? { names.firstIndex(of: name) }

    /// `2022-07-31 13:00:00.000` as Samsung writes it, in UTC; or epoch milliseconds.
    static func instant(_ text: String) -> Int64? {
        if let parsed = DateTimeText.parse(text), case .instant(let s) = parsed.moment(in: .utc) { return s }
        guard case .success(let ms) = NumberText.integer(text, limit: 1 << 50) else { return nil }
        return Int64(ms) / 1000
    }
}
