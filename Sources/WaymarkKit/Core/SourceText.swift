import Synchronization

/// The bytes of a text file after the encoding checks every reader needs: a UTF-8 BOM is removed,
/// UTF-16/32 and invalid UTF-8 are refused with the position of the first bad byte.
public struct SourceText: Sendable {
    /// The UTF-8 bytes, without a BOM.
    public let bytes: [UInt8]

    /// Why a file cannot be read as UTF-8 text.
    public struct EncodingError: Error, Sendable, Equatable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    public init(checking raw: [UInt8]) throws(EncodingError) {
        try self.init(checking: raw, parallelism: .serial)
    }

    /// As `init(checking:)`, a large file's bytes checked in parts side by side.
    init(checking raw: [UInt8], parallelism: Parallelism) throws(EncodingError) {
        if raw.count >= 2, (raw[0] == 0xFF && raw[1] == 0xFE) || (raw[0] == 0xFE && raw[1] == 0xFF) {
            throw EncodingError(line: 1, column: 1, message: "the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8")
        }
        var body = raw
        if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF {
            body.removeFirst(3)
        }
        // UTF-16 without a BOM shows up as NUL bytes between ASCII characters; text never holds NUL.
        // One pass looks for both; a NUL anywhere is reported before bad UTF-8.
        let (hasNUL, bad) = SourceText.scan(body, parallelism: parallelism)
        if hasNUL, let nul = body.firstIndex(of: 0) {
            if nul < 4 {
                throw EncodingError(line: 1, column: 1, message: "the file contains NUL bytes; it looks like UTF-16 or binary data, save it as UTF-8 text")
            }
            let (line, column) = SourceText.lineColumn(of: nul, in: body)
            throw EncodingError(line: line, column: column, message: "the file contains a NUL byte; text files must not")
        }
        if let bad {
            let (line, column) = SourceText.lineColumn(of: bad, in: body)
            throw EncodingError(line: line, column: column,
                                message: "invalid UTF-8 (byte 0x\(String(body[bad], radix: 16, uppercase: true))); save the file as UTF-8")
        }
        bytes = body
    }

    /// The offset of the first byte that breaks UTF-8, or nil when all is well.
    static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        b.withUnsafeBufferPointer { firstInvalidUTF8($0) }
    }

    static func firstInvalidUTF8(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        scan(b, stopAtNUL: false).invalid
    }

    /// Bytes per part below which a check is not split.
    static let bytesPerPart = 4 << 20

    /// `scan(b, stopAtNUL: true)`, in as many parts as `parallelism` has cores when the bytes are
    /// many. Each part begins at a byte that is not a continuation byte, so a character never
    /// spans two parts: one that would is broken at the same byte in a whole scan too (the byte
    /// after the cut cannot continue it). A NUL in any part counts; otherwise the first part
    /// with bad UTF-8 says where.
    static func scan(_ b: [UInt8], parallelism: Parallelism, bytesPerPart: Int = bytesPerPart) -> (nul: Bool, invalid: Int?) {
        let parts = min(parallelism.cores, b.count / max(4, bytesPerPart))
        guard parts > 1 else { return b.withUnsafeBufferPointer { scan($0, stopAtNUL: true) } }
        var cuts = [0]
        for k in 1..<parts {
            var cut = b.count * k / parts
            // Four continuation bytes in a row are never valid UTF-8: then the whole scan decides.
            for _ in 0..<4 where cut + 1 < b.count && b[cut] & 0xC0 == 0x80 { cut += 1 }
            guard b[cut] & 0xC0 != 0x80 else { return b.withUnsafeBufferPointer { scan($0, stopAtNUL: true) } }
            cuts.append(cut)
        }
        cuts.append(b.count)
        let bounds = cuts
        let found = Mutex<[(nul: Bool, invalid: Int?)]>(Array(repeating: (false, nil), count: parts))
        parallelism.perform(parts) { k in
            let result = b.withUnsafeBufferPointer { whole in
                scan(UnsafeBufferPointer(rebasing: whole[bounds[k]..<bounds[k + 1]]), stopAtNUL: true)
            }
            found.withLock { $0[k] = (result.nul, result.invalid.map { $0 + bounds[k] }) }
        }
        let results = found.withLock { $0 }
        if results.contains(where: \.nul) { return (true, nil) }
        return (false, results.lazy.compactMap(\.invalid).first)
    }

    /// The offset of the first byte that breaks UTF-8 and, with `stopAtNUL`, whether the bytes
    /// hold a NUL (then the scan may stop there, and `invalid` is meaningless).
    static func scan(_ b: UnsafeBufferPointer<UInt8>, stopAtNUL: Bool) -> (nul: Bool, invalid: Int?) {
        var i = 0
        let n = b.count
        let raw = UnsafeRawBufferPointer(b)
        // Bad UTF-8 at `k`: every byte before it was checked for NUL; look at the rest too.
        func bad(_ k: Int) -> (nul: Bool, invalid: Int?) {
            (stopAtNUL && UnsafeBufferPointer(rebasing: b[k...]).contains(0), k)
        }
        while i < n {
            // Eight ASCII bytes at a time: most exports are mostly ASCII.
            while i + 8 <= n {
                let v = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if v & 0x8080_8080_8080_8080 != 0 { break }
                if stopAtNUL && (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080 != 0 { return (true, nil) }
                i += 8
            }
            guard i < n else { break }
            let c = b[i]
            if c < 0x80 {
                if stopAtNUL && c == 0 { return (true, nil) }
                i += 1
                continue
            }
            let need: Int
            var minimum: UInt32
            var value: UInt32
            switch c {
            case 0xC2...0xDF: need = 1; minimum = 0x80; value = UInt32(c & 0x1F)
            case 0xE0...0xEF: need = 2; minimum = 0x800; value = UInt32(c & 0x0F)
            case 0xF0...0xF4: need = 3; minimum = 0x10000; value = UInt32(c & 0x07)
            default: return bad(i)
            }
            guard i + need < n else { return bad(i) }
            for k in 1...need {
                let cc = b[i + k]
                guard cc & 0xC0 == 0x80 else { return bad(i) }
                value = value << 6 | UInt32(cc & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return bad(i) }
            i += need + 1
        }
        return (false, nil)
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    public static func lineColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 && b != 0x0D {
                column += 1
            }
            i += 1
        }
        return (line, column)
    }
}
