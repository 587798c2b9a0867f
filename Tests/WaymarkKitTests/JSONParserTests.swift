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
