import Testing
@testable import WaymarkKit

/// Large files are decoded in chunks on several cores; the result must be what a front-to-back
/// read gives: records in order, problems in order, duplicates found across chunks.
struct ParallelDecodingTests {
    static func file(_ count: Int, mutate: (Int, inout String) -> Void = { _, _ in }) -> [UInt8] {
        var out = "{\"code\":\"00000\",\"message\":\"ok\",\"data\":[\n"
        for i in 0..<count {
            var record = "{\"id\":\"\(i)\",\"point\":\"\(i % 7)\",\"pointType\":\"tag\",\"pointName\":\"t\(i % 3)\",\"pointDate\":\"2026-11-\(10 + i % 19)T08:00:00\"}"
            mutate(i, &record)
            out += (i == 0 ? "" : ",\n") + record
        }
        return Array((out + "\n],\"ok\":true}\n").utf8)
    }

    @Test func matchesAFrontToBackRead() {
        let bytes = Self.file(50_000) { i, record in
            if i == 10 { record = #"{"id":"10","point":"x","pointDate":"2026-11-01"}"# }
            if i == 45_000 { record = #"{"id":"45000","point":"1","pointDate":"2026-02-30"}"# }
            if i == 30_000 { record = #"{"id":"5","point":"1","pointDate":"2026-11-01"}"# }
            if i == 49_999 { record = "[1, 2]" }
        }
        var diagnostics: [Diagnostic] = []
        let (items, summary) = RecordsDecoder.decode(bytes, file: "points.json", zone: .utc, idKey: "id", diagnostics: &diagnostics, RecordDecoders.point)
        #expect(items.count == 49_997 && summary.invalid == 3)
        #expect(items[0].point == 0 && items[9].point == 9 % 7 && items[10].point == 11 % 7)  // record 10 left out
        #expect(items[items.count - 1].point == 49_998 % 7)  // record 49,999 is not a record
        // Chunks decode into their parts of one array; the gaps the left-out records leave are closed.
        #expect(items.map(\.point) == (0..<50_000).filter { ![10, 45_000, 49_999].contains($0) }.map { $0 == 30_000 ? 1 : $0 % 7 })
        #expect(diagnostics.map(\.description) == [
            #"points.json: /data/10/point: expected a whole number (got "x")"#,
            #"points.json: /data/45000/pointDate: not a date-time (got "2026-02-30")"#,
            "points.json: /data/49999: expected a record object (got an array of 2)",
            #"points.json: /data/30000/id: duplicate id "5" (first at /data/5); both records are kept"#,
        ])
    }

    @Test func aLateSyntaxErrorIsReportedWhereItIs() {
        let bytes = Self.file(45_000) { i, record in
            if i == 44_000 { record = #"{"id":"x","point":01,"pointDate":"2026-11-01"}"# }
        }
        var diagnostics: [Diagnostic] = []
        let (items, _) = RecordsDecoder.decode(bytes, file: "points.json", zone: .utc, diagnostics: &diagnostics, RecordDecoders.point)
        #expect(items.isEmpty)
        // Line 44,002 (the envelope's first line, then one record per line), column 20: the "1" after "0".
        #expect(diagnostics.map(\.description) == ["points.json:44002:20: a number must not start with 0"])
    }
}

struct DuplicateFinderTests {
    @Test func findsRepeatsAndGrows() {
        var finder = DuplicateFinder<String>(expected: 2)
        #expect(finder.insert("a", at: 0) == nil)
        #expect(finder.insert("b", at: 1) == nil)
        #expect(finder.insert("a", at: 2) == 0)
        #expect(finder.insert("a", at: 3) == 0)
        for i in 4..<10_000 { #expect(finder.insert("id-\(i)", at: i) == nil) }
        #expect(finder.insert("id-5000", at: 10_000) == 5000)
        #expect(finder.insert("", at: 10_001) == nil && finder.insert("", at: 10_002) == 10_001)
    }
}

/// The record starts found on several cores must be exactly those of one front-to-back walk, and
/// any file the walk rejects must be rejected the same way (the parallel search then steps aside).
struct ParallelLocateTests {
    static func locate(_ text: String, parallel: Bool) -> String {
        do {
            let (layout, starts) = try JSONParser.locateRecords(Array(text.utf8), parallelFrom: parallel ? 0 : .max)
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
        let found = try #require(JSONParser.locateElements(in: bytes, from: first, pieces: 4))
        let serial = try JSONParser.locateRecords(bytes, parallelFrom: .max)
        #expect(found.starts == serial.starts)
        #expect(found.starts.count == 20_000)
        #expect(bytes[found.end - 1] == UInt8(ascii: "]"))
        // Strings full of "},{" put some of the 7 guesses of an 8-way split inside a string, and
        // the search steps aside rather than answer wrongly (checked: it does for this seed).
        let tricky = Array(("[" + Self.tricky(3_000, seed: 5).joined(separator: ",") + "]").utf8)
        #expect(JSONParser.locateElements(in: tricky, from: 1, pieces: 8)?.starts.count == nil)
        // The one guess of a 2-way split of the same file happens to be a true boundary: then it
        // answers, with exactly the walk's starts.
        let halves = try #require(JSONParser.locateElements(in: tricky, from: 1, pieces: 2))
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
