import Foundation
import Testing
@testable import WaymarkKit

/// The plain scalars that `ExcerptReader` reads from their bytes, held to Swift's own characters.
struct ExcerptScalarsTests {
    /// Every plain scalar above ASCII (all of them are below U+10000).
    static let plainScalars: [Unicode.Scalar] = (UInt32(0x80)...0xFFFF).compactMap { v in
        Unicode.Scalar(v).flatMap { ExcerptScalars.isPlain($0.value) ? $0 : nil }
    }

    /// Each plain scalar, and each printable ASCII byte, is a character of its own beside a
    /// neighbour of every kind that joins in grapheme clusters, exactly as "a" is: no mark, joiner,
    /// prepended sign, regional indicator, jamo or Indic conjunct joins it, and it joins nothing.
    @Test func plainScalarsBreakLikeALatinLetter() {
        let before = ["b", "\u{1F1EB}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "\u{1F600}\u{200D}",
                      "\u{1F600}\u{301}\u{200D}", "\u{0915}\u{094D}", "\u{0915}\u{094D}\u{301}", "\u{0600}", "\r", "\n",
                      "\u{1}", "\u{301}", "\u{200D}", "\u{0903}", "一"]
        let after = ["b", "\u{301}", "\u{200D}", "\u{0903}", "\u{1161}", "\u{11A8}", "\u{1F1EB}", "\n", "\r", "\u{1}",
                     "\u{0915}", "\u{094D}\u{0915}", "\u{FE0F}", "\u{1F3FB}", "\u{E0020}", "\u{3099}", "\u{200D}\u{1F600}", "一"]
        func shape(_ s: String) -> [Int] { s.map { $0.unicodeScalars.count } }
        let printable = (UInt32(0x20)...0x7E).compactMap(Unicode.Scalar.init)
        var differing: [UInt32] = []
        for scalar in printable + Self.plainScalars {
            let c = String(scalar)
            if before.contains(where: { shape($0 + c) != shape($0 + "a") }) || after.contains(where: { shape(c + $0) != shape("a" + $0) }) {
                differing.append(scalar.value)
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { String($0, radix: 16) })")
        #expect(Self.plainScalars.count == 0x5200 + 0x18 + 2 + 10 + 0x20)
    }

    /// A plain scalar's traits from its value are its character's; it is no whitespace, has no
    /// lower case, no canonical decomposition and no combining class (so plain texts are equal
    /// only byte for byte); and ASCII's traits from the byte are its character's.
    @Test func plainTraitsAreTheCharactersTraits() {
        var differing: [UInt32] = []
        for scalar in Self.plainScalars {
            let c = Character(scalar), s = String(scalar)
            if ExcerptScalars.traits(scalar.value) != ExcerptText.Traits(c) || c.isWhitespace || s.lowercased() != s
                || s.decomposedStringWithCanonicalMapping.unicodeScalars.map(\.value) != [scalar.value]
                || scalar.properties.canonicalCombiningClass != .notReordered {
                differing.append(scalar.value)
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { String($0, radix: 16) })")
        for b in UInt8(0)...0x7F {
            #expect(ExcerptScalars.asciiTraits(b) == ExcerptText.Traits(Character(Unicode.Scalar(b))), "byte \(b)")
        }
        #expect(ExcerptText.Traits("。") == [.wide, .trailing, .fullWidth] && ExcerptText.Traits("\u{2329}").contains(.trailing))
    }

    /// `plain(_:at:)` on the UTF-8 of every scalar up to U+FFFF and of a few above, and on broken
    /// bytes: the scalar exactly when it is plain and whole.
    @Test func plainScalarsAreReadFromTheirBytes() {
        for v in Array(UInt32(0)...0xFFFF) + [0x10000, 0x20000, 0x2F800, 0x10FFFF] {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let bytes = Array(String(scalar).utf8)
            let expected: UInt32? = v < 0x80 || ExcerptScalars.isPlain(v) ? v : nil
            #expect(ExcerptScalars.plain(bytes[...], at: 0) == expected, "U+\(String(v, radix: 16))")
            if bytes.count > 1 {
                // Cut short, or a continuation byte replaced: never plain.
                #expect(ExcerptScalars.plain(bytes.dropLast()[...], at: 0) == nil)
                #expect(ExcerptScalars.plain(bytes.dropLast() + [0x41], at: 0) == nil)
            }
        }
        // Surrogates' and overlong forms' bytes.
        for broken: [UInt8] in [[0xED, 0xA0, 0x80], [0xE0, 0x80, 0xAE], [0xE4, 0xB8], [0xE4, 0x38, 0x80], [0xFF], [0x80]] {
            #expect(ExcerptScalars.plain(broken[...], at: 0) == nil, "\(broken)")
        }
        // In a slice, from its own indices: "一" after an ASCII byte, and cut off by the slice's end.
        let text = Array("a一".utf8)
        #expect(ExcerptScalars.plain(text[1...], at: 1) == 0x4E00 && ExcerptScalars.plain(text[1..<3], at: 1) == nil)
    }

    /// `NormalizedBytes` against `NoteExcerpt.normalized`, the plain reference, on seeded
    /// headings and titles: what it gives is the beginning of the reference's, all of it at the
    /// end, and whenever it says whether two texts are the same, so does the reference.
    @Test func normalizedBytesAreTheReferences() {
        var seeded = SeededNumbers(state: 5)
        // Pieces the reference may take for the same: each pair of texts is made of the same
        // groups, one piece of each (a group of its own now and then).
        let groups = [["Run", "run", "RUN"], [" ", "  ", "\t", "\r\n", "\n"], ["—", "---"], ["–", "--"], ["…", "..."],
                      ["’", "'", "‘"], ["“", "\"", "”"], ["进步"], ["。"], ["，"], ["Ａ"], ["\u{212A}", "K", "k"], ["İ"], ["\u{A0}"],
                      ["\u{3000}"], ["e\u{301}", "é"], ["\u{301}"], ["\u{1}"], ["-"], ["Z", "z"], ["ß"], ["ΣΑ", "σα"], ["\u{2022}"]]
        func texts() -> (String, String) {
            var a = "", b = ""
            for _ in 0..<(1 + seeded.next(4)) {
                let group = seeded.pick(groups)
                a += seeded.pick(group)
                b += seeded.pick(seeded.next(8) == 0 ? seeded.pick(groups) : group)
            }
            return (a, b)
        }
        var whole = 0, answered = 0, same = 0
        for _ in 0..<3_000 {
            let (a, b) = texts()
            var stream = NormalizedBytes(Array(a.utf8)[...])
            var made: [UInt8] = []
            var next = stream.next()
            while case .byte(let byte) = next {
                made.append(byte)
                next = stream.next()
            }
            let reference = Array(NoteExcerpt.normalized(a).utf8)
            #expect(reference.starts(with: made), "\(a)")
            if next == .end {
                whole += 1
                #expect(made == reference, "\(a)")
            }
            if let answer = NormalizedBytes.same(Array(a.utf8)[...], Array(b.utf8)[...]) {
                answered += 1
                if answer { same += 1 }
                #expect(answer == (NoteExcerpt.normalized(a) == NoteExcerpt.normalized(b)), "\(a) | \(b)")
            }
        }
        #expect(whole > 500 && answered > 1_000 && same > 300, "\(whole) \(answered) \(same)")
        #expect(NormalizedBytes.same(Array(" Don’t  STOP — 进步。".utf8)[...], Array("don't stop --- 进步。".utf8)[...]) == true)
        #expect(NormalizedBytes.same(Array("\u{212A}ey".utf8)[...], Array("key".utf8)[...]) == nil)
        #expect(NormalizedBytes.same(Array("What happened".utf8)[...], Array("Note 1 — 进步".utf8)[...]) == false)
    }

    /// Tags are told by their names' bytes in any case; other names, longer or shorter, are not.
    @Test func tagKindsFromTheirNames() {
        func kind(_ name: String) -> ExcerptReader.Kind { ExcerptReader.Kind(Array(name.utf8)[...]) }
        #expect(kind("p") == .block && kind("P") == .block && kind("BlockQuote") == .block && kind("figCaption") == .block)
        #expect(kind("H1") == .heading && kind("h6") == .heading && kind("TD") == .cell && kind("th") == .cell)
        #expect(kind("tr") == .row && kind("PRE") == .pre && kind("Table") == .table && kind("caption") == .block)
        for other in ["", "h7", "h", "pr", "pree", "xpre", "blockquot", "blockquotes", "figcaptio", "tables", "a", "em",
                      "code", "img", "span", "0", "h10", "thead0", "ablockquote"] {
            #expect(kind(other) == .other, "\(other)")
        }
    }
}
