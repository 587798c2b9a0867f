/// Escapes text for HTML element content and quoted attribute values: `& < > " '`. Control
/// characters (C0 other than tab and line breaks, DEL, C1) cannot appear in HTML and become U+FFFD.
/// Text holding a direction control is isolated first (`BidiIsolation`), so that a lone override
/// in a name cannot reverse what follows it on the page.
public enum HTMLEscape {
    public static func escape(_ text: String) -> String {
        var out = ""
        append(text, to: &out)
        return out
    }

    /// The bytes that may need escaping: `& < > " '`, C0 controls other than tab and line breaks,
    /// DEL, and 0xC2, which leads the UTF-8 of C1 controls (and of harmless characters such as
    /// "·" and "°"; `nextChange` tells them apart).
    static let needsEscape: [Bool] = (0..<256).map { b in
        b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27 || (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D) || b == 0x7F || b == 0xC2
    }

    /// Appends the escaped text; text that needs no escaping is appended as it is.
    public static func append(_ text: String, to out: inout String) {
        var text = text
        let escaped: [UInt8]? = text.withUTF8 { source in
            guard changes(source) else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(source.count + 16)
            escape(source) { start, count in bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: count)) }
            return bytes
        }
        if let escaped { out += String(decoding: escaped, as: UTF8.self) } else { out += text }
    }

    /// Whether escaping changes `source`.
    static func changes(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        nextChange(in: source, from: 0) != nil || BidiIsolation.containsControl(source)
    }

    /// The bytes that may begin something escaping changes: those of `needsEscape`, and 0xE2,
    /// which leads the UTF-8 of the direction controls (and of many harmless characters).
    static let mayChange: [Bool] = (0..<256).map { needsEscape[$0] || $0 == 0xE2 }

    /// Whether escaping leaves `source` as it is, found in one pass over its bytes: most text on
    /// a page (names, dates, figures, a "·" between them) has nothing to escape.
    @inline(__always)
    static func isUnchanged(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        let table = mayChange
        let n = source.count
        var i = 0
        while i < n {
            let b = source[i]
            if table[Int(b)] {
                if b == 0xC2 {
                    guard i + 1 < n, !(0x80...0x9F).contains(source[i + 1]) else { return false }
                } else if b == 0xE2 {
                    if BidiIsolation.control(at: i, in: source) != nil { return false }
                } else {
                    return false
                }
            }
            i += 1
        }
        return true
    }

    /// The offset of the first byte at or after `start` that escaping replaces: a byte of
    /// `needsEscape`, except a 0xC2 that leads a character other than a C1 control.
    @inline(__always)
    static func nextChange(in source: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let table = needsEscape
        var i = start
        let n = source.count
        while i < n {
            let b = source[i]
            if table[Int(b)] {
                guard b == 0xC2, i + 1 < n, !(0x80...0x9F).contains(source[i + 1]) else { return i }
                i += 1
            }
            i += 1
        }
        return nil
    }

    /// Appends the escaped text as UTF-8 bytes; runs that need no escaping are copied in one go.
    static func append(_ text: String, to out: inout ByteBuffer) {
        var text = text
        text.withUTF8 { append($0, to: &out) }
    }

    /// Appends `source`, the UTF-8 of a text, escaped as `append(_:to:)` escapes the text.
    static func append(_ source: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
        if isUnchanged(source) {
            out.append(source)
        } else {
            escape(source) { start, count in out.append(start, count) }
        }
    }

    /// Appends the escaped text as UTF-8 bytes; runs that need no escaping are copied in one go.
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { source in
            if isUnchanged(source) {
                out.append(contentsOf: source)
            } else {
                escape(source) { start, count in out.append(contentsOf: UnsafeBufferPointer(start: start, count: count)) }
            }
        }
    }

    /// The escaped bytes of `source`, isolated when it holds a direction control, handed to
    /// `emit` as runs.
    @inline(__always)
    static func escape(_ source: UnsafeBufferPointer<UInt8>, _ emit: (UnsafePointer<UInt8>, Int) -> Void) {
        if let isolated = BidiIsolation.isolated(source) {
            isolated.withUnsafeBufferPointer { escapeCharacters($0, emit) }
        } else {
            escapeCharacters(source, emit)
        }
    }

    /// The escaped bytes of `source`, handed to `emit` as runs (copies of `source` and
    /// replacements). Works on the bytes: 0xC2 leads C1 controls (0xC2 0x80…0x9F) but also "·",
    /// "°" and the like, which are copied as they are.
    @inline(__always)
    private static func escapeCharacters(_ source: UnsafeBufferPointer<UInt8>, _ emit: (UnsafePointer<UInt8>, Int) -> Void) {
        guard let base = source.baseAddress else { return }
        var run = 0
        let n = source.count
        while let i = nextChange(in: source, from: run) {
            if i > run { emit(base + run, i - run) }
            var width = 1
            let replacement: StaticString
            switch source[i] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            case 0xC2:
                width = i + 1 < n ? 2 : 1  // a C1 control (a lone 0xC2 cannot occur in a String)
                replacement = "\u{FFFD}"
            default: replacement = "\u{FFFD}"  // C0 control or DEL
            }
            emit(replacement.utf8Start, replacement.utf8CodeUnitCount)
            run = i + width
        }
        if n > run { emit(base + run, n - run) }
    }
}
