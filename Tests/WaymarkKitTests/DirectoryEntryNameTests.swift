import Foundation
import Testing
@testable import WaymarkKit

/// Names come back whole and nothing past a short record is read (the suite also runs under
/// AddressSanitizer, which stops on such a read).
@Suite struct DirectoryEntryNameTests {
    @Test func shortAndLongestNamesAreListedExactly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-dirent-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let longest = String(repeating: "n", count: 255)
        let names = ["a", "bc", "notes.md", longest]
        for name in names { #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data())) }
        let listed = try FileSystem.local.listDirectory(folder).sorted()
        #expect(listed == names.sorted())
        #expect(listed.map(\.utf8.count).sorted() == [1, 2, 8, 255])
    }
}
