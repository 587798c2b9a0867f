/// The scalars an excerpt reads from their bytes alone, "plain" scalars: ASCII, CJK ideographs
/// (U+4E00–U+9FFF), the CJK punctuation and brackets U+3001–U+3002 and U+3008–U+3011, the
/// full-width punctuation and digits U+FF01–U+FF20, and U+2010–U+2027 (dashes, curly quotes and
/// the ellipsis of cmark's smart punctuation). Each of them is a character of its own beside any
/// other (as a Latin letter is: no mark joins it, and it joins nothing), has no lower case, no
/// canonical equivalent and no whitespace, so two plain scalars side by side are two characters
/// and a plain text equals another only byte for byte. `NoteExcerptTests` checks all of that
/// against Swift's own characters for every plain scalar.
enum ExcerptScalars {
    /// The plain scalar whose UTF-8 begins at `i` (one byte for ASCII, three for the others), or
    /// nil for any other scalar and for bytes that are not UTF-8.
    @inline(__always)
    static func plain<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at i: Int) -> UInt32? where Bytes.Index == Int {
        let lead = bytes[i]
        if lead < 0x80 { return UInt32(lead) }
        // Every plain scalar above ASCII is three bytes, E2 to E9 or EF first.
        guard lead >= 0xE2, lead <= 0xEF, bytes.endIndex - i >= 3 else { return nil }
        let second = bytes[i + 1], third = bytes[i + 2]
        guard second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return nil }
        let v = UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
        return isPlain(v) ? v : nil
    }

    /// Whether a scalar above ASCII is plain.
    static func isPlain(_ v: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(v) || (0x2010...0x2027).contains(v) || (0x3001...0x3002).contains(v)
            || (0x3008...0x3011).contains(v) || (0xFF01...0xFF20).contains(v)
    }

    /// The UTF-8 length of a plain scalar.
    static func length(_ v: UInt32) -> Int { v < 0x80 ? 1 : 3 }

    /// Whether a plain scalar above ASCII is two columns: the wide ranges of `NoteExcerpt.isWide`
    /// hold every plain scalar from U+3000 on and none below.
    static func isWide(_ v: UInt32) -> Bool { v >= 0x3000 }

    /// `ExcerptText.Traits(Character(scalar))` of a plain scalar above ASCII, from its value.
    static func traits(_ v: UInt32) -> ExcerptText.Traits {
        var traits: ExcerptText.Traits = isWide(v) ? .wide : []
        switch v {
        // – — ‘ “ … 、 。 〈 《 「 『 【 ！ （ ， ： ； ？
        case 0x2013, 0x2014, 0x2018, 0x201C, 0x2026, 0x3001, 0x3002, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010,
             0xFF01, 0xFF08, 0xFF0C, 0xFF1A, 0xFF1B, 0xFF1F:
            traits.insert(.trailing)
        default: break
        }
        switch v {
        // 、 。 》 」 』 】 ！ ） ， ： ； ？
        case 0x3001, 0x3002, 0x300B, 0x300D, 0x300F, 0x3011, 0xFF01, 0xFF09, 0xFF0C, 0xFF1A, 0xFF1B, 0xFF1F:
            traits.insert(.fullWidth)
        default: break
        }
        return traits
    }

    /// `ExcerptText.Traits(Character(Unicode.Scalar(b)))` of an ASCII byte.
    static func asciiTraits(_ b: UInt8) -> ExcerptText.Traits {
        switch b {
        case 0x09...0x0D, 0x20: return .space
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?"),
             UInt8(ascii: "-"), UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .trailing
        default: return []
        }
    }

    static func isWhitespace(ascii b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
}
