/// An sRGB colour from the data, kept as validated components so that nothing but `#rrggbb`
/// can ever reach a stylesheet or attribute.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads `#rgb`, `#rrggbb`, `#rrggbbaa` (alpha dropped), with or without `#` or `0x`.
    public init?(hex text: String) {
        var s = Substring(text.trimmingWhitespace())
        if s.hasPrefix("#") { s = s.dropFirst() } else if s.hasPrefix("0x") || s.hasPrefix("0X") { s = s.dropFirst(2) }
        guard s.allSatisfy({ $0.isHexDigit && $0.isASCII }) else { return nil }
        let digits = Array(s).compactMap { $0.hexDigitValue }
        switch digits.count {
        case 3:
            red = UInt8(digits[0] * 17); green = UInt8(digits[1] * 17); blue = UInt8(digits[2] * 17)
        case 6, 8:
            red = UInt8(digits[0] * 16 + digits[1]); green = UInt8(digits[2] * 16 + digits[3])
            blue = UInt8(digits[4] * 16 + digits[5])
        default:
            return nil
        }
    }

    /// `#rrggbb`, lower case. Written as its seven bytes: every page with habits names their
    /// colours, and a table of hex digits as `Character`s cost 5,000 instructions a colour.
    public var description: String {
        String(unsafeUninitializedCapacity: 7) { out in
            out[0] = UInt8(ascii: "#")
            out[1] = Color.hexDigit(red >> 4); out[2] = Color.hexDigit(red & 15)
            out[3] = Color.hexDigit(green >> 4); out[4] = Color.hexDigit(green & 15)
            out[5] = Color.hexDigit(blue >> 4); out[6] = Color.hexDigit(blue & 15)
            return 7
        }
    }

    /// The lower-case hex digit of `n` (0…15).
    private static func hexDigit(_ n: UInt8) -> UInt8 {
        n < 10 ? UInt8(ascii: "0") + n : UInt8(ascii: "a") + (n - 10)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> String {
        // Almost every value has nothing to trim: check the ends' bytes before touching characters.
        if let first = utf8.first, let last = utf8.last, !Self.isSpaceByte(first), !Self.isSpaceByte(last) { return self }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{FEFF}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }

    private static func isSpaceByte(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0xEF  // 0xEF starts a BOM (U+FEFF)
    }
}
