import CCmark

/// GitHub's pipe tables, found in the paragraphs cmark made of them. A paragraph's lines are read
/// again from the source (cmark's block positions say where), so the delimiter row is read as
/// written, before smart punctuation could turn `--` into a dash. The header, delimiter and body
/// rows become custom nodes (`<table>`, `<thead>`, `<tr>`, `<th>`/`<td>`) whose cells hold inline
/// nodes that cmark parsed from the cell text, each as a paragraph of its own.
enum GFMTables {
    /// Wider tables stay paragraphs: no note has a thousand columns, and short rows are padded.
    static let maxColumns = 1_000
    /// How many empty cells a document may get to fill short rows; past that, rows stay short.
    static let maxPaddingCells = 10_000

    private struct Cell {
        var node: CmarkTree.Node
        var text: [UInt8]
    }

    /// A table built beside the tree, to go after its paragraph (and replace it when nothing of
    /// the paragraph is left).
    private struct Built {
        var paragraph: CmarkTree.Node
        var table: CmarkTree.Node
        var replacesParagraph: Bool
    }

    /// Replaces every table-shaped paragraph below `document` with a table.
    static func apply(to document: CmarkTree.Node, source: MarkdownSource, options: Int32) {
        var cells: [Cell] = []
        var built: [Built] = []
        var padding = maxPaddingCells
        for paragraph in CmarkTree.descendants(of: document) where cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH {
            if let table = convert(paragraph, source: source, cells: &cells, padding: &padding) { built.append(table) }
        }
        // Tables are filled while still outside the tree: cmark checks a moved node against every
        // ancestor of its new place, which is costly deep in nested quotes.
        fill(cells, source: source, options: options)
        for table in built {
            cmark_node_insert_after(table.paragraph, table.table)
            if table.replacesParagraph { CmarkTree.remove(table.paragraph) }
        }
    }

    private static func convert(_ paragraph: CmarkTree.Node, source: MarkdownSource, cells: inout [Cell], padding: inout Int) -> Built? {
        let startLine = Int(cmark_node_get_start_line(paragraph)), endLine = Int(cmark_node_get_end_line(paragraph))
        guard startLine >= 1, endLine > startLine, endLine <= source.lineCount else { return nil }
        let lines = ParagraphLines(paragraph, source: source, startLine: startLine)
        guard ((startLine + 1)...endLine).contains(where: { TableRow.mayBeDelimiterRow(lines.content($0)) }) else { return nil }
        let children = CmarkTree.children(of: paragraph)
        // cmark numbers a paragraph's inlines from its first line even when link reference
        // definitions took the first lines; the last inline ends on the paragraph's last line.
        guard let reportedEnd = children.map({ Int(cmark_node_get_end_line($0)) }).max(), reportedEnd > 0,
              reportedEnd <= endLine else { return nil }
        let shift = endLine - reportedEnd
        func lineRange(_ node: CmarkTree.Node) -> ClosedRange<Int>? {
            let start = Int(cmark_node_get_start_line(node)), end = Int(cmark_node_get_end_line(node))
            return start > 0 && end >= start ? (start + shift)...(end + shift) : nil
        }

        var header: TableRow?, alignments: [TableRow.Alignment] = [], headerLine = 0
        for line in (startLine + shift)..<endLine where TableRow.mayBeDelimiterRow(lines.content(line + 1)) {
            guard let delimiter = TableRow(lines.content(line + 1)), let found = delimiter.alignments,
                  found.count <= maxColumns, let candidate = TableRow(lines.content(line)),
                  candidate.cells.count == found.count else { continue }
            header = candidate
            alignments = found
            headerLine = line
            break
        }
        guard let header else {
            restoreDelimiterLikeLines(children, lines: lines, lineRange: lineRange)
            return nil
        }
        // The lines before the header stay a paragraph; an inline running into the table (an
        // emphasis opened before it and closed inside it) keeps the whole paragraph as it is.
        var kept: [CmarkTree.Node] = [], dropped: [CmarkTree.Node] = []
        for child in children {
            // Line breaks carry no position: they go with the node before them.
            let range = lineRange(child)
            if dropped.isEmpty, range.map({ $0.upperBound < headerLine }) ?? true {
                kept.append(child)
            } else if range.map({ $0.lowerBound >= headerLine }) ?? true {
                dropped.append(child)
            } else {
                restoreDelimiterLikeLines(children, lines: lines, lineRange: lineRange)
                return nil
            }
        }

        guard let table = CmarkTree.custom(block: true, enter: "<table>", exit: "</table>") else { return nil }
        var rows = [header]
        for line in stride(from: headerLine + 2, through: endLine, by: 1) {
            rows.append(TableRow(lines.content(line)) ?? TableRow(cells: []))
        }
        for (index, row) in rows.enumerated() {
            let isHeader = index == 0
            if index <= 1, let section = CmarkTree.custom(block: true, enter: isHeader ? "<thead>" : "<tbody>",
                                                          exit: isHeader ? "</thead>" : "</tbody>") {
                cmark_node_append_child(table, section)
            }
            guard let section = cmark_node_last_child(table),
                  let tr = CmarkTree.custom(block: true, enter: "<tr>", exit: "</tr>") else { continue }
            cmark_node_append_child(section, tr)
            var count = min(row.cells.count, alignments.count)
            if count < alignments.count {
                let missing = alignments.count - count
                if missing <= padding { padding -= missing; count = alignments.count }
            }
            for column in 0..<count {
                let tag = isHeader ? "th" : "td"
                let style = switch alignments[column] {
                case .none: ""
                case .left: " style=\"text-align: left\""
                case .center: " style=\"text-align: center\""
                case .right: " style=\"text-align: right\""
                }
                guard let cell = CmarkTree.custom(block: false, enter: "<\(tag)\(style)>", exit: "</\(tag)>\n") else { continue }
                cmark_node_append_child(tr, cell)
                cells.append(Cell(node: cell, text: column < row.cells.count ? row.cells[column] : []))
            }
        }
        for node in dropped { CmarkTree.remove(node) }
        while let last = kept.last, lineRange(last) == nil {
            kept.removeLast()
            CmarkTree.remove(last)
        }
        return Built(paragraph: paragraph, table: table, replacesParagraph: kept.isEmpty)
    }

    /// A paragraph that is not a table but has a delimiter-like line (a table whose header has
    /// another number of cells, say) shows that line as written, not with `--` made a dash.
    private static func restoreDelimiterLikeLines(_ children: [CmarkTree.Node], lines: ParagraphLines,
                                                  lineRange: (CmarkTree.Node) -> ClosedRange<Int>?) {
        // How many inlines touch each line (top-level inlines share at most their end lines).
        var touching: [Int: Int] = [:]
        for child in children {
            guard let range = lineRange(child) else { continue }
            for line in range { touching[line, default: 0] += 1 }
        }
        for child in children where cmark_node_get_type(child) == CMARK_NODE_TEXT {
            guard let range = lineRange(child), range.lowerBound == range.upperBound, touching[range.lowerBound] == 1 else { continue }
            let content = lines.content(range.lowerBound)
            guard TableRow.mayBeDelimiterRow(content),
                  let first = content.firstIndex(where: { !MarkdownCharacters.isSpaceOrTab($0) }),
                  let last = content.lastIndex(where: { !MarkdownCharacters.isSpaceOrTab($0) }) else { continue }
            CmarkTree.setLiteral(child, content[first...last])
        }
    }

    /// Parses every cell's text as inlines in one cmark document: each cell is a paragraph led by
    /// U+00A0, which no block syntax accepts (so `1. x` or `# x` stay text) and which counts as
    /// white space for emphasis and quotes, as the start of a line does. Reference definitions
    /// anywhere in the note apply to cells, so the note follows the cells when it has any.
    private static func fill(_ cells: [Cell], source: MarkdownSource, options: Int32) {
        guard !cells.isEmpty else { return }
        var text: [UInt8] = []
        text.reserveCapacity(cells.reduce(0) { $0 + $1.text.count + 4 })
        for cell in cells {
            text.append(contentsOf: [0xC2, 0xA0])
            text.append(contentsOf: cell.text)
            text.append(contentsOf: [0x0A, 0x0A])
        }
        if MarkdownSource.contains(source.bytes, Array("]:".utf8)) { text.append(contentsOf: source.bytes) }
        guard let parsed = MarkdownRenderer.parse(text, options: options) else { return }
        defer { cmark_node_free(parsed) }
        var block = cmark_node_first_child(parsed)
        for cell in cells {
            guard let paragraph = block else { return }
            block = cmark_node_next(paragraph)
            guard cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else { continue }
            for child in CmarkTree.children(of: paragraph) {
                cmark_node_unlink(child)
                cmark_node_append_child(cell.node, child)
            }
            if let first = cmark_node_first_child(cell.node), cmark_node_get_type(first) == CMARK_NODE_TEXT {
                let literal = CmarkTree.literal(first)
                if literal.starts(with: [0xC2, 0xA0]) {
                    if literal.count == 2 { CmarkTree.remove(first) } else { CmarkTree.setLiteral(first, literal.dropFirst(2)) }
                }
            }
        }
    }
}
