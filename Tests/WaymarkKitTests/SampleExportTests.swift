import Testing
@testable import WaymarkKit

struct SampleExportTests {
    @Test func deterministicValidAndRealistic() {
        let sample = SampleExport(years: 2, tags: 5, seed: 7)
        let files = sample.files()
        #expect(files.map(\.bytes) == sample.files().map(\.bytes))
        #expect(files.map(\.bytes) != SampleExport(years: 2, tags: 5, seed: 8).files().map(\.bytes))
        var byPath: [String: [UInt8]] = [:]
        for f in files { byPath[f.path] = f.bytes }
        let result = ExportReader(fileSystem: .inMemory(root: "/s", files: byPath)).read(directory: "/s")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3))")
        let e = result.export
        #expect(e.tags.count == 5 && e.targets.count == 100 && e.notes.count == 200 && e.todos.count == 200 && e.weights.count == 730)
        // 60% of 5 habits a day over 730 days, plus completed targets and rewards spent.
        let habitRecords = e.points.filter { $0.type == "tag" }.count
        #expect(habitRecords == 2190)
        #expect(e.points.contains { $0.point < 0 } && e.points.contains { $0.type == "target" })
        #expect(e.profile.exportedAt == .instant(Zone(identifier: "Asia/Shanghai")!.instant(of: LocalDateTime(secondsAsUTC: Int64(sample.end.dayNumber) * 86_400 + 72_000))))
        let meanNote = e.notes.map { $0.body.utf8.count }.reduce(0, +) / e.notes.count
        #expect(meanNote > 1100 && meanNote < 1700)
    }

    @Test func exactPointCount() {
        let sample = SampleExport(years: 1, tags: 3, points: 5000, seed: 1)
        let points = sample.files().first { $0.path == "points.json" }!.bytes
        var diagnostics: [Diagnostic] = []
        let (records, _) = RecordsDecoder.decode(points, file: "points.json", zone: .utc, diagnostics: &diagnostics, RecordDecoders.point)
        #expect(records.filter { $0.type == "tag" }.count == 5000)
        #expect(diagnostics.isEmpty)
    }

    @Test func commandRefusesANonEmptyFolder() {
        let dir = TemporaryDirectory()
        dir.write("out/keep.txt", "mine")
        #expect(CLIRun(["sample", "-o", dir.file("out")]).code == 73)
        #expect(dir.read("out/keep.txt") == "mine")
        let ok = CLIRun(["sample", "-o", dir.file("fresh"), "--years", "1", "--tags", "2"])
        #expect(ok.code == 0 && ok.stderr.contains("Build it with: waymark build"))
        #expect(CLIRun(["check", dir.file("fresh"), "-q"]).code == 0)
        #expect(CLIRun(["sample", "--years", "0"]).stderr.hasPrefix("error: --years must be a whole number from 1 to 50 (got '0')"))
    }

    /// Nothing is dated after `exportedAt` (20:00 on the last day), and each target's points are
    /// dated at its completion, over several seeds and lengths.
    @Test(arguments: [(1, UInt64(1)), (2, UInt64(7)), (3, UInt64(42)), (1, UInt64(99))])
    func nothingAfterExportedAtAndTargetPointsAtCompletion(years: Int, seed: UInt64) throws {
        let sample = SampleExport(years: years, tags: 8, seed: seed)
        var byPath: [String: [UInt8]] = [:]
        for f in sample.files() { byPath[f.path] = f.bytes }
        let e = ExportReader(fileSystem: .inMemory(root: "/s", files: byPath)).read(directory: "/s").export
        let zone = try #require(Zone(identifier: "Asia/Shanghai"))
        let exportedAt = zone.instant(of: LocalDateTime(secondsAsUTC: Int64(sample.end.dayNumber) * 86_400 + 72_000))
        #expect(e.profile.exportedAt == .instant(exportedAt))
        let moments = e.points.map(\.date) + e.weights.map(\.date) + e.notes.compactMap(\.date) + e.targets.compactMap(\.completed)
        #expect(moments.count > 365 * years)
        #expect(moments.filter { $0.isAfter(exportedAt, in: zone) }.isEmpty)
        // The last day has records (up to 19:59), so the clamp is exercised.
        #expect(e.points.contains { $0.date.localDate(in: zone) == sample.end })
        // One target record per done target, at the target's completeTime, with its points.
        let done = e.targets.filter(\.done)
        let records = e.points.filter { $0.type == "target" }
        #expect(records.count == done.count && !done.isEmpty)
        var completions: [String: Moment] = [:]
        for t in done { completions[t.name] = t.completed }
        #expect(records.allSatisfy { r in completions[r.name ?? ""] == r.date })
    }
}
