import Testing
@testable import WaymarkKit

struct StringInternerTests {
    /// Every text comes back exactly as decoding it would give, whether it was shared, too short
    /// or too long to share, or met a full table.
    /// Strings are scanned eight bytes at a time: a quote, backslash or control byte at any offset
    /// must still end or refuse the string exactly where a byte-by-byte scan would.
    @Test func stringsEndAndRefuseAtEveryOffset() {
        for length in 0..<24 {
            let plain = String((0..<length).map { i in Character(["a", "长", "b", "0"][i % 4]) })
            for (special, accepted) in [("", true), ("\\n", false), ("\u{1}", false), ("\u{1F}", false), ("\u{7F}", true)] {
                let text = plain + special + "z"
                let json = Array(("\"" + text.replacingOccurrences(of: "\"", with: "") + "\",\"next\"").utf8)
                json.withUnsafeBufferPointer { buffer in
                    var decoder = FastRecordDecoder(buffer, at: 0)
                    let raw = decoder.rawString()
                    #expect((raw != nil) == accepted, "\(text.debugDescription)")
                    if let raw { #expect(String(decoding: raw, as: UTF8.self) == text, "\(text.debugDescription)") }
                }
            }
        }
    }

    @Test func givesTheSameTextAsDecoding() {
        let texts = ["tag", "晨跑 Morning run", "晨跑 Morning run", "练琴 Piano 2 — evening", "练琴 Piano 2 — evening!",
                     String(repeating: "长", count: 40), String(repeating: "x", count: 97), "", "exactly15bytes!", "sixteen bytes!!!"]
        for limit in [1, 2, 2048] {
            let interner = StringInterner(limit: limit)
            for round in 0..<3 {
                for text in texts {
                    let bytes = Array(text.utf8)
                    let got = bytes.withUnsafeBufferPointer { interner.string($0) }
                    #expect(got == text, "limit \(limit), round \(round)")
                    #expect(got.utf8.count == bytes.count)
                }
            }
        }
    }
}
