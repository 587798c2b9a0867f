import Testing
@testable import WaymarkKit

/// The record starts found on several cores must be exactly those of one front-to-back walk, and
/// any file the walk rejects must be rejected the same way (the parallel search then steps aside).
struct ParallelLocateTests {
    static func locate(_ text: String, parallel: Bool) -> String {
        do {
            let (layout, starts) = try JSONParser.locateRecords(Array(text.utf8), parallelFrom: parallel ? 0 : .max, parallelism: Parallelism(cores: 2))
            return "\(layout) \(starts)"
        } catch {
            return "error at \(error.offset): \(error.message)"
        }
    }

    /// Records whose strings are full of what looks like a boundary between records.
    static func tricky(_ count: Int, seed: UInt64) -> [String] {
        var random = SampleRandom(seed: seed)
        let texts = [#"a},{b"#, #"x}, {\"y"#, #"}\n,\n{"#, #"\"},{\""#, "plain", "漢字 },{ 漢字", #"[{\"a\":1},{\"b\":2}]"#]
        return (0..<count).map { i in
            let nested = random.unit() < 0.2 ? #","more":[{"k":"},{"},{"k":2}]"# : ""
            return #"{"id":"\#(i)","note":"\#(random.pick(texts))"\#(nested)}"#
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func sameStartsAsOneWalk(seed: UInt64) {
        let records = Self.tricky(3_000, seed: seed)
        for text in ["[" + records.joined(separator: ",") + "]",
                     "[\n" + records.joined(separator: " ,\n ") + "\n]",
                     #"{"code":"0","data":["# + records.joined(separator: ",") + #"],"ok":true}"#] {
            let serial = Self.locate(text, parallel: false)
            #expect(!serial.hasPrefix("error"))
            #expect(Self.locate(text, parallel: true) == serial)
        }
    }

    /// On an ordinary file the search on several cores succeeds (it does not just step aside).
    @Test func anOrdinaryFileIsSplit() throws {
        let bytes = ParallelDecodingTests.file(20_000)
        let first = try #require(bytes.firstIndex(of: UInt8(ascii: "[")).map { $0 + 2 })  // "[\n"
        let found = try #require(JSONParser.locateElements(in: bytes, from: first, pieces: 4, parallelism: Parallelism(cores: 4)))
        let serial = try JSONParser.locateRecords(bytes, parallelFrom: .max)
        #expect(found.starts == serial.starts)
        #expect(found.starts.count == 20_000)
        #expect(bytes[found.end - 1] == UInt8(ascii: "]"))
        // Strings full of "},{" put some of the 7 guesses of an 8-way split inside a string, and
        // the search steps aside rather than answer wrongly (checked: it does for this seed).
        let tricky = Array(("[" + Self.tricky(3_000, seed: 5).joined(separator: ",") + "]").utf8)
        #expect(JSONParser.locateElements(in: tricky, from: 1, pieces: 8, parallelism: Parallelism(cores: 8))?.starts.count == nil)
        // The one guess of a 2-way split of the same file happens to be a true boundary: then it
        // answers, with exactly the walk's starts.
        let halves = try #require(JSONParser.locateElements(in: tricky, from: 1, pieces: 2, parallelism: Parallelism(cores: 2)))
        #expect(halves.starts == (try JSONParser.locateRecords(tricky, parallelFrom: .max)).starts)
    }

    /// Quotes after runs of backslashes: escaped after an odd run, closing after an even one.
    @Test func backslashRunsBeforeQuotes() throws {
        let texts = [#"a\\\\"#, #"b\\\\\\\\"#, #"c\\\"d"#, #"\\\\\"e"#, #"\""#, #"f\\\\\\\"g"#, "plain"]
        let records = (0..<40).map { #"{"t":"\#(texts[$0 % texts.count])","n":\#($0)}"# }
        let text = "[" + records.joined(separator: ",") + "]"
        let parsed = try JSONParser.parse(Array(text.utf8))
        guard case .array(let items) = parsed else { Issue.record("not an array"); return }
        let (_, starts) = try JSONParser.locateRecords(Array(text.utf8), parallelFrom: .max)
        #expect(starts.count == items.count && items.count == 40)
        #expect(Self.locate(text, parallel: true) == Self.locate(text, parallel: false))
        // An unterminated string that ends in a backslash is cut off, not read past the end.
        #expect(Self.locate(#"[{"t":"abc\"#, parallel: false).hasPrefix("error"))
    }

    @Test func malformedFilesFailTheSameWay() throws {
        let records = Self.tricky(3_000, seed: 7)
        let good = "[" + records.joined(separator: ",") + "]"
        var cases = [String(good.dropLast()), good.replacingOccurrences(of: #"{"id":"2000""#, with: #"{"id":"2000"]"#),
                     good.replacingOccurrences(of: #"{"id":"1500""#, with: #"{"id":"1500",,"#),
                     String(good.prefix(good.utf8.count / 2)), good + ",", "[" + records.joined(separator: ",,") + "]"]
        // Text after the array's end, and two values without a comma between them before the
        // last record (the walk once took "7 8" for one value).
        cases.append(good + "]")
        cases.append(good.replacingOccurrences(of: #"{"id":"2999""#, with: #"7 8,{"id":"2999""#))
        // Locating only checks nesting and string boundaries (decoding checks the rest), so some
        // of these pass this step; either way both searches must agree.
        for text in cases {
            #expect(Self.locate(text, parallel: true) == Self.locate(text, parallel: false))
        }
        #expect(Self.locate(cases[0], parallel: true) == "error at \(cases[0].utf8.count): expected ',' or ']' after an array element")
        #expect(Self.locate(cases[3], parallel: true).hasPrefix("error at \(cases[3].utf8.count): unexpected end of file"))
        #expect(Self.locate(cases[6], parallel: true) == "error at \(good.utf8.count): unexpected text after the end of the JSON value")
        // The "8" sits two bytes after where record 2,999 started in the good file.
        let record = try #require(good.range(of: #"{"id":"2999""#))
        let eight = good.utf8.distance(from: good.startIndex, to: record.lowerBound) + 2
        #expect(Self.locate(cases[7], parallel: true) == "error at \(eight): expected ',' or ']' after an array element")
    }
}
