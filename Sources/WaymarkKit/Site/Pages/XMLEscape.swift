/// Text for XML 1.0 documents (the Atom feed): `& < > "` escaped, and characters XML 1.0 does
/// not allow at all (C0 controls other than tab and line breaks, U+FFFE, U+FFFF) left out, as no
/// escape can write them. C1 controls (U+0080–U+009F) and DEL are allowed but discouraged by
/// XML 1.0 and mean nothing in a note: they are left out too. A note's text is the user's data
/// and may hold anything.
enum XMLEscape {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        append(text, to: &out)
        return out
    }

    static func append(_ text: String, to out: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: if isAllowed(scalar) { out.unicodeScalars.append(scalar) }
            }
        }
    }

    /// `text` without the characters `append` leaves out, unescaped.
    static func clean(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(isAllowed) else { return text }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: text.unicodeScalars.filter(isAllowed))
        return String(out)
    }

    /// Whether XML 1.0 allows `c` (its `Char` production, less the discouraged controls).
    static func isAllowed(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09, 0x0A, 0x0D: return true
        case 0x00..<0x20, 0x7F...0x9F, 0xFFFE, 0xFFFF: return false
        default: return true
        }
    }
}
