import CCmark

/// GitHub's strikethrough: `~text~` or `~~text~~` becomes `<del>`. Runs of one or two tildes
/// are delimiters under CommonMark's flanking rules (a run opens when left-flanking, closes when
/// right-flanking); a closer pairs with the nearest opener before it in the same inline
/// container, and both become plain tildes when their lengths differ. Longer runs are text. One
/// addition to GitHub: a single `~` between two digits (a range, `5~10 km`) is text too.
enum GFMStrikethrough {
    private struct Delimiter {
        var node: CmarkTree.Node
        var length: Int
        var canOpen: Bool
        var canClose: Bool
    }

    static func apply(to block: CmarkTree.Node) {
        var containers: [CmarkTree.Node] = []
        var seen = Set<CmarkTree.Node>()
        for node in CmarkTree.descendants(of: block) where cmark_node_get_type(node) == CMARK_NODE_TEXT {
            guard CmarkTree.literal(node).contains(UInt8(ascii: "~")), let parent = cmark_node_parent(node),
                  seen.insert(parent).inserted else { continue }
            containers.append(parent)
        }
        for container in containers { pair(in: container) }
    }

    private static func pair(in container: CmarkTree.Node) {
        let lineEdge = [CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_CUSTOM_INLINE].contains(cmark_node_get_type(container))
        var delimiters: [Delimiter] = []
        for child in CmarkTree.children(of: container) where cmark_node_get_type(child) == CMARK_NODE_TEXT {
            let literal = CmarkTree.literal(child)
            guard literal.contains(UInt8(ascii: "~")) else { continue }
            let before = edge(cmark_node_previous(child), last: true, lineEdge: lineEdge)
            let after = edge(cmark_node_next(child), last: false, lineEdge: lineEdge)
            // The text is cut into pieces so that each run of tildes is a node of its own.
            var start = 0, i = 0
            while i < literal.count {
                guard literal[i] == UInt8(ascii: "~") else { i += 1; continue }
                var end = i
                while end < literal.count, literal[end] == UInt8(ascii: "~") { end += 1 }
                let length = end - i
                if length <= 2 {
                    let previous = MarkdownCharacters.scalar(before: i, in: literal) ?? before
                    let next = MarkdownCharacters.scalar(at: end, in: literal) ?? after
                    var (left, right) = flanking(previous: previous, next: next)
                    if length == 1, previous.properties.generalCategory == .decimalNumber,
                       next.properties.generalCategory == .decimalNumber {
                        (left, right) = (false, false)
                    }
                    if left || right, let run = CmarkTree.text(literal[i..<end]) {
                        if i > start, let text = CmarkTree.text(literal[start..<i]) { cmark_node_insert_before(child, text) }
                        cmark_node_insert_before(child, run)
                        delimiters.append(Delimiter(node: run, length: length, canOpen: left, canClose: right))
                        start = end
                    }
                }
                i = end
            }
            guard start > 0 else { continue }
            if start < literal.count { CmarkTree.setLiteral(child, literal[start...]) } else { CmarkTree.remove(child) }
        }

        var openers: [Delimiter] = []
        for delimiter in delimiters {
            if delimiter.canClose, let opener = openers.popLast() {
                if opener.length == delimiter.length { wrap(from: opener.node, to: delimiter.node) }
                continue
            }
            if delimiter.canOpen { openers.append(delimiter) }
        }
    }

    /// The character a neighbouring node stands for: white space for a line break or the edge of
    /// a block's line, punctuation for anything else (the `*`, `` ` `` or `[` that made it).
    private static func edge(_ node: CmarkTree.Node?, last: Bool, lineEdge: Bool) -> Unicode.Scalar {
        guard let node else { return lineEdge ? " " : "*" }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return " "
        case CMARK_NODE_TEXT:
            let literal = CmarkTree.literal(node)
            let scalar = last ? MarkdownCharacters.scalar(before: literal.count, in: literal) : MarkdownCharacters.scalar(at: 0, in: literal)
            return scalar ?? " "
        default: return "*"
        }
    }

    private static func flanking(previous: Unicode.Scalar, next: Unicode.Scalar) -> (left: Bool, right: Bool) {
        let nextSpace = MarkdownCharacters.isWhitespace(next), previousSpace = MarkdownCharacters.isWhitespace(previous)
        let nextPunct = MarkdownCharacters.isPunctuation(next), previousPunct = MarkdownCharacters.isPunctuation(previous)
        let left = !nextSpace && (!nextPunct || previousSpace || previousPunct)
        let right = !previousSpace && (!previousPunct || nextSpace || nextPunct)
        return (left, right)
    }

    /// Puts the nodes between `opener` and `closer` into a `<del>` and drops both tilde runs.
    private static func wrap(from opener: CmarkTree.Node, to closer: CmarkTree.Node) {
        guard let del = CmarkTree.custom(block: false, enter: "<del>", exit: "</del>") else { return }
        cmark_node_insert_before(opener, del)
        var node = cmark_node_next(opener)
        while let current = node, current != closer {
            node = cmark_node_next(current)
            cmark_node_unlink(current)
            cmark_node_append_child(del, current)
        }
        CmarkTree.remove(opener)
        CmarkTree.remove(closer)
    }
}
