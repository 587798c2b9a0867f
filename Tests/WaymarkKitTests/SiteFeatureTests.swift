import Foundation
import Testing
@testable import WaymarkKit

/// Focused checks of what each page must say, beside the goldens (as Hugo's `AssertFileContent`
/// does): a change of style rewrites every golden file, but these still name the one fact that
/// broke. Expected values are computed here from the export's own JSON, independently of Waymark.
struct SiteFeatureTests {
    /// Builds `export` into a new folder and returns the folder.
    static func build(_ arguments: [String]) throws -> TemporaryDirectory {
        let dir = TemporaryDirectory()
        let run = CLIRun(["build"] + arguments + ["-q", "-o", dir.file("site")])
        try #require(run.code == 0, "\(run.stderr)")
        return dir
    }

    /// The records of a points.json as plain dictionaries (numbers may be strings).
    static func records(_ path: String) throws -> [[String: Any]] {
        let data = try #require(FileManager.default.contents(atPath: path))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(json["data"] as? [[String: Any]])
    }

    static func int(_ value: Any?) -> Int {
        if let n = value as? Int { return n }
        if let s = value as? String { return Int(s.trimmingCharacters(in: .whitespaces)) ?? 0 }
        return 0
    }

    /// `file` holds each of `fragments`.
    static func expectContent(_ dir: TemporaryDirectory, _ file: String, _ fragments: [String],
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let text = dir.read("site/" + file) else {
            Issue.record("no \(file)", sourceLocation: sourceLocation)
            return
        }
        for fragment in fragments where !text.contains(fragment) {
            Issue.record("\(file) lacks \(fragment)", sourceLocation: sourceLocation)
        }
    }

    @Test func theDemoSaysWhatItsExportHolds() throws {
        let demo = TestPaths.repo.appendingPathComponent("Examples/demo").path
        let dir = try Self.build([demo, "--lang", "en"])
        let records = try Self.records(demo + "/points.json")
        // Every record of the demo is before its exportedAt, so "all" holds them all.
        let earned = records.map { Self.int($0["point"]) }.filter { $0 > 0 }.reduce(0, +)
        let spent = -records.map { Self.int($0["point"]) }.filter { $0 < 0 }.reduce(0, +)
        #expect(earned == 1157 && spent == 300)
        let stats = try #require(dir.read("site/stats.json"))
        #expect(stats.contains("\"all\": {\n      \"start\": \"2026-08-03\",\n      \"end\": \"2026-11-29\",\n      \"days\": 119,\n      \"total\": 1157,\n      \"spent\": 300,"))
        Self.expectContent(dir, "period/all.html", [">1,157<", "<html lang=\"en\""])
        // November's page lists every November record, one row each (grouped under a
        // heading per day, each row starting with its time).
        let november = records.filter { ($0["pointDate"] as? String)?.hasPrefix("2026-11") == true }.count
        let month = try #require(dir.read("site/points/2026-11.html"))
        let table = try #require(month.components(separatedBy: "<table class=\"records points-table\">").last)
        #expect(table.components(separatedBy: "<tr><td>").count - 1 == november)
        // Each note has its page, linked from the notes index.
        for slug in ["half-marathon", "reading-list", "swift-concurrency", "training-log", "weekly-review"] {
            Self.expectContent(dir, "notes/index.html", ["href=\"\(slug).html\""])
            #expect(dir.read("site/notes/\(slug).html") != nil)
        }
        // The weight CSV is there, with its header.
        let csv = try #require(dir.read("site/weight.csv"))
        #expect(csv.hasPrefix("date,"))
    }

    /// A larger export than the demo: 20,000 point records (points.json is decoded in parallel
    /// chunks) and totals with four digits and more.
    @Test func aTwentyThousandRecordSiteMatchesItsGoldenAndItsOwnSums() throws {
        let export = TemporaryDirectory()
        for (path, bytes) in SampleExport(years: 2, tags: 12, points: 20_000, seed: 7).files() { export.write(path, bytes) }
        let pointsSize = try #require(try FileManager.default.attributesOfItem(atPath: export.file("points.json"))[.size] as? Int)
        #expect(pointsSize > 1 << 20)  // above the size where decoding goes parallel
        let dir = try Self.build([export.path, "--now", "2026-11-29T23:59:59", "--lang", "en"])
        let records = try Self.records(export.file("points.json"))
        #expect(records.count == 20_000 + records.filter { ($0["pointType"] as? String) != "tag" }.count)
        let earned = records.map { Self.int($0["point"]) }.filter { $0 > 0 }.reduce(0, +)
        let stats = try #require(dir.read("site/stats.json"))
        #expect(stats.contains("\"all\": {") && stats.contains("\"total\": \(earned),"))
        #expect(earned >= 10_000)
        let grouped = LocaleFormat(.en).integer(earned)
        Self.expectContent(dir, "period/all.html", [">\(grouped)<"])
        // Selected files against the golden copy.
        let picked = TemporaryDirectory()
        for file in ["stats.json", "index.html", "period/all.html", "points/index.html"] {
            picked.write(file, try #require(FileManager.default.contents(atPath: dir.file("site/" + file))).map { $0 })
        }
        #expect(Golden.compare(picked.path, with: "sample-20k") == [])
    }
}
