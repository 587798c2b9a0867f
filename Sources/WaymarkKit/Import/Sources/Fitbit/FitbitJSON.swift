/// Reading one of Fitbit's JSON files whole: an array, or an error with its place.
enum FitbitJSON {
    static let maxSize = 64 << 20

    static func array(_ file: SourceFile, diagnostics: inout [Diagnostic]) -> [JSONValue]? {
        let raw: [UInt8]
        do {
            raw = try file.readAll(limit: maxSize)
        } catch {
            diagnostics.append(.error(file.path, .file, error.message, category: error.category))
            return nil
        }
        let text: SourceText
        do {
            text = try SourceText(checking: raw)
        } catch {
            diagnostics.append(.error(file.path, .lineColumn(line: error.line, column: error.column), error.message))
            return nil
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(text.bytes)
        } catch {
            let (line, column) = SourceText.lineColumn(of: error.offset, in: text.bytes)
            diagnostics.append(.error(file.path, .lineColumn(line: line, column: column), error.message))
            return nil
        }
        guard case .array(let elements) = value else {
            diagnostics.append(.error(file.path, .jsonPath(JSONPath()), "expected an array (got \(value.kindDescription))"))
            return nil
        }
        return elements
    }
}
