import CCmark

/// A paragraph's lines in the source without their container markers: the first line from the
/// column cmark reports, later ones after the `>` of each enclosing block quote (list indentation
/// and lazy lines need no care: table cells are trimmed).
struct ParagraphLines {
    let source: MarkdownSource
    let startLine: Int
    let startColumn: Int
    let quoteDepth: Int

    init(_ paragraph: CmarkTree.Node, source: MarkdownSource, startLine: Int) {
        self.source = source
        self.startLine = startLine
        startColumn = Int(cmark_node_get_start_column(paragraph))
        var depth = 0
        var parent = cmark_node_parent(paragraph)
        while let current = parent {
            if cmark_node_get_type(current) == CMARK_NODE_BLOCK_QUOTE { depth += 1 }
            parent = cmark_node_parent(current)
        }
        quoteDepth = depth
    }

    func content(_ number: Int) -> ArraySlice<UInt8> {
        let line = source.line(number)
        if number == startLine {
            let start = line.startIndex + max(0, startColumn - 1)
            return start <= line.endIndex ? line[start...] : []
        }
        var i = line.startIndex
        for _ in 0..<quoteDepth {
            while i < line.endIndex, MarkdownCharacters.isSpaceOrTab(line[i]) { i += 1 }
            guard i < line.endIndex, line[i] == UInt8(ascii: ">") else { break }
            i += 1
        }
        return line[i...]
    }
}
