/// Reads `weights.csv`: a header naming a `date` and a `kg` column, then one weighing per row.
enum WeightsCSVDecoder {
    static let dateHeaders = ["date", "day", "time", "datetime"]
    static let kgHeaders = ["kg", "kgvalue", "weight", "weight_kg", "weightkg"]

    static func decode(_ bytes: [UInt8], file: String, zone: Zone,
                       diagnostics: inout [Diagnostic]) -> ([WeightEntry], ImportResult.FileSummary) {
        var entries: [WeightEntry] = []
        var invalid = 0
        let text: SourceText
        do {
            text = try SourceText(checking: bytes)
        } catch {
            diagnostics.append(.error(file, .lineColumn(line: error.line, column: error.column), error.message))
            return ([], .init(file: file, records: 0, invalid: 0))
        }
        let rows: [[CSVReader.Field]]
        do {
            rows = try CSVReader.parse(text.bytes)
        } catch {
            diagnostics.append(.error(file, .lineColumn(line: error.line, column: error.column), error.message))
            return ([], .init(file: file, records: 0, invalid: 0))
        }
        guard let header = rows.first else {
            diagnostics.append(.error(file, .file, "the file is empty; expected a header line \"date,kg\""))
            return ([], .init(file: file, records: 0, invalid: 0))
        }
        let names = header.map { $0.text.trimmingWhitespace().lowercased() }
        guard let dateColumn = names.firstIndex(where: dateHeaders.contains),
              let kgColumn = names.firstIndex(where: kgHeaders.contains) else {
            diagnostics.append(.error(file, .lineColumn(line: header[0].line, column: 1),
                "expected a header line naming a \"date\" and a \"kg\" column (got \"\(Diagnostic.shorten(header.map(\.text).joined(separator: ",")))\")"))
            return ([], .init(file: file, records: 0, invalid: 0))
        }
        for row in rows.dropFirst() {
            func problem(_ field: CSVReader.Field, _ message: String) {
                var d = Diagnostic.error(file, .lineColumn(line: field.line, column: field.column), message)
                d.dropsRecord = true
                diagnostics.append(d)
            }
            guard row.count > max(dateColumn, kgColumn) else {
                var d = Diagnostic.error(file, .lineColumn(line: row[0].line, column: 1),
                                         "expected \(names.count) columns (got \(row.count))")
                d.dropsRecord = true
                diagnostics.append(d)
                invalid += 1
                continue
            }
            let dateField = row[dateColumn]
            let kgField = row[kgColumn]
            var ok = true
            let date = DateTimeText.parse(dateField.text)
            if date == nil {
                problem(dateField, "not a date-time (got \"\(Diagnostic.shorten(dateField.text))\")" + DateTimeText.spanNote(dateField.text))
                ok = false
            }
            var kg: Double?
            switch NumberText.double(kgField.text) {
            case .success(let v) where (0.1...1000).contains(v): kg = v
            case .success, .failure(.notANumber), .failure(.notWhole):
                problem(kgField, "expected a weight in kilograms between 0.1 and 1000 (got \"\(Diagnostic.shorten(kgField.text))\")")
                ok = false
            case .failure(.outOfRange):
                problem(kgField, "number out of range (got \"\(Diagnostic.shorten(kgField.text))\")")
                ok = false
            }
            if ok, let date, let kg {
                entries.append(WeightEntry(date: date.moment(in: zone), kg: kg))
            } else {
                invalid += 1
            }
        }
        return (entries, .init(file: file, records: entries.count, invalid: invalid))
    }
}
