import CCmark

/// GitHub's extended autolinks in text nodes: `http://`, `https://` and `ftp://` URLs, `www.`
/// addresses (linked as `http://`) and e-mail addresses (as `mailto:`), with GitHub's rules for
/// the domain and for trailing punctuation.
///
/// The text nodes come from cmark with smart punctuation applied, so inside a URL the curly
/// quotes, dashes and ellipses are turned back into the ASCII that made them: the link and its
/// text show the URL as written, and the text around it keeps its typography.
enum GFMAutolinks {
    struct Link: Equatable {
        /// Byte range in the text node's literal.
        var range: Range<Int>
        var url: String
        var text: [UInt8]
    }

    static func apply(to block: CmarkTree.Node, smart: Bool) {
        for node in CmarkTree.descendants(of: block) where cmark_node_get_type(node) == CMARK_NODE_TEXT {
            let literal = CmarkTree.literal(node)
            guard mayContainLink(literal), !CmarkTree.isInsideLink(node) else { continue }
            let links = find(in: literal, smart: smart, startsAfterDelimiter: startsAfterDelimiter(node))
            guard !links.isEmpty else { continue }
            var position = 0
            for link in links {
                if link.range.lowerBound > position, let text = CmarkTree.text(literal[position..<link.range.lowerBound]) {
                    cmark_node_insert_before(node, text)
                }
                if let anchor = cmark_node_new(CMARK_NODE_LINK), let text = CmarkTree.text(link.text) {
                    _ = cmark_node_set_url(anchor, link.url)
                    // Placed while empty: cmark checks a node with children against all its new ancestors.
                    cmark_node_insert_before(node, anchor)
                    cmark_node_append_child(anchor, text)
                }
                position = link.range.upperBound
            }
            if position < literal.count { CmarkTree.setLiteral(node, literal[position...]) } else { CmarkTree.remove(node) }
        }
    }

    /// A cheap test before the scan: "://", "www." or "@".
    static func mayContainLink(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "@"): return true
            case UInt8(ascii: ":") where i + 2 < bytes.count && bytes[i + 1] == UInt8(ascii: "/") && bytes[i + 2] == UInt8(ascii: "/"): return true
            case UInt8(ascii: "w") where i + 3 < bytes.count && bytes[i + 1] == UInt8(ascii: "w") && bytes[i + 2] == UInt8(ascii: "w")
                && bytes[i + 3] == UInt8(ascii: "."): return true
            default: i += 1
            }
        }
        return false
    }

    /// Whether a `www.` at the node's very start may begin a link: after the start of the block, a
    /// line break or an emphasis (whose `*` or `_` came before), not after code or a link.
    private static func startsAfterDelimiter(_ node: CmarkTree.Node) -> Bool {
        guard let previous = cmark_node_previous(node) else { return true }
        let type = cmark_node_get_type(previous)
        return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK || type == CMARK_NODE_EMPH || type == CMARK_NODE_STRONG
    }

    /// The links in `literal`, in order and not overlapping.
    static func find(in literal: [UInt8], smart: Bool, startsAfterDelimiter: Bool = true) -> [Link] {
        let text = UnsmartText(literal, smart: smart)
        let u = text.units
        var links: [Link] = []
        var done = 0  // units before this belong to a link or were passed
        var i = 0
        func add(_ start: Int, _ end: Int, prefix: String) {
            let end = text.pieceStart(atOrBefore: end)
            guard end > start else { return }
            let shown = Array(u[start..<end])
            links.append(Link(range: text.origin(start)..<text.origin(end), url: prefix + String(decoding: shown, as: UTF8.self), text: shown))
            done = end
            i = end
        }
        while i < u.count {
            let b = u[i]
            if b == UInt8(ascii: ":"), i + 2 < u.count, u[i + 1] == UInt8(ascii: "/"), u[i + 2] == UInt8(ascii: "/") {
                var start = i
                while start > done, isASCIILetter(u[start - 1]) { start -= 1 }
                let scheme = String(decoding: u[start..<i], as: UTF8.self).lowercased()
                if ["http", "https", "ftp"].contains(scheme), let domainEnd = domain(u, from: i + 3, needsPeriod: false) {
                    let end = trimmed(u, start: start, end: pathEnd(u, from: domainEnd))
                    if end > i + 3 { add(start, end, prefix: ""); continue }
                }
            } else if b == UInt8(ascii: "w"), u[i...].starts(with: [0x77, 0x77, 0x77, 0x2E]),
                      i == 0 ? startsAfterDelimiter : mayPrecedeWWW(u, before: i),
                      let domainEnd = domain(u, from: i, needsPeriod: true), domainEnd > i + 4 {
                let end = trimmed(u, start: i, end: pathEnd(u, from: domainEnd))
                if end > i + 4 { add(i, end, prefix: "http://"); continue }
            } else if b == UInt8(ascii: "@"), let (start, end) = email(u, at: i, notBefore: done) {
                add(start, end, prefix: "mailto:")
                continue
            }
            i += 1
        }
        return links
    }

    private static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    /// GitHub links `www.` only at the start of a line, after white space or after `*`, `_`, `~`
    /// or `(`; here also after the full-width punctuation that ends a link (Chinese text has no
    /// spaces).
    private static func mayPrecedeWWW(_ u: [UInt8], before i: Int) -> Bool {
        guard let previous = MarkdownCharacters.scalar(before: i, in: u) else { return true }
        return "*_~(".unicodeScalars.contains(previous) || MarkdownCharacters.isWhitespace(previous) || endsLink(previous)
    }

    /// Full-width and CJK punctuation and typographic double quotes end a link, so a URL
    /// followed by "，" or "。" in Chinese text does not take the sentence with it.
    static func endsLink(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x303F, 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65, 0x201C, 0x201D: return true
        default: return false
        }
    }

    /// The end of a valid domain starting at `start`: letters, digits, `-` and `_` (and any other
    /// non-ASCII letter) in segments separated by `.`, no `_` in the last two segments.
    private static func domain(_ u: [UInt8], from start: Int, needsPeriod: Bool) -> Int? {
        var i = start, periods = 0, underscoresLast = 0, underscoresBeforeLast = 0
        while i < u.count {
            let b = u[i]
            if b == UInt8(ascii: ".") {
                periods += 1
                underscoresBeforeLast = underscoresLast
                underscoresLast = 0
            } else if b == UInt8(ascii: "_") {
                underscoresLast += 1
            } else if b < 0x80 {
                guard MarkdownCharacters.isASCIIAlphanumeric(b) || b == UInt8(ascii: "-") else { break }
            } else {
                guard let scalar = MarkdownCharacters.scalar(at: i, in: u), !MarkdownCharacters.isWhitespace(scalar),
                      !MarkdownCharacters.isPunctuation(scalar) else { break }
                i += String(scalar).utf8.count
                continue
            }
            i += 1
        }
        guard i > start, underscoresLast == 0, underscoresBeforeLast == 0, !needsPeriod || periods > 0 else { return nil }
        return i
    }

    /// A link runs to white space or `<` (and `"` or the punctuation of `endsLink` here).
    private static func pathEnd(_ u: [UInt8], from start: Int) -> Int {
        var i = start
        while i < u.count {
            let b = u[i]
            if b < 0x80 {
                if b <= 0x20 || b == UInt8(ascii: "<") || b == UInt8(ascii: "\"") { break }
                i += 1
            } else {
                guard let scalar = MarkdownCharacters.scalar(at: i, in: u) else { break }
                if MarkdownCharacters.isWhitespace(scalar) || endsLink(scalar) { break }
                i += String(scalar).utf8.count
            }
        }
        return i
    }

    /// GitHub's trailing punctuation: `?!.,:*_~'"` never end a link, an unbalanced `)` does not,
    /// nor does an entity-like `&name;`.
    private static func trimmed(_ u: [UInt8], start: Int, end: Int) -> Int {
        var end = end
        // Parentheses are counted once; trimming only ever removes `)` among them.
        var open = 0, close = 0
        for b in u[start..<end] {
            if b == UInt8(ascii: "(") { open += 1 } else if b == UInt8(ascii: ")") { close += 1 }
        }
        while end > start {
            let last = u[end - 1]
            if "?!.,:*_~'\"".utf8.contains(last) {
                end -= 1
            } else if last == UInt8(ascii: ";") {
                var j = end - 2
                while j > start, MarkdownCharacters.isASCIIAlphanumeric(u[j]) { j -= 1 }
                end = j < end - 2 && u[j] == UInt8(ascii: "&") ? j : end - 1
            } else if last == UInt8(ascii: ")"), close > open {
                close -= 1
                end -= 1
            } else {
                break
            }
        }
        return end
    }

    /// An e-mail address around the `@` at `at`: letters, digits and `.-_+` before it; after it,
    /// segments of letters, digits, `-` and `_` joined by `.`, at least one `.`, not ending in
    /// `-` or `_` (a final `.` is left out).
    private static func email(_ u: [UInt8], at: Int, notBefore: Int) -> (Int, Int)? {
        var start = at
        while start > notBefore, MarkdownCharacters.isASCIIAlphanumeric(u[start - 1]) || ".-_+".utf8.contains(u[start - 1]) { start -= 1 }
        guard start < at else { return nil }
        var i = at + 1, periods = 0
        while i < u.count {
            let b = u[i]
            if MarkdownCharacters.isASCIIAlphanumeric(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") {
                i += 1
            } else if b == UInt8(ascii: "."), i + 1 < u.count, MarkdownCharacters.isASCIIAlphanumeric(u[i + 1]) {
                periods += 1
                i += 1
            } else {
                break
            }
        }
        guard i > at + 1, periods > 0, u[i - 1] != UInt8(ascii: "-"), u[i - 1] != UInt8(ascii: "_"),
              i == u.count || u[i] != UInt8(ascii: "@") else { return nil }
        return (start, i)
    }
}
