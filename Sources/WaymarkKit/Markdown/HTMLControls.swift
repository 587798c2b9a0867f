/// Control characters in a note's HTML: HTML has no place for them in text (a parse error, and
/// an escape sequence in a file someone prints to a terminal), and cmark passes them through from
/// the Markdown. They are left out, as a note's excerpt always left them: nothing shows them.
enum HTMLControls {
    /// `html` without its C0 controls but tab, line feed, form feed and carriage return, DEL,
    /// and C1 controls (U+0080–U+009F); the same array when it has none.
    static func removed(from html: [UInt8]) -> [UInt8] {
        guard let first = firstControl(in: html) else { return html }
        var out = Array(html[..<first])
        out.reserveCapacity(html.count)
        var i = first
        while i < html.count {
            if let length = controlLength(html, at: i) {
                i += length
            } else {
                out.append(html[i])
                i += 1
            }
        }
        return out
    }

    /// Where the first control character of `html` starts, or nil.
    static func firstControl(in html: [UInt8]) -> Int? {
        html.indices.first { controlLength(html, at: $0) != nil }
    }

    /// The length of the control character starting at `i`, or nil when there is none there.
    @inline(__always)
    private static func controlLength(_ html: [UInt8], at i: Int) -> Int? {
        let byte = html[i]
        switch byte {
        case 0x09, 0x0A, 0x0C, 0x0D: return nil
        case 0x00..<0x20, 0x7F: return 1
        case 0xC2: return i + 1 < html.count && (0x80...0x9F).contains(html[i + 1]) ? 2 : nil
        default: return nil
        }
    }
}
