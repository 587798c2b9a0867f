import Foundation
import Testing
@testable import WaymarkKit

/// Names that are not UTF-8: a note's is named as such (not as "disappeared"), and a user's files
/// in the site stay where they are through every rebuild, whatever the bytes of their names.
struct NonUTF8NameTests {
    @Test func aNoteNameThatIsNotUTF8IsSaidToBeSo() throws {
        let dir = TemporaryDirectory()
        dir.write("export/points.json", "[]")
        try FileManager.default.createDirectory(atPath: dir.file("export/notes"), withIntermediateDirectories: true)
        // "run\xFF.md": written through the POSIX call, which takes bytes.
        let path = Array(dir.file("export/notes/run").utf8) + [0xFF] + Array(".md".utf8) + [0]
        let fd = path.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { open($0, O_CREAT | O_WRONLY, 0o644) } ?? -1
        }
        #expect(fd >= 0)
        close(fd)
        let run = CLIRun(["check", dir.file("export")])
        #expect(run.code == 65)
        #expect(run.stderr.contains("error: notes/run\u{FFFD}.md: the file name is not valid UTF-8 (its bad bytes are shown as \u{FFFD}); rename the file"))
        #expect(!run.stderr.contains("disappeared"))
    }

    /// At any depth, in the user's folders and in Waymark's, inside a folder whose own name is
    /// not UTF-8, and in a folder the next site no longer has; with and without --force.
    @Test(arguments: [false, true])
    func filesWithNamesThatAreNotUTF8StayInPlace(force: Bool) throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        let user = UserFiles(root: out)
        if force {
            // A folder of the user's that Waymark is told to write into.
            #expect(mkdir(out, 0o755) == 0)
            user.file(Array("mine".utf8) + [0xFF] + Array(".txt".utf8), Array("top".utf8))
            _ = try SiteWriter().write(TestSite.version(1), to: out, force: true)
        } else {
            _ = try SiteWriter().write(TestSite.version(1), to: out, force: false)
            user.file(Array("mine".utf8) + [0xFF] + Array(".txt".utf8), Array("top".utf8))
        }
        user.file(Array("notes/".utf8) + [0xFE, 0xFD], Array("in Waymark's folder".utf8))
        user.file(Array("only-1/deep/".utf8) + [0xC3, 0x28], Array("in a folder the next site drops".utf8))
        user.file([0x80, 0x2F, 0x69, 0x6E, 0x6E, 0x65, 0x72, 0x2F] + Array("x.txt".utf8), Array("below a folder named 0x80".utf8))
        let deep = (0..<20).map { "d\($0)/" }.joined()
        user.file(Array(deep.utf8) + [0x64, 0xFF, 0x2F, 0xFF], Array("twenty-one folders down".utf8))
        user.record()
        for v in [2, 1, 2] {
            _ = try SiteWriter().write(TestSite.version(v), to: out, force: force)
            #expect(user.changes().isEmpty, "version \(v): \(user.changes())")
            #expect(OutputFolderSafetyTests.waymarkLeftovers(dir.path).isEmpty)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["site"])
            #expect(dir.read("site/index.html") == String(decoding: TestSite.version(v)[0].bytes, as: UTF8.self))
        }
    }
}
