import Foundation
import Testing
@testable import WaymarkKit

/// Two values without a comma after a record were taken by the record-start scan for
/// one value, and the second became a droppable bad record instead of a syntax error.
struct MalformedRecordsTests {
    func read(_ files: [String: String]) -> ImportResult {
        let dir = TemporaryDirectory()
        for (name, text) in files { dir.write(name, text) }
        return ExportReader().read(directory: dir.path)
    }

    // MARK: Two values without a comma after a record

    /// `[{record}, 5 6]`: the scan ran over "5 6" as one token; now it is a syntax error at the
    /// second value, in the strict parser's words. Columns counted by hand: the record fills
    /// columns 2–40, ", " 41–42, the first value starts at 43.
    @Test(arguments: [("5 6", 45), (#""x" "y""#, 47), ("true false", 48), ("null null", 48), ("5 {}", 45)])
    func twoValuesAfterARecordAreASyntaxError(values: String, column: Int) {
        let text = #"[{"point": 1, "pointDate": "2026-11-01"}, "# + values + "]"
        let r = read(["points.json": text])
        #expect(r.diagnostics.map(\.description) == ["points.json:1:\(column): expected ',' or ']' after an array element"])
        #expect(r.diagnostics.allSatisfy { !$0.dropsRecord })  // a file error: --skip-invalid cannot hide it
        #expect(r.export.points.isEmpty)
    }

    /// The scan must still accept a lone scalar element (decoding then reports it as a record
    /// that is not an object) and scalars separated properly.
    @Test func aScalarElementIsStillARecordError() {
        let r = read(["points.json": #"[{"point": 1, "pointDate": "2026-11-01"}, 5 , "x"]"#])
        #expect(r.diagnostics.map(\.description) == [
            "points.json: /1: expected a record object (got 5)",
            #"points.json: /2: expected a record object (got "x")"#,
        ])
        #expect(r.export.points.count == 1)
    }

    /// Through the command line: `--skip-invalid` does not turn the syntax error into a warning.
    @Test func skipInvalidDoesNotHideIt() {
        let dir = TemporaryDirectory()
        dir.write("export/points.json", #"[{"point": 1, "pointDate": "2026-11-01"}, 5 6]"#)
        let run = CLIRun(["build", dir.file("export"), "-o", dir.file("site"), "--skip-invalid", "--now", "2026-11-29T12:00:00Z"])
        #expect(run.code == 65)
        #expect(run.stderr.contains("error: points.json:1:45: expected ',' or ']' after an array element"))
        #expect(FileManager.default.fileExists(atPath: dir.file("site")) == false)
    }

    /// A big file goes through the scan on several cores and the chunked decoder: the result must
    /// be the same error, at record 20,000's line (record i is on line i + 2), column 3.
    @Test func twoValuesInALargeFileFailOnEveryPath() throws {
        let bytes = ParallelDecodingTests.file(50_000) { i, record in
            if i == 20_000 { record = "5 6" }
        }
        #expect(bytes.count > 1 << 20)  // above `locateRecords`' threshold for the parallel scan
        var diagnostics: [Diagnostic] = []
        let (items, _) = RecordsDecoder.decode(bytes, file: "points.json", zone: .utc, idKey: "id", diagnostics: &diagnostics, parallelism: Parallelism(cores: 4),
                                               fast: { d, zone, level, slot in RecordDecoders.fastPoint(&d, zone: zone, level: level, into: slot) },
                                               RecordDecoders.point)
        #expect(items.isEmpty)
        #expect(diagnostics.map(\.description) == ["points.json:20002:3: expected ',' or ']' after an array element"])
        // The parallel scan steps aside (before the fix, its walks took "5 6" for one value).
        let first = try #require(bytes.firstIndex(of: UInt8(ascii: "[")).map { $0 + 2 })  // "[\n"
        #expect(JSONParser.locateElements(in: bytes, from: first, pieces: 4, parallelism: Parallelism(cores: 4))?.starts.count == nil)
    }
}
