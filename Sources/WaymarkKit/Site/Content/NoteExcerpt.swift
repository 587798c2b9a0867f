/// The short excerpt under a note's title on the notes index, made from the note's rendered
/// HTML (so tables, lists and anything a Markdown extension adds read as text, never as syntax):
/// tags dropped, entities decoded, a leading heading equal to the title left out, code blocks and
/// images left out, table cells joined with " · ", whitespace collapsed, and the text cut to about
/// `budget` columns with one "…".
enum NoteExcerpt {
    /// About 160 Latin characters or 80 Chinese ones: a CJK character counts two columns.
    static let budget = 160

    /// `reference: true` reads the text as Swift's characters, the plain reference that
    /// `ExcerptReader`, which reads plain scalars from their bytes, is tested against.
    static func make(html: [UInt8], title: String, budget: Int = NoteExcerpt.budget, reference: Bool = false) -> String {
        let budget = max(1, budget)
        guard reference else {
            var reader = ExcerptReader(budget: budget, title: title)
            reader.read(html)
            return reader.text.cut()
        }
        var reader = Reader(budget: budget, title: title)
        reader.read(html)
        return cut(reader.text, budget: budget)
    }

    /// `text` when it fits in `budget` columns; otherwise its beginning, cut at a word (for CJK
    /// at any character), without trailing punctuation, and "…".
    static func cut(_ text: [Character], budget: Int) -> String {
        var width = 0
        var end = 0
        while end < text.count {
            let w = columns(text[end])
            if width + w > budget { break }
            width += w
            end += 1
        }
        if end == text.count { return string(text[...]) }
        // Back up to a word boundary unless the cut already sits on one or the word is so long
        // (a URL) that backing up would lose more than a third of the excerpt.
        if !isBreak(text, at: end) {
            var b = end - 1
            while b > 0 && !isBreak(text, at: b) { b -= 1 }
            if b > end * 2 / 3 { end = b }
        }
        var kept = text[..<end]
        while let last = kept.last, last.isWhitespace || trailing.contains(last) { kept.removeLast() }
        return kept.isEmpty ? string(text[..<max(1, end)]) + "…" : string(kept) + "…"
    }

    /// `String(characters)`, made from their UTF-8 bytes at once: building it a character at a
    /// time cost about 900 instructions per character.
    static func string(_ characters: ArraySlice<Character>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count + 8)
        for c in characters { bytes.append(contentsOf: c.utf8) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Punctuation that an ellipsis replaces rather than follows ("进步。…" would say it twice).
    static let trailing: Set<Character> = [".", ",", ";", ":", "!", "?", "·", "…", "-", "–", "—", "(", "[", "\"", "'",
                                           "“", "‘", "。", "，", "、", "；", "：", "！", "？", "（", "「", "『", "《", "〈", "【"]

    /// Punctuation that ends a Chinese sentence or clause; no space follows it between blocks.
    static let fullWidthPunctuation: Set<Character> = ["。", "，", "、", "；", "：", "！", "？", "）", "」", "』", "》", "】"]

    /// Whether a cut before `text[i]` falls between words: at a space, or beside a CJK character.
    static func isBreak(_ text: [Character], at i: Int) -> Bool {
        guard i > 0, i < text.count else { return true }
        return text[i].isWhitespace || text[i - 1].isWhitespace || isWide(text[i]) || isWide(text[i - 1])
    }

    static func columns(_ c: Character) -> Int { isWide(c) ? 2 : 1 }

    /// CJK ideographs, kana, Hangul and full-width forms: written without spaces between words.
    static func isWide(_ c: Character) -> Bool {
        // Every range below starts at U+1100 or later, whose UTF-8 begins with 0xE1 or more: the
        // first byte answers for ASCII, Latin, Greek, Cyrillic and the like without decoding.
        guard let lead = c.utf8.first, lead >= 0xE1, let v = c.unicodeScalars.first?.value else { return false }
        return (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
    }

    /// Collapses whitespace, lower-cases and undoes smart punctuation (`UnsmartText`), to compare
    /// a heading (which cmark made curly: "Don’t stop") with the title as written ("Don't stop").
    static func normalized(_ s: String) -> String {
        let plain = UnsmartText(Array(s.utf8), smart: true).units
        return String(decoding: plain, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    /// One pass over the HTML, stopping once more text than the budget is collected: the plain
    /// reference, character by character.
    struct Reader {
        let limit: Int
        let title: String
        var text: [Character] = []
        var width = 0
        /// What goes before the next text: nothing, a space (a block ended) or " · " (a cell).
        var pending: Separator = .none
        /// How deep inside `<pre>` (code, left out).
        var skipping = 0
        /// The text of a heading before any other text, held until it ends: it may be the title.
        var heading: [UInt8]?
        var rowCells = 0

        enum Separator { case none, space, dot }

        init(budget: Int, title: String) {
            // A few columns more than the budget: enough to know the text goes on.
            limit = budget + 2
            self.title = title
        }

        var full: Bool { width > limit }

        mutating func read(_ html: [UInt8]) {
            var i = 0
            var run: [UInt8] = []
            while i < html.count && !full {
                let b = html[i]
                if b == UInt8(ascii: "<") {
                    flush(&run)
                    i = tag(html, from: i)
                } else {
                    run.append(b)
                    i += 1
                }
            }
            flush(&run)
        }

        /// Reads the tag starting at `start` (a comment too) and returns the index after it.
        mutating func tag(_ html: [UInt8], from start: Int) -> Int {
            if html[start...].starts(with: Array("<!--".utf8)) {
                var j = start + 4
                while j + 2 < html.count && !(html[j] == 0x2D && html[j + 1] == 0x2D && html[j + 2] == 0x3E) { j += 1 }
                return min(html.count, j + 3)
            }
            var j = start + 1
            let closing = j < html.count && html[j] == UInt8(ascii: "/")
            if closing { j += 1 }
            var name: [UInt8] = []
            while j < html.count, isNameByte(html[j]) {
                name.append(html[j] | 0x20)
                j += 1
            }
            // To the end of the tag, past quoted attribute values.
            var quote: UInt8?
            while j < html.count {
                let c = html[j]
                if let q = quote { if c == q { quote = nil } } else if c == 0x22 || c == 0x27 { quote = c } else if c == UInt8(ascii: ">") { break }
                j += 1
            }
            element(String(decoding: name, as: UTF8.self), closing: closing)
            return min(html.count, j + 1)
        }

        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
        }

        mutating func element(_ name: String, closing: Bool) {
            switch name {
            case "pre":
                skipping = max(0, skipping + (closing ? -1 : 1))
                endBlock(.space)
            case "h1", "h2", "h3", "h4", "h5", "h6":
                if !closing {
                    endBlock(.space)
                    // Only a heading before any text can repeat the title.
                    if text.isEmpty && skipping == 0 { heading = [] }
                } else {
                    if let held = heading, normalized(String(decoding: held, as: UTF8.self)) != normalized(title) { append(held) }
                    heading = nil
                    endBlock(.dot)
                }
            case "tr":
                rowCells = 0
                if closing { endBlock(.dot) }
            case "td", "th":
                if !closing {
                    if rowCells > 0 { endBlock(.dot) }
                    rowCells += 1
                }
            case "table":
                // After a table a plain space, not the separator its rows left.
                if closing && !text.isEmpty { pending = .space } else { endBlock(.space) }
            case "p", "li", "blockquote", "ul", "ol", "div", "thead", "tbody", "tfoot", "hr", "br", "dd", "dt", "dl",
                 "section", "figure", "figcaption", "details", "summary", "caption":
                endBlock(.space)
            default:
                break
            }
        }

        /// A block or cell ended: the next text is set apart by `separator` (a " · " already
        /// pending is kept, so a heading's separator survives the paragraph that follows).
        mutating func endBlock(_ separator: Separator) {
            guard !text.isEmpty else { return }
            if separator == .dot || pending == .none { pending = separator }
        }

        mutating func flush(_ run: inout [UInt8]) {
            defer { run.removeAll(keepingCapacity: true) }
            guard !run.isEmpty, skipping == 0 else { return }
            if heading != nil {
                // In place (no copy per run), and no more than could ever be shown or compared.
                if let held = heading?.count, held <= 4 * limit + title.utf8.count {
                    let more = Self.decoded(run)
                    heading?.append(contentsOf: more)
                }
                return
            }
            append(Self.decoded(run))
        }

        /// Adds text, collapsing whitespace into the pending separator.
        mutating func append(_ bytes: [UInt8]) {
            for c in String(decoding: bytes, as: UTF8.self) {
                if full { return }
                if c.isWhitespace {
                    space()
                } else {
                    separate()
                    add(c)
                }
            }
        }

        /// Whitespace: a space before the next text, unless a separator is already pending.
        private mutating func space() {
            if !text.isEmpty && pending == .none { pending = .space }
        }

        /// Before text: the pending separator, if any.
        private mutating func separate() {
            if !text.isEmpty {
                switch pending {
                case .none: break
                // Full-width punctuation carries its own space: "得分。深度", not "得分。 深度".
                case .space: if let last = text.last, !NoteExcerpt.fullWidthPunctuation.contains(last) { add(" ") }
                case .dot: add(" "); add("·"); add(" ")
                }
            }
            pending = .none
        }

        mutating func add(_ c: Character) {
            text.append(c)
            width += columns(c)
        }

        /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references decoded;
        /// anything else kept as written.
        static func decoded(_ bytes: [UInt8]) -> [UInt8] {
            guard bytes.contains(UInt8(ascii: "&")) else { return bytes }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var i = 0
            while i < bytes.count {
                guard bytes[i] == UInt8(ascii: "&"), let semi = bytes[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                    out.append(bytes[i])
                    i += 1
                    continue
                }
                let entity = String(decoding: bytes[(i + 1)..<semi], as: UTF8.self)
                if let scalar = NoteExcerpt.entity(entity) {
                    out += Array(String(Character(scalar)).utf8)
                    i = semi + 1
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            return out
        }
    }

    /// The character a reference names ("amp", "#x27", "#x4E2D", or a decimal number after "#"), or nil.
    static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            // NUL and the surrogates are not characters: a reference to them is kept as written.
            return value.flatMap { $0 == 0 ? nil : Unicode.Scalar($0) }
        }
    }
}
