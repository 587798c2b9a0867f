import Foundation
import Testing
@testable import WaymarkKit

/// Defect 12: a note whose file name is not UTF-8 is named as such, not as "disappeared".
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
}
