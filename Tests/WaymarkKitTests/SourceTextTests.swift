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
}
