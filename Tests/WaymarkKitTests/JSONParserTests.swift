import Testing
@testable import WaymarkKit

struct JSONParserTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    func failure(_ text: String) -> (line: Int, column: Int, message: String)? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            let (l, c) = SourceText.lineColumn(of: error.offset, in: Array(text.utf8))
            return (l, c, error.message)
        }
    }

    @Test func valuesKeepNumberTextAndDecodeEscapes() throws {
        let v = try parse(#"{"a": [1, -0, 2.50, 1e400], "s": "x\"\\\/\n\u00e9\ud83d\ude00", "t": true, "n": null}"#)
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o["a"] == .array([.number("1"), .number("-0"), .number("2.50"), .number("1e400")]))
        #expect(o["s"] == .string("x\"\\/\né😀"))
        #expect(o["t"] == .bool(true))
        #expect(o["n"] == .null)
    }

    @Test func lastDuplicateKeyWins() throws {
        let v = try parse(#"{"k": 1, "k": 2}"#)
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o["k"] == .number("2"))
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        let cut = failure("[\n  {\"point\": 3,\n   \"pointDate\": \"2026-")
        #expect(cut?.line == 3)
        #expect(cut?.message == "unexpected end of file inside a string; the JSON is cut off")
        let comma = failure("[1,\n 2\n 3]")
        #expect(comma?.line == 3 && comma?.column == 2)
        #expect(comma?.message == "expected ',' or ']' after an array element")
        #expect(failure("[NaN]")?.message == "unexpected character 'N'; expected a JSON value")
        #expect(failure("[Infinity]")?.column == 2)
        #expect(failure("[01]")?.message == "a number must not start with 0")
        #expect(failure("[1.]")?.message == "expected a digit after the decimal point")
        #expect(failure("{\"a\" 1}")?.message == "expected ':' after the member name")
        #expect(failure("[1] x")?.message == "unexpected text after the end of the JSON value")
        #expect(failure("\"a\tb\"")?.message == "control character U+0009 inside a string; write it as an escape")
        #expect(failure(#"["\ud800"]"#)?.message == #"\uD800 is half of a surrogate pair without its other half"#)
        #expect(failure(#"["\q"]"#)?.message == "invalid escape sequence in a string")
        #expect(failure("")?.message == "unexpected end of file; the JSON is cut off")
    }

    @Test func columnsCountCharactersNotBytes() {
        // "分数" is 6 bytes but 2 characters; the error is at the 7th character of line 1.
        let f = failure(#"["分数" 1]"#)
        #expect(f?.line == 1 && f?.column == 7)
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let f = failure(deep)
        #expect(f?.message == "nested deeper than 512 levels")
        #expect(f?.column == 513)
        #expect(failure(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) == nil)
    }

    @Test func recordsStreamFromArrayAndEnvelope() throws {
        var seen: [(Int, Bool)] = []
        let bare = try JSONParser.parseRecords(Array(#"[{"a":1},{"a":2}]"#.utf8)) { i, _, env in seen.append((i, env)) }
        #expect(bare == .array)
        #expect(seen.map(\.0) == [0, 1] && seen.allSatisfy { !$0.1 })
        seen = []
        let layout = try JSONParser.parseRecords(Array(#"{"code":"00000","data":[{"a":1}],"ok":true}"#.utf8)) { i, _, env in seen.append((i, env)) }
        #expect(seen.count == 1 && seen[0].1)
        guard case .envelope(let members, let hasData) = layout else { Issue.record("not an envelope"); return }
        #expect(hasData)
        #expect(members["ok"] == .bool(true))
        #expect(members["data"] == nil)
    }
}

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

struct NumberTextTests {
    @Test func jsonGrammarOnly() {
        #expect(NumberText.double("62.5") == .success(62.5))
        #expect(NumberText.double(" 3 ") == .success(3))
        #expect(NumberText.double("-0") == .success(0))
        #expect(NumberText.double("NaN") == .failure(.notANumber))
        #expect(NumberText.double("Infinity") == .failure(.notANumber))
        #expect(NumberText.double("0x1p3") == .failure(.notANumber))
        #expect(NumberText.double("1e400") == .failure(.outOfRange))
        #expect(NumberText.double("") == .failure(.notANumber))
        #expect(NumberText.integer("3.0") == .success(3))
        #expect(NumberText.integer("3e2") == .success(300))
        #expect(NumberText.integer("2.5") == .failure(.notWhole))
        #expect(NumberText.integer("-12") == .success(-12))
        #expect(NumberText.integer("99999999999") == .failure(.outOfRange))
    }
}
