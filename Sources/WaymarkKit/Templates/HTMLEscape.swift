/// Escapes text for HTML element content and quoted attribute values: `& < > " '`. Control
/// characters (C0 other than tab and line breaks, DEL, C1) cannot appear in HTML and become U+FFFD.
public enum HTMLEscape {
    public static func escape(_ text: String) -> String {
        var out = ""
        append(text, to: &out)
        return out
    }

    /// Appends the escaped text; the fast path copies text that needs no escaping in one go.
    public static func append(_ text: String, to out: inout String) {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F || $0 == 0xC2 }) else {
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
}
