extension FastRecordDecoder {
    /// The bytes of a string without escapes or control characters; nil for anything else.
    mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
        guard let found = stringSpan() else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[found])
    }

    /// Where the content of a string without escapes or control characters lies; nil for
    /// anything else. Consumed up to and with the closing quote.
    mutating func stringSpan() -> Range<Int>? {
        guard peek() == UInt8(ascii: "\""), let base = bytes.baseAddress else { return nil }
        let start = index + 1
        var i = start
        // Eight bytes at a time while none is a quote, a backslash or a control byte: a zero
        // byte in `v ^ pattern` (or a byte below 0x20 in `v`) sets its high bit in `found`. No
        // borrow reaches a byte below the first such one, so the lowest bit set marks it exactly.
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while i <= bytes.count - 8 {
            let v = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let quote = v ^ (ones &* 0x22), backslash = v ^ (ones &* 0x5C)
            let found = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (v &- ones &* 0x20) & ~v) & highs
            if found != 0 {
                i += found.trailingZeroBitCount >> 3
                break
            }
            i += 8
        }
        // The byte found, or the last bytes of the file one at a time.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                index = i + 1
                return start..<i
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
            i += 1
        }
        return nil
    }

    /// Text or null, as `RecordReader.string` reads it when the value is a string; the outer
    /// optional is nil when the fast path cannot tell.
    mutating func text() -> String?? {
        if null() { return .some(nil) }
        guard let raw = rawString() else { return nil }
        return .some(interner?.string(raw) ?? String(decoding: raw, as: UTF8.self))
    }
}
