/// An excerpt's text as `ExcerptReader` collects it: its UTF-8 bytes, in which every character
/// is a plain scalar (`ExcerptScalars`: ASCII, CJK, smart punctuation) unless it is listed among
/// `others` with where it begins and ends and what `cut` needs to know of it. The plain reference
/// keeps a `[Character]` and walks it from the start to cut; here most characters are a byte or
/// three appended, the first character past the budget is noted as it comes, and `cut` reads the
/// few characters before it back from their bytes.
struct ExcerptText {
    /// What the cut and the separators need to know of a character.
    struct Traits: OptionSet {
        let rawValue: UInt8
        /// Two columns, and a cut may fall on either side (`NoteExcerpt.isWide`).
        static let wide = Traits(rawValue: 1)
        /// Whitespace: in the text, only the space between words or blocks.
        static let space = Traits(rawValue: 2)
        /// Replaced by the ellipsis rather than followed by it (`NoteExcerpt.trailing`).
        static let trailing = Traits(rawValue: 4)
        /// Carries its own space (`NoteExcerpt.fullWidthPunctuation`).
        static let fullWidth = Traits(rawValue: 8)

        /// Those of any character, from the plain reference's tests.
        init(_ c: Character) {
            var traits: Traits = []
            if NoteExcerpt.isWide(c) { traits.insert(.wide) }
            if c.isWhitespace { traits.insert(.space) }
            if NoteExcerpt.trailing.contains(c) { traits.insert(.trailing) }
            if NoteExcerpt.fullWidthPunctuation.contains(c) { traits.insert(.fullWidth) }
            self = traits
        }

        init(rawValue: UInt8) { self.rawValue = rawValue }
    }

    /// A character that is not one plain scalar: its bytes and its traits.
    struct Other {
        var start: Int
        var end: Int
        var traits: Traits
    }

    /// Where a character begins: its first byte, and how many of `others` come before it.
    struct Position {
        var byte: Int
        var other: Int
    }

    /// The columns `cut` keeps.
    let budget: Int
    private(set) var bytes: [UInt8] = []
    private(set) var others: [Other] = []
    /// Columns so far: two for a wide character, one for any other.
    private(set) var width = 0
    /// Characters so far.
    private var count = 0
    /// The first character past the budget, noted as it is added (the cut starts there): its
    /// position, its index among the characters and its traits.
    private var over: (at: Position, index: Int, traits: Traits)?

    init(budget: Int, bytes capacity: Int) {
        self.budget = budget
        bytes.reserveCapacity(capacity)
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// An ASCII character (one byte, one column).
    mutating func add(ascii b: UInt8) {
        // The widths before never passed the budget, so this is the first character past it.
        if width == budget { noteOver(ExcerptScalars.asciiTraits(b)) }
        bytes.append(b)
        width += 1
        count += 1
    }

    /// A plain scalar above ASCII (three bytes).
    mutating func add(plain v: UInt32) {
        let wide = ExcerptScalars.isWide(v)
        if width <= budget && width + (wide ? 2 : 1) > budget { noteOver(ExcerptScalars.traits(v)) }
        bytes.append(0xE0 | UInt8(truncatingIfNeeded: v >> 12))
        bytes.append(0x80 | UInt8(truncatingIfNeeded: v >> 6) & 0x3F)
        bytes.append(0x80 | UInt8(truncatingIfNeeded: v) & 0x3F)
        width += wide ? 2 : 1
        count += 1
    }

    /// Any other character.
    mutating func add<Bytes: Sequence<UInt8>>(other character: Bytes, _ traits: Traits) {
        let w = traits.contains(.wide) ? 2 : 1
        if width <= budget && width + w > budget { noteOver(traits) }
        let start = bytes.count
        bytes.append(contentsOf: character)
        others.append(Other(start: start, end: bytes.count, traits: traits))
        width += w
        count += 1
    }

    private mutating func noteOver(_ traits: Traits) {
        over = (Position(byte: bytes.count, other: others.count), count, traits)
    }

    /// Whether the last character carries its own space.
    var endsFullWidth: Bool {
        character(before: Position(byte: bytes.count, other: others.count))?.traits.contains(.fullWidth) ?? false
    }

    /// The character at `p` (its traits, and where the next begins), nil at the end.
    func character(at p: Position) -> (traits: Traits, next: Position)? {
        guard p.byte < bytes.count else { return nil }
        if p.other < others.count && others[p.other].start == p.byte {
            return (others[p.other].traits, Position(byte: others[p.other].end, other: p.other + 1))
        }
        let (traits, length) = plain(at: p.byte)
        return (traits, Position(byte: p.byte + length, other: p.other))
    }

    /// The character before `p` (its traits, and where it begins), nil at the start.
    func character(before p: Position) -> (traits: Traits, start: Position)? {
        guard p.byte > 0 else { return nil }
        if p.other > 0 && others[p.other - 1].end == p.byte {
            return (others[p.other - 1].traits, Position(byte: others[p.other - 1].start, other: p.other - 1))
        }
        // A plain scalar: one ASCII byte, or three bytes.
        let start = bytes[p.byte - 1] < 0x80 || p.byte < 3 ? p.byte - 1 : p.byte - 3
        return (plain(at: start).traits, Position(byte: start, other: p.other))
    }

    /// The traits and length of the plain scalar at `i` (never anything else, as the text is
    /// made: a byte that were would count as a character of its own).
    private func plain(at i: Int) -> (traits: Traits, length: Int) {
        guard let v = ExcerptScalars.plain(bytes, at: i) else { return ([], 1) }
        return v < 0x80 ? (ExcerptScalars.asciiTraits(UInt8(v)), 1) : (ExcerptScalars.traits(v), 3)
    }

    /// The whole text when it fits in `budget` columns; otherwise its beginning, cut at a word
    /// (for CJK at any character), without trailing punctuation, and "…": `NoteExcerpt.cut`,
    /// the plain reference, from the first character past the budget backwards.
    func cut() -> String {
        guard let over else { return String(decoding: bytes, as: UTF8.self) }
        var at = over.at
        var end = over.index
        // Back up to a word boundary unless the cut already sits on one or the word is so long
        // (a URL) that backing up would lose more than a third of the excerpt.
        if let before = character(before: at), !isBreak(before.traits, over.traits) {
            var b = end - 1
            var right = before
            var left = character(before: before.start)
            while b > 0, let l = left, !isBreak(l.traits, right.traits) {
                b -= 1
                right = l
                left = character(before: l.start)
            }
            if b > end * 2 / 3 {
                end = b
                at = right.start
            }
        }
        var kept = at
        while let previous = character(before: kept), !previous.traits.isDisjoint(with: [.space, .trailing]) {
            kept = previous.start
        }
        // Nothing left but punctuation: the first `max(1, end)` characters.
        let last = kept.byte > 0 ? kept.byte : end > 0 ? at.byte : character(at: kept)?.next.byte ?? bytes.count
        return Self.withEllipsis(bytes[..<last])
    }

    /// `bytes` and "…" as a string, made in one go: `String(decoding:) + "…"` copied them twice.
    static func withEllipsis(_ bytes: ArraySlice<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count + 3) { buffer in
            guard buffer.count >= bytes.count + 3 else { return 0 }
            let (_, n) = buffer.initialize(from: bytes)
            buffer[n] = 0xE2
            buffer[n + 1] = 0x80
            buffer[n + 2] = 0xA6
            return n + 3
        }
    }

    /// Whether a cut between two characters falls between words: at a space, or beside a CJK
    /// character.
    private func isBreak(_ left: Traits, _ right: Traits) -> Bool {
        !left.union(right).isDisjoint(with: [.space, .wide])
    }
}
