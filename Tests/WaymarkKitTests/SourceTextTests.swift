import Testing
@testable import WaymarkKit

struct SourceTextTests {
    @Test func bomIsRemovedAndUTF16Refused() throws {
        let text = try SourceText(checking: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        #expect(text.bytes == Array("[1]".utf8))
        #expect(throws: SourceText.EncodingError.self) { try SourceText(checking: [0xFF, 0xFE, 0x5B, 0x00]) }
        do {
            _ = try SourceText(checking: [0x5B, 0x00, 0x31, 0x00])
            Issue.record("UTF-16 without BOM accepted")
        } catch {
            #expect(error.message.contains("UTF-16"))
        }
    }

    @Test func invalidUTF8ReportsPosition() {
        // Line 2, after "ab": a lone continuation byte.
        do {
            _ = try SourceText(checking: Array("x\nab".utf8) + [0x80] + Array("c".utf8))
            Issue.record("invalid UTF-8 accepted")
        } catch {
            #expect(error.line == 2 && error.column == 3)
            #expect(error.message == "invalid UTF-8 (byte 0x80); save the file as UTF-8")
        }
        // Overlong encoding of "/" and an encoded surrogate are invalid too.
        #expect(SourceText.firstInvalidUTF8([0xC0, 0xAF]) == 0)
        #expect(SourceText.firstInvalidUTF8([0x41, 0xED, 0xA0, 0x80]) == 1)
        #expect(SourceText.firstInvalidUTF8(Array("分数😀".utf8)) == nil)
        #expect(SourceText.firstInvalidUTF8([0xE5, 0x88]) == 0)  // cut short
        // Every two- and three-byte sequence (and a few continuations), against Swift's own check.
        for c in UInt8(0xC0)...0xF4 {
            for b1 in [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0] as [UInt8] {
                for b2 in [0x41, 0x80, 0xBF, 0xC0] as [UInt8] {
                    for bytes: [UInt8] in [[0x61, c, b1, b2, 0x62], [0x61, c, b1, b2, 0x80, 0x80, 0x62]] {
                        let found = SourceText.firstInvalidUTF8(bytes)
                        #expect((found == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
                        // The first bad byte ends the longest valid beginning.
                        if let found {
                            #expect(String(validating: bytes[..<found], as: UTF8.self) != nil, "\(bytes)")
                            for m in (found + 1)...bytes.count { #expect(String(validating: bytes[..<m], as: UTF8.self) == nil, "\(bytes) \(m)") }
                        }
                    }
                }
            }
        }
    }

    /// Checked in parts side by side, every file gives the answer of one front-to-back scan:
    /// characters of two, three and four bytes across every cut, bad bytes and NULs near the cuts.
    @Test func partsAgreeWithOneScan() {
        var seed: UInt64 = 9
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % n
        }
        let pieces: [[UInt8]] = [Array("a".utf8), Array("é".utf8), Array("表".utf8), Array("🙂".utf8), [0x0A]]
        let bad: [[UInt8]] = [[0x80], [0xC0, 0x80], [0xE6, 0x9C], [0xF5], [0x00], [0xED, 0xA0, 0x80], [0xE0, 0x80, 0x80]]
        var splitWithBadNearACut = 0
        for trial in 0..<400 {
            var bytes: [UInt8] = []
            for _ in 0..<(40 + next(60)) { bytes += pieces[next(pieces.count)] }
            if trial % 4 != 0 {
                // A bad sequence somewhere, often right at a cut of two or three parts.
                let cuts = [bytes.count / 2, bytes.count / 3, bytes.count * 2 / 3]
                let at = trial % 2 == 0 ? min(bytes.count, cuts[next(3)] + next(5) - 2) : next(bytes.count + 1)
                bytes.insert(contentsOf: bad[next(bad.count)], at: at)
                splitWithBadNearACut += 1
            }
            let whole = bytes.withUnsafeBufferPointer { SourceText.scan($0, stopAtNUL: true) }
            for cores in [2, 3] {
                let parts = SourceText.scan(bytes, parallelism: Parallelism(cores: cores), bytesPerPart: 8)
                #expect(parts.nul == whole.nul, "\(bytes)")
                if !whole.nul { #expect(parts.invalid == whole.invalid, "\(bytes)") }
            }
        }
        #expect(splitWithBadNearACut == 300)
        // Continuation bytes from the cut on: three are stepped over, and beyond four (never valid
        // UTF-8) the whole scan answers; continuation bytes up to the end of the file likewise.
        let a = Array(repeating: UInt8(ascii: "a"), count: 30)
        let three = a + Array(repeating: 0x80, count: 5) + a  // the cut at 32 moves to 35
        #expect(SourceText.scan(three, parallelism: Parallelism(cores: 2), bytesPerPart: 8).invalid == 30)
        let ten = a + Array(repeating: 0x80, count: 10) + a  // the cut at 35 finds none to move to
        #expect(SourceText.scan(ten, parallelism: Parallelism(cores: 2), bytesPerPart: 8).invalid == 30)
        let tail = Array(repeating: UInt8(ascii: "a"), count: 9) + Array(repeating: 0x80, count: 3)
        #expect(SourceText.scan(tail, parallelism: Parallelism(cores: 2), bytesPerPart: 4).invalid == 9)
    }
}
