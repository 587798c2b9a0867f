#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the explicit direction controls of text from the data from reaching past it.
///
/// The embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) each open or close
/// a run of text that the browser lays out in a direction of its own. One left open (a name that
/// ends in a lone U+202E RIGHT-TO-LEFT OVERRIDE) reverses everything after it up to the end of the
/// paragraph: the numbers beside a name in a table, the rest of a title, the next link. So:
///
/// - Text that holds such a control is balanced (a closer with nothing open for it is dropped,
///   and whatever is still open is closed at the text's end) and then wrapped in FIRST STRONG
///   ISOLATE … POP DIRECTIONAL ISOLATE, the plain-text form of `<bdi>`, which works where markup
///   cannot go: attributes, `<title>`, SVG text. Its own direction then affects nothing around it.
/// - Text without one is left exactly as it is, so pages of ordinary data do not change.
/// - HTML from a note (`confined(html:)`): each control is closed at the end of the element it was
///   opened in, and a closer with nothing open for it in that element is dropped.
///
/// What counts as open follows the Unicode Bidirectional Algorithm (UAX #9, X1–X8): PDF closes the
/// innermost embedding or override opened since the last isolate still open; PDI closes the
/// innermost isolate and everything opened inside it.
enum BidiIsolation {
    static let firstStrongIsolate: [UInt8] = [0xE2, 0x81, 0xA8]  // U+2068
    static let popIsolate: [UInt8] = [0xE2, 0x81, 0xA9]  // U+2069
    static let popFormatting: [UInt8] = [0xE2, 0x80, 0xAC]  // U+202C

    /// The control whose UTF-8 starts at `i`, as its scalar value; nil for anything else.
    @inline(__always)
    static func control(at i: Int, in s: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard s[i] == 0xE2, i + 2 < s.count else { return nil }
        let second = s[i + 1], third = s[i + 2]
        if second == 0x80 && third >= 0xAA && third <= 0xAE { return 0x2000 + UInt32(third - 0x80) }
        if second == 0x81 && third >= 0xA6 && third <= 0xA9 { return 0x2040 + UInt32(third - 0x80) }
        return nil
    }

    /// Whether `s` holds a control. Every control's UTF-8 starts with 0xE2, found with `memchr`,
    /// so text without one costs a single fast scan.
    static func containsControl(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = s.baseAddress else { return false }
        var i = 0
        while i < s.count, let hit = memchr(base + i, 0xE2, s.count - i) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if control(at: at, in: s) != nil { return true }
            i = at + 1
        }
        return false
    }

    /// What is open at a point of the text, innermost last.
    struct Balance {
        enum Opened { case embedding, isolate }
        private(set) var open: [Opened] = []

        /// Whether the control `c` is kept: openers always are, closers only when they close
        /// something (which they then do).
        mutating func keep(_ c: UInt32) -> Bool {
            switch c {
            case 0x202C:
                guard open.last == .embedding else { return false }
                open.removeLast()
            case 0x2069:
                guard let i = open.lastIndex(of: .isolate) else { return false }
                open.removeSubrange(i...)
            case 0x2066, 0x2067, 0x2068:
                open.append(.isolate)
            default:
                open.append(.embedding)
            }
            return true
        }

        /// The closers of everything still open, innermost first.
        mutating func close(into out: inout [UInt8]) {
            while let last = open.popLast() { out += last == .isolate ? BidiIsolation.popIsolate : BidiIsolation.popFormatting }
        }
    }

    /// `s` balanced and wrapped in FSI … PDI; nil when it holds no control.
    static func isolated(_ s: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard containsControl(s) else { return nil }
        var out = firstStrongIsolate
        out.reserveCapacity(s.count + 12)
        var balance = Balance()
        append(s, balancing: &balance, to: &out)
        balance.close(into: &out)
        out += popIsolate
        return out
    }

    /// `text` balanced and wrapped in FSI … PDI, for text that is put together with other text
    /// before it is escaped (a name inside a title); `text` itself when it holds no control.
    static func isolated(_ text: String) -> String {
        var text = text
        guard let bytes = text.withUTF8({ isolated($0) }) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Copies `s`, dropping the closers `balance` finds nothing open for.
    private static func append(_ s: UnsafeBufferPointer<UInt8>, balancing balance: inout Balance, to out: inout [UInt8]) {
        var run = 0, i = 0
        while i < s.count {
            if let c = control(at: i, in: s) {
                if !balance.keep(c) {
                    out += UnsafeBufferPointer(rebasing: s[run..<i])
                    run = i + 3
                }
                i += 3
            } else {
                i += 1
            }
        }
        out += UnsafeBufferPointer(rebasing: s[run...])
    }

    /// Elements that have no end tag, so open no scope of their own.
    static let voidElements: Set<[UInt8]> = Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                                                 "track", "wbr"].map { Array($0.utf8) })

    /// Note HTML (cmark's, which quotes every attribute and escapes `<`, `>` and `"` in text and
    /// attribute values) with every control closed at the end of the element it was opened in,
    /// and closers with nothing open for them in that element dropped. An attribute value is
    /// treated as text of its own (`isolated`). Unchanged when it holds no control.
    static func confined(html: [UInt8]) -> [UInt8] {
        html.withUnsafeBufferPointer { s in
            guard containsControl(s) else { return html }
            var out: [UInt8] = []
            out.reserveCapacity(s.count + 64)
            // One balance per open element, the document's first.
            var scopes = [Balance()]
            var i = 0
            while i < s.count {
                guard s[i] == UInt8(ascii: "<") else {
                    let end = nextTag(s, from: i)
                    var balance = scopes.removeLast()
                    append(UnsafeBufferPointer(rebasing: s[i..<end]), balancing: &balance, to: &out)
                    scopes.append(balance)
                    i = end
                    continue
                }
                let end = tagEnd(s, from: i)
                let tag = UnsafeBufferPointer(rebasing: s[i..<end])
                if tag.count > 1 && tag[1] == UInt8(ascii: "/") {
                    // An end tag closes what its element left open; a stray one closes nothing.
                    if scopes.count > 1 {
                        var balance = scopes.removeLast()
                        balance.close(into: &out)
                    }
                    out += tag
                } else if tag.count > 1 && (tag[1] == UInt8(ascii: "!") || tag[1] == UInt8(ascii: "?")) {
                    out += tag
                } else {
                    appendStartTag(tag, to: &out)
                    let selfClosing = tag.count > 2 && tag[tag.count - 2] == UInt8(ascii: "/")
                    if !selfClosing && !voidElements.contains(name(of: tag)) { scopes.append(Balance()) }
                }
                i = end
            }
            while var balance = scopes.popLast() { balance.close(into: &out) }
            return out
        }
    }

    /// The offset of the next `<` at or after `i`, or the end.
    private static func nextTag(_ s: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        guard let base = s.baseAddress, let hit = memchr(base + i, Int32(UInt8(ascii: "<")), s.count - i) else { return s.count }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// The offset just past the `>` that ends the tag starting at `i` (cmark never writes `>`
    /// inside one), or the end.
    private static func tagEnd(_ s: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        guard let base = s.baseAddress, let hit = memchr(base + i, Int32(UInt8(ascii: ">")), s.count - i) else { return s.count }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
    }

    /// The lower-cased element name of a start tag.
    private static func name(of tag: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var name: [UInt8] = []
        for b in tag.dropFirst() {
            let lower = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
            guard (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) else { break }
            name.append(lower)
        }
        return name
    }

    /// A start tag with each quoted attribute value isolated on its own.
    private static func appendStartTag(_ tag: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var i = 0
        while i < tag.count {
            guard tag[i] == UInt8(ascii: "\""), let close = tag[(i + 1)...].firstIndex(of: UInt8(ascii: "\"")) else {
                out.append(tag[i])
                i += 1
                continue
            }
            let value = UnsafeBufferPointer(rebasing: tag[(i + 1)..<close])
            out.append(tag[i])
            if let isolated = isolated(value) { out += isolated } else { out += value }
            out.append(tag[close])
            i = close + 1
        }
    }
}
