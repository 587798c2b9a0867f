/// An attribute value of `export.xml` for `HealthXMLScanner`: found eight bytes at a time while
/// it holds nothing to resolve (the usual case), else copied with its references resolved and
/// its white space normalised as XML says, its UTF-8 checked.
enum HealthXMLValue {
    enum Result {
        /// The value is the bytes up to `end` (the closing quote), as written.
        case raw(end: Int, newlines: Int)
        /// The value is the first `length` bytes written to the scratch memory.
        case resolved(end: Int, length: Int, newlines: Int)
        case incomplete
        case unsupported(String)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The bytes of `w` that may need a look (`"`, `&`, `<`, below 0x20 or above 0x7F), as the
    /// high bit of each: `(x − 0x01…01) & ~x & 0x80…80` marks the zero bytes of `x`, exactly up to
    /// the first (a borrow may mark some above it), so the lowest mark is the first such byte.
    @inline(__always)
    private static func lookMask(_ w: UInt64) -> UInt64 {
        @inline(__always) func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        return zeroByte(w ^ (ones &* 0x22)) | zeroByte(w ^ (ones &* 0x26)) | zeroByte(w ^ (ones &* 0x3C))
            | ((w &- ones &* 0x20) & ~w & highs) | (w & highs)
    }

    /// The value starting at `start` (after its opening `quote`), in `base[start..<end]`.
    /// `scratch` has room for `end − start` bytes.
    static func scan(_ base: UnsafeRawPointer, from start: Int, end: Int, quote: UInt8, into scratch: UnsafeMutableRawPointer?) -> Result {
        var p = start
        var newlines = 0
        /// Bytes written to `scratch` once something had to be resolved; nil while the value is raw.
        var written: Int?
        func copyRaw(upTo q: Int) {
            guard written == nil, let scratch else { return }
            scratch.copyMemory(from: base + start, byteCount: q - start)
            written = q - start
        }
        func put(_ b: UInt8) {
            guard let w = written, let scratch else { return }
            scratch.storeBytes(of: b, toByteOffset: w, as: UInt8.self)
            written = w + 1
        }
        while true {
            if quote == UInt8(ascii: "\"") {
                while p + 8 <= end {
                    let raw = base.loadUnaligned(fromByteOffset: p, as: UInt64.self)
                    let w = UInt64(littleEndian: raw)
                    let mask = lookMask(w)
                    // The bytes before the first marked one are plain (little-endian: lowest first).
                    let plain = mask == 0 ? 8 : mask.trailingZeroBitCount >> 3
                    if let n = written, let scratch {
                        scratch.storeBytes(of: raw, toByteOffset: n, as: UInt64.self)
                        written = n + plain
                    }
                    p += plain
                    if plain < 8 { break }
                }
            }
            guard p < end else { return .incomplete }
            let b = base.load(fromByteOffset: p, as: UInt8.self)
            switch b {
            case quote:
                if let n = written { return .resolved(end: p, length: n, newlines: newlines) }
                return .raw(end: p, newlines: newlines)
            case UInt8(ascii: "<"): return .unsupported("a '<' in an attribute value")
            case UInt8(ascii: "&"):
                switch reference(base, at: p, end: end) {
                case .incomplete: return .incomplete
                case .unsupported(let why): return .unsupported(why)
                case .scalar(let v, let next):
                    copyRaw(upTo: p)
                    // UTF-8 by hand: one to four bytes.
                    if v < 0x80 {
                        put(UInt8(v))
                    } else if v < 0x800 {
                        put(UInt8(0xC0 | v >> 6)); put(UInt8(0x80 | v & 0x3F))
                    } else if v < 0x10000 {
                        put(UInt8(0xE0 | v >> 12)); put(UInt8(0x80 | v >> 6 & 0x3F)); put(UInt8(0x80 | v & 0x3F))
                    } else {
                        put(UInt8(0xF0 | v >> 18)); put(UInt8(0x80 | v >> 12 & 0x3F)); put(UInt8(0x80 | v >> 6 & 0x3F)); put(UInt8(0x80 | v & 0x3F))
                    }
                    p = next
                }
            case 0x09, 0x0A:
                // Attribute-value normalisation: a tab or line break is a space.
                if b == 0x0A { newlines += 1 }
                copyRaw(upTo: p)
                put(0x20)
                p += 1
            case 0..<0x20: return .unsupported(b == 0x0D ? "a carriage return" : "a control character")
            case 0x80...:
                guard let length = utf8Length(base, at: p, end: end) else { return .unsupported("bytes that are not UTF-8 or not XML characters") }
                guard length > 0 else { return .incomplete }
                for k in 0..<length { put(base.load(fromByteOffset: p + k, as: UInt8.self)) }
                p += length
            default:
                put(b)
                p += 1
            }
        }
    }

    private enum Reference {
        case scalar(UInt32, next: Int)
        case incomplete
        case unsupported(String)
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#N;` or `&#xH;` at `p`, read from the bytes
    /// (the `device` attribute of every record has two).
    private static func reference(_ base: UnsafeRawPointer, at p: Int, end: Int) -> Reference {
        var q = p + 1
        while q < end, q - p <= 10, base.load(fromByteOffset: q, as: UInt8.self) != UInt8(ascii: ";") { q += 1 }
        guard q < end else { return q - p > 10 ? .unsupported("an entity reference") : .incomplete }
        guard q - p <= 10 else { return .unsupported("an entity reference") }
        let body = UnsafeRawBufferPointer(start: base + p + 1, count: q - p - 1)
        func named(_ text: StaticString) -> Bool {
            HealthXMLAttributes.equals(body, text)
        }
        if named("lt") { return .scalar(0x3C, next: q + 1) }
        if named("gt") { return .scalar(0x3E, next: q + 1) }
        if named("amp") { return .scalar(0x26, next: q + 1) }
        if named("quot") { return .scalar(0x22, next: q + 1) }
        if named("apos") { return .scalar(0x27, next: q + 1) }
        guard body.first == UInt8(ascii: "#"), body.count >= 2 else { return .unsupported("an entity other than XML's five") }
        let hex = body[1] == UInt8(ascii: "x")
        let digits = body.dropFirst(hex ? 2 : 1)
        guard !digits.isEmpty, digits.count <= 7 else { return .unsupported("a character reference to no XML character") }
        var value: UInt32 = 0
        for d in digits {
            let digit: UInt32
            switch d {
            case 0x30...0x39: digit = UInt32(d - 0x30)
            case 0x61...0x66 where hex: digit = UInt32(d - 0x61 + 10)
            case 0x41...0x46 where hex: digit = UInt32(d - 0x41 + 10)
            default: return .unsupported("a character reference to no XML character")
            }
            value = value * (hex ? 16 : 10) + digit
        }
        guard isXMLChar(value) else { return .unsupported("a character reference to no XML character") }
        return .scalar(value, next: q + 1)
    }

    /// XML 1.0's Char: tab, line breaks, and U+0020 on but surrogates, U+FFFE and U+FFFF.
    static func isXMLChar(_ v: UInt32) -> Bool {
        v == 0x09 || v == 0x0A || v == 0x0D || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
    }

    /// The length of the UTF-8 sequence at `p` when it is a valid XML character; 0 when it is cut
    /// by `end`; nil when it is not valid.
    private static func utf8Length(_ base: UnsafeRawPointer, at p: Int, end: Int) -> Int? {
        let b0 = base.load(fromByteOffset: p, as: UInt8.self)
        let length: Int
        var value: UInt32
        switch b0 {
        case 0xC2...0xDF: (length, value) = (2, UInt32(b0 & 0x1F))
        case 0xE0...0xEF: (length, value) = (3, UInt32(b0 & 0x0F))
        case 0xF0...0xF4: (length, value) = (4, UInt32(b0 & 0x07))
        default: return nil
        }
        guard p + length <= end else { return 0 }
        for k in 1..<length {
            let b = base.load(fromByteOffset: p + k, as: UInt8.self)
            guard b & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(b & 0x3F)
        }
        // Overlong forms: the value must need this many bytes.
        let least: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= least, isXMLChar(value) else { return nil }
        return length
    }
}
