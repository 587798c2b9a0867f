import Foundation
import Testing
@testable import WaymarkKit

struct SlugTests {
    @Test func slugsAreSafeAndUnique() {
        var s = Slugger()
        #expect(s.slug(for: "Half-Marathon Race!", fallback: "x") == "half-marathon-race")
        #expect(s.slug(for: "half marathon race", fallback: "x") == "half-marathon-race-2")
        #expect(s.slug(for: "../../etc/passwd", fallback: "x") == "etc-passwd")
        #expect(s.slug(for: "晨跑", fallback: "note-1a2b") == "note-1a2b")
        #expect(s.slug(for: "index", fallback: "x") == "index-2")
        #expect(s.slug(for: "\u{202E}evil\u{0}", fallback: "x") == "evil")
        #expect(Slugger.hash("晨跑") == Slugger.hash("晨跑"))
        #expect(Slugger.hash("a") != Slugger.hash("b"))
        #expect(Slugger.ascii(String(repeating: "ab", count: 100)).count == 60)
    }

    /// Files are read with one byte of room beyond their size, so that a short read ends them.
    @Test func filesOfEverySizeAreReadWhole() throws {
        let dir = TemporaryDirectory()
        let fs = FileSystem.local
        for size in [0, 1, 4095, 4096, 4097, 65_536, 200_003] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            dir.write("f\(size)", bytes)
            #expect(try fs.readFile(dir.file("f\(size)")) == bytes, "\(size) bytes")
        }
        // Files that report no size (the kernel's) are read to their end all the same.
        if FileManager.default.fileExists(atPath: "/proc/self/status") {
            let status = String(decoding: try fs.readFile("/proc/self/status"), as: UTF8.self)
            #expect(status.hasPrefix("Name:") && status.contains("\nPid:"))
        }
    }
}
