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
        let (items, summary) = RecordsDecoder.decode(bytes, file: "points.json", zone: .utc, idKey: "id", diagnostics: &diagnostics, parallelism: Parallelism(cores: 4), RecordDecoders.point)
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
        let (items, _) = RecordsDecoder.decode(bytes, file: "points.json", zone: .utc, diagnostics: &diagnostics, parallelism: Parallelism(cores: 4), RecordDecoders.point)
        #expect(items.isEmpty)
        // Line 44,002 (the envelope's first line, then one record per line), column 20: the "1" after "0".
        #expect(diagnostics.map(\.description) == ["points.json:44002:20: a number must not start with 0"])
    }
}
