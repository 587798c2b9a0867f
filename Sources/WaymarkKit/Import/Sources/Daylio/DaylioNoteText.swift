/// Turns a Daylio note into Markdown that shows what Daylio shows.
///
/// Daylio writes a note's rich text as a little HTML (`<br>`, `<b>`, `<i>`, `<ul><li>`, `&nbsp;`,
/// depending on the version) and everything else as the user typed it. So the known tags become
/// Markdown (line breaks, `**bold**`, `*italic*`, list items) and entities are decoded, while the
/// typed text is escaped: `*`, `_`, `[`, a line starting with `#` or `1.` mean nothing in Daylio
/// and must not in the note either. Anything else in angle brackets ("I <3 it") is text.
enum DaylioNoteText {
    /// The note body as Markdown; empty when the note holds no text.
    static func markdown(_ raw: String) -> String {
        var builder = Builder()
        for token in tokens(raw) {
            switch token {
            case .text(let text): builder.text(text)
            case .tag(let name, let closing): builder.tag(name, closing: closing)
            }
        }
        return builder.finish()
    }

    /// A title or other one-line text: tags dropped, entities decoded, runs of space made one.
    static func plainText(_ raw: String) -> String {
        var out = ""
        for token in tokens(raw) {
            switch token {
            case .text(let text): out += text
            case .tag(let name, _): if ["br", "p", "div", "li"].contains(name) { out += " " }
            }
        }
        return out.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\u{A0}" }).joined(separator: " ")
    }

    enum Token: Equatable {
        case text(String)
        /// A known tag, lower-cased, without attributes.
        case tag(String, closing: Bool)
    }

    /// Tags Daylio's editor writes; others are left as text.
    static let knownTags: Set<String> = ["br", "b", "strong", "i", "em", "u", "s", "strike", "del", "ul", "ol", "li",
                                         "p", "div", "span", "font"]

    /// Splits `raw` into text (entities decoded, line ends as `\n`) and known tags.
    static func tokens(_ raw: String) -> [Token] {
        var tokens: [Token] = []
        var text = ""
        let scalars = Array(raw.unicodeScalars)
        var i = 0
        func flush() {
            if !text.isEmpty { tokens.append(.text(text)) }
            text = ""
        }
        while i < scalars.count {
            let c = scalars[i]
            if c == "<", let (name, closing, end) = tag(scalars, at: i) {
                flush()
                tokens.append(.tag(name, closing: closing))
                i = end
            } else if c == "&", let (decoded, end) = entity(scalars, at: i) {
                text.unicodeScalars.append(decoded)
                i = end
            } else if c == "\r" {
                text += "\n"
                i += (i + 1 < scalars.count && scalars[i + 1] == "\n") ? 2 : 1
            } else {
                text.unicodeScalars.append(c)
                i += 1
            }
        }
        flush()
        return tokens
    }

    /// A known tag starting at `start` (`<br>`, `<br/>`, `</b>`, `<font color="red">`): its name,
    /// whether it closes, and where it ends.
    private static func tag(_ s: [Unicode.Scalar], at start: Int) -> (String, Bool, Int)? {
        var i = start + 1
        let closing = i < s.count && s[i] == "/"
        if closing { i += 1 }
        var name = ""
        while i < s.count, name.unicodeScalars.count <= 6, s[i].isASCII, s[i].properties.isAlphabetic {
            name.unicodeScalars.append(s[i])
            i += 1
        }
        name = name.lowercased()
        guard knownTags.contains(name), i < s.count else { return nil }
        // After the name: `>`, `/>`, or attributes up to the next `>` on the same stretch of text.
        guard s[i] == ">" || s[i] == "/" || s[i] == " " else { return nil }
        var j = i
        let limit = min(s.count, i + 200)
        while j < limit, s[j] != ">", s[j] != "<", s[j] != "\n" { j += 1 }
        guard j < limit, s[j] == ">" else { return nil }
        return (name, closing, j + 1)
    }

    /// An entity starting at `start` (`&nbsp;`, `&amp;`, `&#39;`, `&#x27;`): the character and
    /// where it ends. `&nbsp;` becomes a plain space.
    private static func entity(_ s: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        var j = start + 1
        var body = ""
        while j < s.count, j - start <= 10, s[j] != ";" {
            guard s[j].isASCII, s[j].properties.isAlphabetic || s[j].properties.isASCIIHexDigit || s[j] == "#" else { return nil }
            body.unicodeScalars.append(s[j])
            j += 1
        }
        guard j < s.count, s[j] == ";" else { return nil }
        let named: [String: Unicode.Scalar] = ["nbsp": " ", "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        if let scalar = named[body] { return (scalar, j + 1) }
        guard body.hasPrefix("#") else { return nil }
        let digits = body.dropFirst()
        let value: UInt32?
        if digits.hasPrefix("x") || digits.hasPrefix("X") {
            value = digits.count <= 7 ? UInt32(digits.dropFirst(), radix: 16) : nil
        } else {
            value = digits.count <= 7 ? UInt32(digits) : nil
        }
        // NUL and other control characters are not text; a bad number is left as written.
        guard let value, value >= 0x20 || value == 0x0A || value == 0x09, value != 0x7F,
              let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, j + 1)
    }

    /// Builds the Markdown line by line.
    private struct Builder {
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
}
