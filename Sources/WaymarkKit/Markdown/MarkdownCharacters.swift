/// Character classes of CommonMark's delimiter rules (Unicode whitespace and punctuation), read
/// from UTF-8 bytes.
enum MarkdownCharacters {
    /// The character ending just before `index`, or nil at the start.
    static func scalar(before index: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        guard index > 0, index <= bytes.count else { return nil }
        var start = index - 1
        while start > 0, index - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return decode(bytes, at: start)
    }

    /// The character starting at `index`, or nil at the end.
    static func scalar(at index: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        guard index >= 0, index < bytes.count else { return nil }
        return decode(bytes, at: index)
    }

    private static func decode(_ bytes: [UInt8], at start: Int) -> Unicode.Scalar? {
        var iterator = bytes[start...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    /// Unicode white space as CommonMark counts it (the Zs category, tab, line feed, form feed,
    /// carriage return).
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return true
        case 0..<0x80: return false
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// ASCII punctuation, or a character of a Unicode P category.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        case 0..<0x80: return false
        default:
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                 .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
            default: return false
            }
        }
    }

    static func isASCIIAlphanumeric(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    static func isSpaceOrTab(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
}
