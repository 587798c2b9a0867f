/// Reading one of Fitbit's JSON files whole: an array, or an error with its place.
enum FitbitJSON {
    static let maxSize = 64 << 20

    static func array(_ file: SourceFile, diagnostics: inout [Diagnostic]) -> [JSONValue]? {
        guard let value = file.json(limit: maxSize, diagnostics: &diagnostics) else { return nil }
        guard case .array(let elements) = value else {
            diagnostics.append(.error(file.path, .jsonPath(JSONPath()), "expected an array (got \(value.kindDescription))"))
            return nil
        }
        return elements
    }
}
