import CCmark

/// GitHub's task list items: a list item whose paragraph starts with `[ ]`, `[x]` or `[X]` and a
/// space or tab gets a disabled checkbox in place of the marker. The marker is read from the
/// source at the paragraph's position, so `\[x]` stays text.
enum TaskLists {
    static let unchecked = "<input type=\"checkbox\" disabled=\"\" /> "
    static let checked = "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "

    static func apply(to document: CmarkTree.Node, source: MarkdownSource) {
        for item in CmarkTree.descendants(of: document) where cmark_node_get_type(item) == CMARK_NODE_ITEM {
            guard let paragraph = cmark_node_first_child(item), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                  let text = cmark_node_first_child(paragraph), cmark_node_get_type(text) == CMARK_NODE_TEXT else { continue }
            let line = source.line(Int(cmark_node_get_start_line(paragraph)))
            let start = line.startIndex + Int(cmark_node_get_start_column(paragraph)) - 1
            guard start >= line.startIndex, start + 3 < line.endIndex, line[start] == UInt8(ascii: "["),
                  line[start + 2] == UInt8(ascii: "]"), MarkdownCharacters.isSpaceOrTab(line[start + 3]) else { continue }
            let mark = line[start + 1]
            guard mark == 0x20 || mark == 0x09 || mark == UInt8(ascii: "x") || mark == UInt8(ascii: "X") else { continue }
            let whole = CmarkTree.literal(text)
            guard whole.count >= 3, whole[0] == UInt8(ascii: "["), whole[2] == UInt8(ascii: "]") else { continue }
            let literal = whole.dropFirst(3).drop(while: MarkdownCharacters.isSpaceOrTab)
            guard let box = CmarkTree.custom(block: false, enter: mark == 0x20 || mark == 0x09 ? unchecked : checked, exit: "") else { continue }
            cmark_node_insert_before(text, box)
            if literal.isEmpty { CmarkTree.remove(text) } else { CmarkTree.setLiteral(text, literal) }
        }
    }
}
