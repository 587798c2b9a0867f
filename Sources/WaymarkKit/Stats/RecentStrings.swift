/// The numbers of the strings met lately, found by each `String`'s representation (its 16 bytes:
/// a small string's bytes, or its count, flags and storage). Equal representations are the same
/// bytes: the cache keeps every string it holds alive, so storage it remembers cannot be freed
/// and reused for other text. A miss says nothing (the same text may sit in other storage).
///
/// Records read by the importers share one `String` per repeated name, so a loop over a million
/// records meets the same few representations again and again: a hit costs a multiply, a load
/// and two comparisons, where hashing a name's bytes costs a few hundred instructions.
struct RecentStrings {
    /// Direct-mapped: a string can only be in the entry its representation hashes to. 256
    /// entries hold a few dozen habits with hardly two in one entry.
    static let bits = 8
    static let size = 1 << bits
    private var strings: [String]
    private var words: [UInt64]  // two per entry
    private var numbers: [Int]  // `Int.min` for an empty entry

    init() {
        strings = [String](repeating: "", count: RecentStrings.size)
        words = [UInt64](repeating: 0, count: 2 * RecentStrings.size)
        numbers = [Int](repeating: .min, count: RecentStrings.size)
    }

    /// The number remembered for `text`'s representation, if any.
    @inline(__always) func number(of text: String) -> Int? {
        guard let (a, b) = RecentStrings.representation(text) else { return nil }
        let entry = RecentStrings.entry(a, b)
        guard numbers[entry] != .min, words[2 &* entry] == a, words[2 &* entry &+ 1] == b else { return nil }
        return numbers[entry]
    }

    /// Remembers `number` for `text`, in place of what its entry held.
    mutating func remember(_ text: String, as number: Int) {
        guard number != .min, let (a, b) = RecentStrings.representation(text) else { return }
        let entry = RecentStrings.entry(a, b)
        strings[entry] = text
        words[2 &* entry] = a
        words[2 &* entry &+ 1] = b
        numbers[entry] = number
    }

    /// Forgets every string remembered as absent (a negative number): once a name is added, a
    /// string of the same text in other storage may be remembered as absent still.
    mutating func forgetAbsent() {
        for entry in numbers.indices where numbers[entry] < 0 && numbers[entry] != .min { numbers[entry] = .min }
    }

    /// The string's own bytes as two words; nil where a `String` is not 16 bytes (32-bit
    /// platforms), which leaves the cache empty.
    @inline(__always) private static func representation(_ text: String) -> (UInt64, UInt64)? {
        guard MemoryLayout<String>.size == 16 else { return nil }
        return unsafeBitCast(text, to: (UInt64, UInt64).self)
    }

    @inline(__always) private static func entry(_ a: UInt64, _ b: UInt64) -> Int {
        let mixed = (a ^ (b &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - bits))
    }
}
