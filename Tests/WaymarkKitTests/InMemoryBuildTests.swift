import Foundation
import Testing
@testable import WaymarkKit

/// `BuildPipeline.build`: the site in memory is the site `run` writes, and nothing is written.
struct InMemoryBuildTests {
    @Test func theFilesInMemoryAreTheFilesWritten() throws {
        let dir = TemporaryDirectory()
        let pipeline = BuildPipeline(fileSystem: .local, clock: { 1_795_953_600 })
        var request = BuildRequest(source: .demo, output: dir.file("site"), language: .en)
        let built = try pipeline.build(request)
        #expect(!FileManager.default.fileExists(atPath: dir.file("site")))
        #expect(built.language == .en)
        #expect(built.files.map(\.path) == built.files.map(\.path).sorted())
        request.output = dir.file("site")
        let outcome = try pipeline.run(request)
        let written = Golden.files(in: dir.file("site"))
        // The writer adds its manifest; every other file is the same, byte for byte.
        #expect(Set(written.keys).subtracting(built.files.map(\.path)) == [SiteManifest.fileName])
        #expect(built.files.count == outcome.files)
        for file in built.files { #expect(written[file.path] == Data(file.bytes), "\(file.path)") }
    }

    @Test func aBadExportFailsWithoutWriting() {
        let dir = TemporaryDirectory()
        dir.write("export/points.json", "{ nope")
        let pipeline = BuildPipeline(fileSystem: .local, clock: { 0 })
        #expect(throws: BuildFailure.self) { try pipeline.build(BuildRequest(source: .paths([dir.file("export")]), output: dir.file("site"))) }
        #expect(!FileManager.default.fileExists(atPath: dir.file("site")))
    }
}
