/// Escapes text for HTML element content and quoted attribute values: `& < > " '`. Control
/// characters (C0 other than tab and line breaks, DEL, C1) cannot appear in HTML and become U+FFFD.
public enum HTMLEscape {
    public static func escape(_ text: String) -> String {
        var out = ""
        append(text, to: &out)
        return out
    }

    /// The bytes that may need escaping: `& < > " '`, C0 controls other than tab and line breaks,
    /// DEL, and 0xC2, which leads the UTF-8 of C1 controls (and of some harmless characters,
    /// which then take the slow path).
    static let needsEscape: [Bool] = (0..<256).map { b in
        b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27 || (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D) || b == 0x7F || b == 0xC2
    }

    /// Appends the escaped text; the fast path copies text that needs no escaping in one go.
    public static func append(_ text: String, to out: inout String) {
        let table = needsEscape
        guard text.utf8.contains(where: { table[Int($0)] }) else {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }

    /// Appends the escaped text as UTF-8 bytes; text that needs no escaping is copied in one go.
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { source in
            let table = needsEscape
            guard source.contains(where: { table[Int($0)] }) else {
                out.append(contentsOf: source)
                return
            }
            var escaped = ""
            append(String(decoding: source, as: UTF8.self), to: &escaped)
            out.append(contentsOf: escaped.utf8)
        }
    }
}
