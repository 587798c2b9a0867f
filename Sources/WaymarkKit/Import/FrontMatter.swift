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
    /// Text that does not start with a `---` line has no front matter. Only the lines of the
    /// block are looked at; the body is sliced off whole.
    static func parse(_ text: String) throws(Problem) -> FrontMatter {
        let utf8 = Array(text.utf8)
        // The lines of the file as byte ranges, without their "\n" (a "\r" before it is dropped too).
        var lineStart = 0
        func nextLine() -> Range<Int>? {
            guard lineStart < utf8.count || (lineStart == utf8.count && lineStart == 0) else { return nil }
            var end = lineStart
            while end < utf8.count && utf8[end] != 0x0A { end += 1 }
            let next = end + 1
            var contentEnd = end
            if contentEnd > lineStart && utf8[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let range = lineStart..<contentEnd
            lineStart = next
            return range
        }
        func string(_ r: Range<Int>) -> String { String(decoding: utf8[r], as: UTF8.self) }
        func trimmed(_ r: Range<Int>) -> Range<Int> {
            var lo = r.lowerBound, hi = r.upperBound
            while lo < hi && (utf8[lo] == 0x20 || utf8[lo] == 0x09) { lo += 1 }
            while hi > lo && (utf8[hi - 1] == 0x20 || utf8[hi - 1] == 0x09) { hi -= 1 }
            return lo..<hi
        }
        func isMarker(_ r: Range<Int>, _ marker: String) -> Bool { Array(utf8[trimmed(r)]) == Array(marker.utf8) }

        guard let first = nextLine(), isMarker(first, "---") else {
            return FrontMatter(fields: [], body: text, bodyLine: 1)
        }
        var fields: [(key: String, value: String, line: Int)] = []
        var lineNumber = 1
        while let raw = nextLine() {
            lineNumber += 1
            if isMarker(raw, "---") || isMarker(raw, "...") {
                let body = lineStart >= utf8.count ? "" : String(decoding: utf8[lineStart...], as: UTF8.self)
                return FrontMatter(fields: fields, body: body, bodyLine: lineNumber + 1)
            }
            let line = trimmed(raw)
            if line.isEmpty || utf8[line.lowerBound] == UInt8(ascii: "#") { continue }
            guard let colon = utf8[line].firstIndex(of: UInt8(ascii: ":")) else {
                throw Problem(line: lineNumber, message: "expected \"key: value\" in the front matter (got \"\(Diagnostic.shorten(string(line)))\")")
            }
            let key = string(trimmed(line.lowerBound..<colon))
            var value = string(trimmed((colon + 1)..<line.upperBound))
            if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
                value = String(value.dropFirst().dropLast())
                value = q == "\"" ? value.replacingOccurrences(of: "\\\"", with: "\"") : value.replacingOccurrences(of: "''", with: "'")
            }
            guard !key.isEmpty else {
                throw Problem(line: lineNumber, message: "a front matter line has no key before ':'")
            }
            fields.append((key, value, lineNumber))
        }
        throw Problem(line: 1, message: "the front matter that starts here is never closed with a \"---\" line")
    }
}

extension StringProtocol {
    /// The text without leading and trailing characters from `set` (a handful of characters).
    func trimmingCharacters(in set: String) -> String {
        guard let start = firstIndex(where: { !set.contains($0) }) else { return "" }
        let end = lastIndex(where: { !set.contains($0) }) ?? start
        return String(self[start...end])
    }
}
