import Foundation
import Testing
@testable import WaymarkKit

/// Every file of whole sites, built in memory by the pipeline `waymark serve` uses, against the
/// SHA-256 digests committed in `Golden/digests/` (one list per site: path, size, digest): the
/// demo in both languages, the decade sample (`waymark sample --years 10 --tags 30 --seed 7`)
/// and sites from real exports (`../shared/real-exports`, skipped when absent), alone and
/// merged. A change to the code that changes no page keeps every digest; one that changes pages
/// on purpose regenerates the lists (`Scripts/update-digests`) in a commit that says why.
struct SiteDigestTests {
    /// The moment every site is built for (`--now`).
    static let now = "2026-11-29T20:00:00"
    static let digests = TestPaths.golden.appendingPathComponent("digests")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_DIGESTS"] == "1" }

    /// A site from real exports: its name and its sources, relative to `../shared/real-exports`.
    struct RealSite: Sendable, CustomTestStringConvertible {
        var name: String
        var sources: [String]
        var testDescription: String { name }
    }

    static let real: [RealSite] = {
        let singles = [
            RealSite(name: "loop-db-v22", sources: ["loop-habit-tracker-db/loop-v22.db"]),
            RealSite(name: "loop-db-v12", sources: ["loop-habit-tracker-db/loop-v12.db"]),
            RealSite(name: "loop-csv", sources: ["loop-habit-tracker-csv/csv_export"]),
            RealSite(name: "loop-csv-legacy", sources: ["loop-habit-tracker-csv/csv_export_legacy_pre2025"]),
            RealSite(name: "loop-csv-top-level", sources: ["loop-habit-tracker-csv-top-level"]),
            RealSite(name: "google-fit-openscale", sources: ["google-fit-takeout-and-openscale"]),
            RealSite(name: "google-fit-more", sources: ["google-fit-takeout-more"]),
            RealSite(name: "habitbull", sources: ["habitbull-csv"]),
            RealSite(name: "beeminder", sources: ["beeminder-bb"]),
            RealSite(name: "apple-health-activity", sources: ["apple-health-activity"]),
            RealSite(name: "apple-health-dogsheep", sources: ["apple-health-dogsheep-healthkit-to-sqlite/export.xml"]),
            RealSite(name: "apple-health-tdda", sources: ["apple-health-tdda-applehealthdata"]),
            RealSite(name: "daylio", sources: ["daylio-csv/zhafen-2019-ampm-daylio_export.csv"]),
        ]
        return singles + [RealSite(name: "real-merged", sources: singles.flatMap(\.sources))]
    }()

    @Test func sha256GivesTheStandardsExamples() {
        // FIPS 180-4's examples (one block, two blocks) and the empty message.
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        // 55 and 56 bytes: the padding needs one block, then two.
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    }

    @Test(arguments: ["en", "zh-Hans"])
    func demoSite(language: String) throws {
        var request = BuildRequest(source: .demo, now: DateTimeText.parse(Self.now))
        request.language = Language(rawValue: language)
        try check("demo-\(language)", request, fileSystem: .local)
    }

    @Test func decadeSample() throws {
        let sample = SampleExport(years: 10, tags: 30, seed: 7)
        let root = "/decade-sample"
        let files = Dictionary(sample.files().map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        try check("decade", BuildRequest(source: .paths([root]), now: DateTimeText.parse(Self.now)),
                  fileSystem: .inMemory(root: root, files: files))
    }

    @Test(.enabled(if: TestPaths.hasShared), arguments: SiteDigestTests.real)
    func realExports(site: RealSite) throws {
        let base = TestPaths.shared.appendingPathComponent("real-exports").path
        let paths = site.sources.map { base + "/" + $0 }
        let missing = paths.filter { !FileManager.default.fileExists(atPath: $0) }
        guard missing.isEmpty else {
            // A sample renamed or removed from ../shared: nothing to compare, and no reason to fail.
            Issue.record("not in ../shared/real-exports: \(missing.joined(separator: ", "))", severity: .warning)
            return
        }
        try check(site.name, BuildRequest(source: .paths(paths), now: DateTimeText.parse(Self.now)), fileSystem: .local)
    }

    /// Builds `request` in memory and compares every file with the list `name`.
    func check(_ name: String, _ request: BuildRequest, fileSystem: FileSystem) throws {
        let built = try BuildPipeline(fileSystem: fileSystem, clock: { 0 }).build(request)
        let lines = built.files.map { "\($0.path) \($0.bytes.count) \(SHA256.hex($0.bytes))" }
        let list = Self.digests.appendingPathComponent(name + ".txt")
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.digests, withIntermediateDirectories: true)
            try (lines.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
            return
        }
        let committed = try #require(try? String(contentsOf: list, encoding: .utf8),
                                     "no Golden/digests/\(name).txt: run Scripts/update-digests")
        let problems = Self.differences(committed: committed.split(separator: "\n").map(String.init), built: lines)
        let shown = problems.prefix(20).joined(separator: "\n")
        #expect(problems.isEmpty, "\(name): \(problems.count) file(s) differ from Golden/digests/\(name).txt:\n\(shown)")
        // Even a site whose data fills no section has its front page (saying so), stats.json,
        // robots.txt and the two assets.
        #expect(lines.count >= 5 && lines.contains { $0.hasPrefix("index.html ") }, "\(name): a site of \(lines.count) files")
    }

    /// What differs between two lists, by path: files added, missing, or with other bytes.
    static func differences(committed: [String], built: [String]) -> [String] {
        func byPath(_ lines: [String]) -> [String: String] {
            Dictionary(lines.map { line in (String(line.split(separator: " ").dropLast(2).joined(separator: " ")), line) },
                       uniquingKeysWith: { first, _ in first })
        }
        let old = byPath(committed), new = byPath(built)
        return Set(old.keys).union(new.keys).sorted().compactMap { path in
            switch (old[path], new[path]) {
            case (nil, _): return "new file \(path)"
            case (_, nil): return "missing file \(path)"
            case let (a?, b?) where a != b: return "\(path): was \(a.split(separator: " ").suffix(2).joined(separator: " ")), now \(b.split(separator: " ").suffix(2).joined(separator: " "))"
            default: return nil
            }
        }
    }
}
