import Foundation

/// The `---` block at the top of a note: one `key: value` per line, values optionally quoted.
struct FrontMatter: Equatable {
    /// Keys in file order with the line each came from.
    var fields: [(key: String, value: String, line: Int)]
    /// The Markdown after the block.
    var body: String
    /// 1-based line where `body` starts.
    var bodyLine: Int

    static func == (a: FrontMatter, b: FrontMatter) -> Bool {
        a.body == b.body && a.bodyLine == b.bodyLine && a.fields.count == b.fields.count
            && zip(a.fields, b.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value && $0.line == $1.line }
    }

    struct Problem: Error, Equatable {
        var line: Int
        var message: String
    }

    /// Splits `text` (already checked UTF-8, BOM removed) into front matter and body.
    /// Text that does not start with a `---` line has no front matter.
    static func parse(_ text: String) throws(Problem) -> FrontMatter {
        var lines = text.lines().map { line -> Substring in
            line.unicodeScalars.last == "\r" ? Substring(line.unicodeScalars.dropLast()) : line
        }
        guard let first = lines.first, first.trimmingCharacters(in: " \t") == "---" else {
            return FrontMatter(fields: [], body: text, bodyLine: 1)
        }
        var fields: [(key: String, value: String, line: Int)] = []
        var closing: Int?
        for index in 1..<lines.count {
            let raw = lines[index]
            let line = raw.trimmingCharacters(in: " \t")
            if line == "---" || line == "..." {
                closing = index
                break
            }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw Problem(line: index + 1, message: "expected \"key: value\" in the front matter (got \"\(Diagnostic.shorten(String(line)))\")")
            }
            let key = line[..<colon].trimmingCharacters(in: " \t")
            var value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
            if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
                value = String(value.dropFirst().dropLast())
                if q == "\"" { value = value.replacingOccurrences(of: "\\\"", with: "\"") } else {
                    value = value.replacingOccurrences(of: "''", with: "'")
                }
            }
            guard !key.isEmpty else {
                throw Problem(line: index + 1, message: "a front matter line has no key before ':'")
            }
            fields.append((key, value, index + 1))
        }
        guard let closing else {
            throw Problem(line: 1, message: "the front matter that starts here is never closed with a \"---\" line")
        }
        lines.removeFirst(closing + 1)
        return FrontMatter(fields: fields, body: lines.joined(separator: "\n"), bodyLine: closing + 2)
    }
}

extension StringProtocol {
    /// The text without leading and trailing characters from `set`.
    func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        guard let start = firstIndex(where: { !chars.contains($0) }) else { return "" }
        let end = lastIndex(where: { !chars.contains($0) }) ?? start
        return String(self[start...end])
    }
}
