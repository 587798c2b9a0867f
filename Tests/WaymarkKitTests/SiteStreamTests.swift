import Foundation
import Synchronization
import Testing
@testable import WaymarkKit

/// First builds stream pages to disk while rendering; the result and the guarantees must be those
/// of `SiteWriter.write`.
struct SiteStreamTests {
    let files = [SiteFile(path: "index.html", text: "home"), SiteFile(path: "notes/a.html", text: "A"),
                 SiteFile(path: "notes/b.html", text: "B"), SiteFile(path: "style.css", text: "css")]

    func listing(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func streamsANewSiteLikeWriteDoes() throws {
        let dir = TemporaryDirectory()
        let writer = SiteWriter()
        let stream = try #require(writer.beginStream(to: dir.file("out/site")))
        #expect(!FileManager.default.fileExists(atPath: dir.file("out/site")))
        stream.put(files[2])
        stream.put(files[1])  // in any order, from any thread; the rest comes with finish
        let report = try writer.finish(stream, files: files, force: false)
        #expect(report.written == 4 && report.unchanged == 0 && !report.upToDate)
        let reference = dir.file("reference")
        _ = try writer.write(files, to: reference, force: false)
        #expect(listing(dir.file("out/site")) == listing(reference))
        for path in listing(reference) where !path.hasSuffix("notes") {
            #expect(dir.read("out/site/" + path) == dir.read("reference/" + path), "\(path)")
        }
        #expect(listing(dir.file("out")) == ["site", "site/.waymark", "site/index.html", "site/notes", "site/notes/a.html",
                                             "site/notes/b.html", "site/style.css"])
        // The next build is not a first build: it compares and keeps unchanged files.
        #expect(writer.beginStream(to: dir.file("out/site")) == nil)
    }

    @Test func anEmptyFolderCanBeStreamedInto() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("site"), withIntermediateDirectories: true)
        let writer = SiteWriter()
        let stream = try #require(writer.beginStream(to: dir.file("site")))
        _ = try writer.finish(stream, files: files, force: false)
        #expect(dir.read("site/notes/b.html") == "B")
        #expect(listing(dir.path).filter { $0.contains("waymark-") }.isEmpty)
    }

    @Test func aFailedWriteLeavesNothing() throws {
        let dir = TemporaryDirectory()
        var failing = FileSystem.local
        let real = FileSystem.local.writeFile
        failing.writeFile = { (path, bytes) throws(FileSystemError) in
            if path.hasSuffix("a.html") { throw FileSystemError(path: path, operation: "write", reason: .noSpace, detail: "No space left on device") }
            try real(path, bytes)
        }
        let writer = SiteWriter(fileSystem: failing)
        let stream = try #require(writer.beginStream(to: dir.file("site")))
        stream.put(files[1])
        stream.put(files[2])  // not written after the failure
        do {
            _ = try writer.finish(stream, files: files, force: false)
            Issue.record("no error")
        } catch {
            #expect(error.exitCode == 74)
            #expect(error.message.contains("No space left on device"))
        }
        #expect(listing(dir.path).isEmpty)
    }

    @Test func abandoningLeavesNothing() throws {
        let dir = TemporaryDirectory()
        let writer = SiteWriter()
        let stream = try #require(writer.beginStream(to: dir.file("site")))
        stream.put(files[1])
        writer.abandon(stream)
        #expect(listing(dir.path).isEmpty)
    }

    /// Someone else filled the folder during the build: the usual rules apply to them.
    @Test func aFolderFilledMeanwhileIsNotReplaced() throws {
        let dir = TemporaryDirectory()
        let writer = SiteWriter()
        let stream = try #require(writer.beginStream(to: dir.file("site")))
        stream.put(files[0])
        dir.write("site/index.html", "theirs")
        do {
            _ = try writer.finish(stream, files: files, force: false)
            Issue.record("replaced a folder someone else made")
        } catch {
            #expect(error.exitCode == 73)
        }
        #expect(dir.read("site/index.html") == "theirs")
        #expect(listing(dir.path) == ["site", "site/index.html"])
    }

    @Test func unsafeOrDuplicatePathsFailTheBuild() throws {
        let dir = TemporaryDirectory()
        let writer = SiteWriter()
        let stream = try #require(writer.beginStream(to: dir.file("site")))
        stream.put(SiteFile(path: "../escape.html", text: "x"))
        #expect(throws: SiteWriteError.self) { try writer.finish(stream, files: files, force: false) }
        #expect(listing(dir.path).isEmpty)
        let again = try #require(writer.beginStream(to: dir.file("site")))
        again.put(files[0])
        again.put(files[0])
        #expect(throws: SiteWriteError.self) { try writer.finish(again, files: files, force: false) }
        #expect(listing(dir.path).isEmpty)
    }

    @Test func aBuildWithASinkHandsOverEveryPageAndKeepsOnlyItsPath() throws {
        var export = Export(profile: Profile(userName: "Ann"))
        export.points = [PointRecord(point: 3, type: "tag", name: "Run", date: .instant(1_780_000_000))]
        export.notes = [Note(fileName: "a.md", title: "A", body: "# A\n\ntext")]
        let builder = SiteBuilder(options: SiteOptions(now: 1_780_100_000, zone: .utc, language: .en))
        let plain = try builder.build(export)
        let handed = Mutex<[String: [UInt8]]>([:])
        let streamed = try builder.build(export, sink: { file in handed.withLock { $0[file.path] = file.bytes } })
        let received = handed.withLock { $0 }
        #expect(streamed.files.map(\.path) == plain.files.map(\.path))
        for (file, reference) in zip(streamed.files, plain.files) {
            if let bytes = received[file.path] {
                #expect(bytes == reference.bytes && file.bytes.isEmpty, "\(file.path)")
            } else {
                #expect(file.bytes == reference.bytes && !file.bytes.isEmpty, "\(file.path): not streamed, so kept")
            }
        }
        #expect(received.count == plain.files.filter { $0.path.hasSuffix(".html") || $0.path.hasSuffix(".json") || $0.path.hasSuffix(".csv") }.count)
        #expect(received["notes/a.html"] != nil && received["style.css"] == nil)
    }
}
