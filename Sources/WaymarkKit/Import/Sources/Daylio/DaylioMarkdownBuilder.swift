/// Builds a Daylio note's Markdown from its tokens, line by line: text is escaped, known tags become
/// Markdown (see `DaylioNoteText`).
struct DaylioMarkdownBuilder {
    struct Line {
        /// A list marker this builder wrote (`- `, `2. `), not escaped.
        var prefix = ""
        /// Escaped text with the builder's emphasis markers.
        var content = ""
    }

    /// Finished blocks (paragraphs and lists), each a list of lines.
    var blocks: [[Line]] = []
    var lines: [Line] = []
    var line = Line()
    /// Open lists: whether ordered, and the next number.
    var lists: [(ordered: Bool, next: Int)] = []
    /// Emphasis opened and not closed, outermost first.
    var open: [String] = []
    /// Emphasis opened but not yet written: it goes before the next visible character, so
    /// that `<b> word</b>` becomes ` **word**` (CommonMark ignores `** word**`).
    var pending: [String] = []

    mutating func text(_ text: String) {
        var first = true
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { breakLine() }
            first = false
            append(String(part))
        }
    }

    mutating func append(_ text: String) {
        for scalar in text.unicodeScalars {
            let isSpace = scalar == " " || scalar == "\t" || scalar == "\u{A0}"
            if isSpace {
                // Leading spaces would make an indented code block.
                if line.content.isEmpty { continue }
                line.content += " "
                continue
            }
            if !pending.isEmpty {
                line.content += pending.joined()
                open += pending
                pending = []
            }
            if "\\`*_[]<>&".unicodeScalars.contains(scalar) { line.content += "\\" }
            line.content.unicodeScalars.append(scalar)
        }
    }

    mutating func tag(_ name: String, closing: Bool) {
        switch (name, closing) {
        case ("br", _): breakLine()
        case ("b", _), ("strong", _): emphasis("**", closing: closing)
        case ("i", _), ("em", _): emphasis("*", closing: closing)
        case ("p", _): endBlock()
        case ("div", _): endLine()
        case ("ul", false), ("ol", false):
            endBlock()
            lists.append((name == "ol", 1))
        case ("ul", true), ("ol", true):
            endBlock()
            if !lists.isEmpty { lists.removeLast() }
        case ("li", false):
            endLine()
            let depth = max(lists.count - 1, 0)
            let indent = String(repeating: "   ", count: depth)
            if let last = lists.last, last.ordered {
                line.prefix = indent + "\(last.next). "
                lists[lists.count - 1].next = last.next &+ 1
            } else {
                line.prefix = indent + "- "
            }
        case ("li", true): endLine()
        default: break  // u, s, strike, del, span, font: the text stays, the styling goes
        }
    }

    mutating func emphasis(_ marker: String, closing: Bool) {
        if !closing {
            pending.append(marker)
            return
        }
        if let i = pending.lastIndex(of: marker) {
            pending.remove(at: i)  // nothing visible was emphasised
            return
        }
        guard let i = open.lastIndex(of: marker) else { return }
        // Close this one and any opened inside it, before the trailing spaces.
        var trailing = ""
        while line.content.hasSuffix(" ") {
            line.content.removeLast()
            trailing += " "
        }
        for m in open[i...].reversed() { line.content += m }
        open.removeSubrange(i...)
        line.content += trailing
    }

    /// Starts a new line unless the current one is still empty: block tags such as `</li><li>`
    /// end a line without making an empty one (which would end the paragraph or list).
    mutating func endLine() {
        if !line.content.isEmpty || !line.prefix.isEmpty { breakLine() }
    }

    /// Closes emphasis still open on the line (Markdown's cannot cross a line break unnoticed
    /// by the reader) and starts a new line.
    mutating func breakLine() {
        closeEmphasis()
        while line.content.hasSuffix(" ") { line.content.removeLast() }
        if !line.content.isEmpty || !line.prefix.isEmpty { lines.append(line) } else if lines.last.map({ !$0.content.isEmpty || !$0.prefix.isEmpty }) ?? false {
            // An empty line ends the paragraph.
            blocks.append(lines)
            lines = []
        }
        line = Line()
    }

    mutating func closeEmphasis() {
        let reopen = open
        if !open.isEmpty {
            while line.content.hasSuffix(" ") { line.content.removeLast() }
            for m in open.reversed() { line.content += m }
            open = []
        }
        // Emphasis still open in the HTML carries on after the break.
        pending = reopen + pending
    }

    mutating func endBlock() {
        breakLine()
        if !lines.isEmpty { blocks.append(lines) }
        lines = []
    }

    mutating func finish() -> String {
        pending = []
        endBlock()
        return blocks.map { block in
            block.enumerated().map { index, line in
                let text = line.prefix + escapeLineStart(line.content)
                // Lines of a paragraph keep their breaks (a hard break); list items need none.
                let next = index + 1 < block.count ? block[index + 1] : nil
                return next.map { $0.prefix.isEmpty && line.prefix.isEmpty } ?? false ? text + "\\" : text
            }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// Escapes what would start a block at the beginning of a line: a heading (`#`), a list
    /// (`-`, `+`, `1.`, `1)`), a quote (`>` is already escaped), a rule or underline (`=`, `~`).
    func escapeLineStart(_ content: String) -> String {
        guard let first = content.unicodeScalars.first else { return content }
        if "#-+=~".unicodeScalars.contains(first) { return "\\" + content }
        let digits = content.unicodeScalars.prefix { $0.properties.numericType == .decimal && $0.isASCII }
        if !digits.isEmpty, digits.count <= 9 {
            let rest = content.unicodeScalars.dropFirst(digits.count)
            if let mark = rest.first, mark == "." || mark == ")" {
                return String(String.UnicodeScalarView(digits)) + "\\" + String(String.UnicodeScalarView(rest))
            }
        }
        return content
    }
}
