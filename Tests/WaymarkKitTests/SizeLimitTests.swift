import Foundation
import Testing
@testable import WaymarkKit

#if canImport(Glibc)
import Glibc
#endif

/// Files over the size limit are refused from their size, before any byte is read.
struct SizeLimitTests {
    // MARK: Size limits before reading

    /// Peak resident memory of this process, in bytes (Linux reports KiB).
    static func peakMemory() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }

    /// A sparse file of `size` bytes: no disk space, but `stat` reports the size.
    static func sparse(_ path: String, size: Int) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(ftruncate(fd, off_t(size)) == 0)
    }

    @Test func aHugePointsFileIsRefusedBeforeReading() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("export/notes"), withIntermediateDirectories: true)
        try Self.sparse(dir.file("export/points.json"), size: 2 << 30)
        try Self.sparse(dir.file("export/notes/big.md"), size: (1 << 30) + 1)
        dir.write("export/notes/small.md", "# fine\n")
        let before = Self.peakMemory()
        let r = ExportReader().read(directory: dir.file("export"))
        #expect(r.diagnostics.map(\.description) == [
            "points.json: is larger than 1 GiB; Waymark does not read files this large",
            "notes/big.md: is larger than 1 GiB; Waymark does not read files this large",
        ])
        #expect(r.export.notes.map(\.fileName) == ["small.md"])
        // Reading 2 GiB (even of a sparse file's zeros) would raise the peak by 2 GiB; refusing
        // from the size alone does not.
        #expect(Self.peakMemory() - before < 256 << 20)
    }

    @Test func fileSizeFollowsLinks() throws {
        let dir = TemporaryDirectory()
        dir.write("ten", "0123456789")
        try FileManager.default.createSymbolicLink(atPath: dir.file("link"), withDestinationPath: dir.file("ten"))
        #expect(FileSystem.local.fileSize(dir.file("ten")) == 10)
        #expect(FileSystem.local.fileSize(dir.file("link")) == 10)
        #expect(FileSystem.local.fileSize(dir.path) == nil)
        #expect(FileSystem.local.fileSize(dir.file("missing")) == nil)
        let memory = FileSystem.inMemory(root: "/r", files: ["a/b.json": [1, 2, 3]])
        #expect(memory.fileSize("/r/a/b.json") == 3 && memory.fileSize("/r/a") == nil)
    }

    /// A file read in parts side by side is the file, whatever the number of parts; its limit
    /// holds as in one read.
    @Test func readingInPartsGivesTheWholeFile() throws {
        let dir = TemporaryDirectory()
        let bytes = (0..<10_007).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
        dir.write("f", bytes)
        for parts in [1, 2, 3, 7] {
            #expect(try FileSystem.readLocalFile(dir.file("f"), limit: 20_000, parts: parts, bytesPerPart: 1_000) == bytes, "\(parts) parts")
        }
        // Too small to split: one read.
        #expect(try FileSystem.readLocalFile(dir.file("f"), limit: 20_000, parts: 4, bytesPerPart: 6_000) == bytes)
        #expect(throws: FileSystemError.tooLarge(dir.file("f"))) {
            try FileSystem.readLocalFile(dir.file("f"), limit: 10_006, parts: 3, bytesPerPart: 1_000)
        }
        #expect(try FileSystem.local.readFileInParts(dir.file("f"), 2) == bytes)
        #expect(try FileSystem.inMemory(root: "/m", files: ["f": bytes]).readFileInParts("/m/f", 2) == bytes)
        // A file system whose `readFile` is replaced reads in parts through the replacement.
        var fs = FileSystem.local
        fs.readFile = { (path) throws(FileSystemError) -> [UInt8] in throw FileSystemError(path: path, operation: "read", reason: .permissionDenied, detail: "no") }
        #expect(throws: FileSystemError.self) { try fs.readFileInParts(dir.file("f"), 2) }
    }

    /// A file whose size `stat` does not tell (or that grows while it is read) is still cut off
    /// at the limit: /dev/zero reports 0 bytes and never ends.
    @Test func readingStopsAtTheLimitWhateverStatSaid() throws {
        #expect(throws: FileSystemError.tooLarge("/dev/zero")) { try FileSystem.readLocalFile("/dev/zero", limit: 100_000) }
        let dir = TemporaryDirectory()
        dir.write("f", "12345")
        #expect(try FileSystem.readLocalFile(dir.file("f"), limit: 5) == Array("12345".utf8))
        #expect(throws: FileSystemError.tooLarge(dir.file("f"))) { try FileSystem.readLocalFile(dir.file("f"), limit: 4) }
        try Self.sparse(dir.file("huge"), size: 2 << 30)
        #expect(throws: FileSystemError.tooLarge(dir.file("huge"))) { try FileSystem.local.readFile(dir.file("huge")) }
    }
}
