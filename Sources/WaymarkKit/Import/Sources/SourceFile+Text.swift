extension SourceFile {
    /// The whole file as checked UTF-8 text, read up to `limit` bytes; nil, with an error in
    /// `diagnostics`, when it cannot be read (at the file) or is not UTF-8 (at the line and column
    /// of the first bad byte). The importers that read a file whole all start here.
    func text(limit: Int, diagnostics: inout [Diagnostic]) -> SourceText? {
        let raw: [UInt8]
        do {
            raw = try readAll(limit: limit)
        } catch {
            diagnostics.append(.error(path, .file, error.message, category: error.category))
            return nil
        }
        do {
            return try SourceText(checking: raw)
        } catch {
            diagnostics.append(.error(path, .lineColumn(line: error.line, column: error.column), error.message))
            return nil
        }
    }

    /// The whole file as one JSON value, as `text(limit:diagnostics:)` reads it; a syntax error
    /// is reported at its line and column.
    func json(limit: Int, diagnostics: inout [Diagnostic]) -> JSONValue? {
        guard let text = text(limit: limit, diagnostics: &diagnostics) else { return nil }
        do {
            return try JSONParser.parse(text.bytes)
        } catch {
            let (line, column) = SourceText.lineColumn(of: error.offset, in: text.bytes)
            diagnostics.append(.error(path, .lineColumn(line: line, column: column), error.message))
            return nil
        }
    }
}
