/// The UTF-8 of `NoteExcerpt.normalized(text)` (smart punctuation undone as `UnsmartText` does,
/// whitespace collapsed, lower case) one byte at a time, made from the text's bytes for as long
/// as its scalars are plain (`ExcerptScalars`). What it gives is always the beginning of the
/// reference's: a plain scalar is a character of its own whose whitespace and lower case are
/// its own, and a space is given only with the plain text after it (a mark after a space would
/// make one whitespace character of both).
struct NormalizedBytes {
    enum Next: Equatable {
        case byte(UInt8)
        case end
        /// A scalar that is not plain, or bytes that are not UTF-8: the reference must answer.
        case notPlain
    }

    private let text: ArraySlice<UInt8>
    private var i: Int
    /// Bytes made and not yet given, the next in the lowest byte: a space and up to 3 more.
    private var queue: UInt32 = 0
    private var queued = 0
    private var space = false
    private var started = false

    init(_ text: ArraySlice<UInt8>) {
        self.text = text
        i = text.startIndex
    }

    mutating func next() -> Next {
        if queued == 0 && !fill() { return i < text.endIndex ? .notPlain : .end }
        let b = UInt8(truncatingIfNeeded: queue)
        queue >>= 8
        queued -= 1
        return .byte(b)
    }

    /// Whether two texts are the same once normalized: nil when one of them reaches a scalar
    /// that is not plain before they differ. Plain texts are equal only byte for byte (no plain
    /// scalar has a canonical equivalent or combines), so the first differing byte answers.
    static func same(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool? {
        var x = NormalizedBytes(a), y = NormalizedBytes(b)
        while true {
            let p = x.next(), q = y.next()
            if p == .notPlain || q == .notPlain { return nil }
            if p != q { return false }
            if p == .end { return true }
        }
    }

    /// Queues what the next character other than whitespace makes (after a space when
    /// whitespace came between it and earlier text); false at the end or at a scalar that is not
    /// plain, where `i` stays.
    private mutating func fill() -> Bool {
        while i < text.endIndex {
            let lead = text[i]
            var piece: UInt32
            var count: Int
            if lead == 0xE2, text.endIndex - i >= 3, text[i + 1] == 0x80, let ascii = Self.unsmart(text[i + 2]) {
                (piece, count) = ascii
                i += 3
            } else {
                guard let v = ExcerptScalars.plain(text, at: i) else { return false }
                if v < 0x80 && ExcerptScalars.isWhitespace(ascii: UInt8(v)) {
                    space = started
                    i += 1
                    continue
                }
                if v < 0x80 {
                    piece = v >= 0x41 && v <= 0x5A ? v | 0x20 : v
                    count = 1
                } else {
                    piece = UInt32(lead) | UInt32(text[i + 1]) << 8 | UInt32(text[i + 2]) << 16
                    count = 3
                }
                i += count
            }
            if space {
                piece = piece << 8 | 0x20
                count += 1
            }
            (queue, queued) = (piece, count)
            space = false
            started = true
            return true
        }
        return false
    }

    /// `UnsmartText`'s ASCII for E2 80 `last`, as bytes from the lowest, and how many.
    private static func unsmart(_ last: UInt8) -> (UInt32, Int)? {
        switch last {
        case 0x93: return (0x2D2D, 2)
        case 0x94: return (0x2D2D2D, 3)
        case 0xA6: return (0x2E2E2E, 3)
        case 0x98, 0x99: return (0x27, 1)
        case 0x9C, 0x9D: return (0x22, 1)
        default: return nil
        }
    }
}
