/// One line of a GitHub table split into cells: an optional leading and trailing pipe, cells
/// between unescaped pipes, each trimmed, `\|` turned into `|` (as cmark-gfm does before the
/// cell's inlines are parsed, so it holds inside code spans too).
struct TableRow: Equatable {
    enum Alignment: Equatable { case none, left, center, right }

    var cells: [[UInt8]]

    /// nil for a line with no cell (only a pipe, or nothing).
    init?(_ line: ArraySlice<UInt8>) {
        var i = line.startIndex
        while i < line.endIndex, MarkdownCharacters.isSpaceOrTab(line[i]) { i += 1 }
        if i < line.endIndex, line[i] == UInt8(ascii: "|") { i += 1 }
        var cells: [[UInt8]] = []
        var cell: [UInt8] = []
        while i < line.endIndex {
            let b = line[i]
            if b == UInt8(ascii: "\\"), i + 1 < line.endIndex, line[i + 1] == UInt8(ascii: "|") {
                cell.append(UInt8(ascii: "|"))
                i += 2
                continue
            }
            if b == UInt8(ascii: "|") {
                cells.append(TableRow.trimmed(cell))
                cell.removeAll(keepingCapacity: true)
            } else {
                cell.append(b)
            }
            i += 1
        }
        // Text after the last pipe is a cell; white space alone is not.
        let last = TableRow.trimmed(cell)
        if !last.isEmpty { cells.append(last) }
        guard !cells.isEmpty else { return nil }
        self.cells = cells
    }

    init(cells: [[UInt8]]) { self.cells = cells }

    /// The column alignments when this is a delimiter row (`---`, `:--`, `--:`, `:-:` in every cell).
    var alignments: [Alignment]? {
        var result: [Alignment] = []
        result.reserveCapacity(cells.count)
        for cell in cells {
            guard !cell.isEmpty else { return nil }
            let left = cell.first == UInt8(ascii: ":"), right = cell.count > 1 && cell.last == UInt8(ascii: ":")
            let dashes = cell.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
            result.append(left && right ? .center : left ? .left : right ? .right : .none)
        }
        return result
    }

    /// A quick test before splitting: only pipes, colons, hyphens and blanks, with a hyphen.
    static func mayBeDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
        var hyphen = false
        for b in line {
            switch b {
            case UInt8(ascii: "-"): hyphen = true
            case UInt8(ascii: "|"), UInt8(ascii: ":"), 0x20, 0x09: continue
            default: return false
            }
        }
        return hyphen
    }

    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.firstIndex(where: { !MarkdownCharacters.isSpaceOrTab($0) }),
              let last = bytes.lastIndex(where: { !MarkdownCharacters.isSpaceOrTab($0) }) else { return [] }
        return Array(bytes[first...last])
    }
}
