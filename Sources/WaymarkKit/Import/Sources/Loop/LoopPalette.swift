/// Loop Habit Tracker's habit colours. Its database stores a colour as a number whose meaning
/// changed twice (uhabits' migrations 14 and 21):
///
/// - schema versions before 14: the colour itself, as a signed ARGB integer (`-16742021` is
///   `0xFF00897B`, teal);
/// - versions 14 to 20: an index into a palette of 13 colours;
/// - versions 21 and later: an index into the palette of 20 colours below, which the CSV export
///   also writes as `#RRGGBB` (uhabits' `PaletteColor.toCsvColor`).
enum LoopPalette {
    /// The 20 colours of the current palette, by index.
    static let colors: [Color] = [
        0xD32F2F, 0xE64A19, 0xF57C00, 0xFF8F00, 0xF9A825, 0xAFB42B, 0x7CB342, 0x388E3C, 0x00897B, 0x00ACC1,
        0x039BE5, 0x1976D2, 0x303F9F, 0x5E35B1, 0x8E24AA, 0xD81B60, 0x5D4037, 0x303030, 0x757575, 0xAAAAAA,
    ].map(rgb)

    /// Where migration 21 moved each index of the 13-colour palette.
    static let oldIndexToNew = [0, 1, 4, 5, 7, 8, 9, 10, 13, 14, 15, 17, 19]

    /// The colour a database of schema `version` means by `stored`; nil when it names none.
    static func color(stored: Int64, schemaVersion version: Int64) -> Color? {
        if version < 14 {
            // An ARGB int as Android keeps it: 32 bits, usually negative (alpha 0xFF).
            guard let argb = Int32(exactly: stored) else { return nil }
            return rgb(Int(UInt32(bitPattern: argb) & 0xFF_FFFF))
        }
        guard let index = Int(exactly: stored), index >= 0 else { return nil }
        if version < 21 {
            return index < oldIndexToNew.count ? colors[oldIndexToNew[index]] : nil
        }
        return index < colors.count ? colors[index] : nil
    }

    private static func rgb(_ value: Int) -> Color {
        Color(red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }
}
