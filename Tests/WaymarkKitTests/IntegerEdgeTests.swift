import Foundation
import Testing
@testable import WaymarkKit

/// Numbers at the edge of `Int` (Int.min, 2^63) in every integer field are out of
/// range, never a trap.
struct IntegerEdgeTests {
    func read(_ files: [String: String]) -> ImportResult {
        let dir = TemporaryDirectory()
        for (name, text) in files { dir.write(name, text) }
        return ExportReader().read(directory: dir.path)
    }

    // MARK: Numbers at the edge of Int

    @Test func intMinIsOutOfRangeNotACrash() {
        // abs(Int.min) trapped (SIGILL); the magnitude compares without overflow.
        #expect(NumberText.integer("-9223372036854775808") == .failure(.outOfRange))
        #expect(NumberText.integer(" -9223372036854775808 ") == .failure(.outOfRange))
        #expect(NumberText.integer("-9223372036854775808", limit: .max) == .failure(.outOfRange))  // |Int.min| > Int.max
        #expect(NumberText.integer("9223372036854775807", limit: .max) == .success(.max))
        #expect(NumberText.integer("-1000000000") == .success(-1_000_000_000))
        #expect(NumberText.integer("-1000000001") == .failure(.outOfRange))
    }

    @Test func wholeDoublesAtTheLimitAreCheckedExactly() {
        // 2^63 passes `<= Double(Int.max)` (which rounds up to 2^63); Int(d) trapped on it.
        #expect(NumberText.integer("9223372036854775808", limit: .max) == .failure(.outOfRange))
        #expect(NumberText.integer("9.223372036854775808e18", limit: .max) == .failure(.outOfRange))
        // -2^63 as a double is exactly Int.min, still outside ±Int.max.
        #expect(NumberText.integer("-9223372036854775808.0", limit: .max) == .failure(.outOfRange))
        #expect(NumberText.integer("1e9") == .success(1_000_000_000))
        #expect(NumberText.integer("-3e2") == .success(-300))
    }

    /// A range that reaches Int.min made `RecordReader.integer` trap while working out the limit.
    @Test func aReaderRangeDownToIntMin() {
        let object = JSONObject([("a", .number("-5")), ("b", .string("-9223372036854775808"))])
        var reader = RecordReader(object, file: "x.json", location: .path(JSONPath()), zone: .utc)
        #expect(reader.integer("a", range: Int.min...Int.max) == -5)
        #expect(reader.integer("b", range: Int.min...Int.max) == nil)
        #expect(reader.problems.map(\.description) == [#"x.json: /b: number out of range (got "-9223372036854775808")"#])
    }

    @Test func intMinInEveryIntegerField() {
        let min = "-9223372036854775808"
        let r = read([
            "points.json": #"[{"point": \#(min), "pointDate": "2026-11-01"}, {"point": "\#(min)", "pointDate": "2026-11-01"}, {"point": 9999999999, "pointDate": "2026-11-01"}]"#,
            "tags.json": #"[{"tagName": "a", "tagPoint": \#(min)}, {"tagName": "b", "tagHour": "\#(min)"}, {"tagName": "c", "tagMinute": \#(min)}]"#,
            "targets.json": #"[{"targetName": "t", "targetPoint": "\#(min)"}, {"targetName": "u", "status": \#(min)}]"#,
            "todos.json": #"[{"name": "n", "priority": \#(min)}, {"name": "m", "priority": "\#(min)"}]"#,
        ])
        #expect(r.diagnostics.map(\.description) == [
            "points.json: /0/point: number out of range (got \(min))",
            "points.json: /1/point: number out of range (got \"\(min)\")",
            "points.json: /2/point: number out of range (got 9999999999)",
            "tags.json: /0/tagPoint: number out of range (got \(min))",
            "tags.json: /1/tagHour: number out of range (got \"\(min)\")",
            "tags.json: /2/tagMinute: number out of range (got \(min))",
            "targets.json: /0/targetPoint: number out of range (got \"\(min)\")",
            "targets.json: /1/status: number out of range (got \(min))",
            "todos.json: /0/priority: number out of range (got \(min))",
            "todos.json: /1/priority: number out of range (got \"\(min)\")",
        ])
        #expect(r.export.points.isEmpty && r.export.tags.isEmpty && r.export.targets.isEmpty && r.export.todos.isEmpty)
    }
}
