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
        var builder = DaylioMarkdownBuilder()
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

    /// An entity starting at `start` (`&nbsp;`, `&amp;`, a decimal or hexadecimal number such as `&#x27;`): the character and
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
}
