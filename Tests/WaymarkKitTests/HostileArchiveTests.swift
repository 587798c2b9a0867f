import Foundation
import Testing
@testable import WaymarkKit

/// Archives built to cost: a bomb in an entry nobody reads, gzip inside gzip, thousands of
/// entries. Work is counted (bytes inflated, readers opened, headers read), never timed; the
/// wall-clock figures are in docs/reliability.md.
struct HostileArchiveTests {
    /// One Fitbit weight file holding one reading, told apart by `n`.
    static func fitbitFile(_ n: Int) -> [UInt8] {
        let day = 1 + n % 28, month = 1 + (n / 28) % 12, year = 10 + n / 336
        let date = (month < 10 ? "0" : "") + "\(month)/" + (day < 10 ? "0" : "") + "\(day)/\(year)"
        return Array("[{\"logId\": \(1_000_000 + n), \"weight\": 70.5, \"bmi\": 22.5, \"date\": \"\(date)\", \"time\": \"07:30:00\"}]".utf8)
    }

    static func fitbitEntries(_ count: Int) -> [TestZip.Entry] {
        (0..<count).map { .file("Takeout/Fitbit/Global Export Data/weight-\($0).json", fitbitFile($0)) }
    }

    /// The issue's shape at a test's size: 80 MiB of zeros nobody reads, then ten Fitbit files,
    /// as a tar compressed with gzip twice: a few KB, so its limit is the 64 MiB any archive may
    /// inflate to, which the zeros alone exceed.
    static func bomb(in dir: TemporaryDirectory) -> String {
        let path = dir.file("bomb.tgz")
        TestZip.write(path, [.file("Takeout/zeros.bin", [UInt8](repeating: 0, count: 80 << 20))] + fitbitEntries(10), tarGz: true)
        TestZip.gzipAgain(path)
        return path
    }

    @Test func aBombInAnEntryNobodyReadsIsStoppedAtTheLimit() throws {
        let dir = TemporaryDirectory()
        let path = Self.bomb(in: dir)
        let archive = ZipArchive(path: path, displayName: "bomb.tgz")
        #expect(archive.budget.limit == 64 << 20)
        do {
            _ = try archive.entries()
            Issue.record("the bomb was listed")
        } catch {
            #expect(error.message.hasPrefix("bomb.tgz: unpacking it produced more than 64 MiB, the most Waymark inflates from an archive of "))
            #expect(error.message.hasSuffix("(1,100 times its size, at least 64 MiB); it looks like a zip bomb and was not read further"))
        }
        // Stopped within one chunk past the limit, not after inflating the whole entry.
        #expect(archive.work.inflated > 64 << 20)
        #expect(archive.work.inflated < 65 << 20)
        #expect(archive.work.readersOpened == 1)

        // Through the reader, as `waymark check bomb.tgz` sees it: an error naming the archive.
        let out = SourceReader().read([path])
        let errors = out.imported.errors.map(\.description)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix(path + ": unpacking it produced more than 64 MiB") == true)
        #expect(out.imported.export.weights.isEmpty)
    }

    @Test func gzipInsideGzipIsChargedAtEveryLevel() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("twice.tgz")
        let payload = [UInt8](repeating: 0x61, count: 1 << 20)
        TestZip.write(path, [.file("a.txt", payload)], tarGz: true)
        let once = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        TestZip.gzipAgain(path)
        let archive = ZipArchive(path: path, displayName: "twice.tgz")
        let listed = try archive.entries().entries
        #expect(listed.map(\.path) == ["a.txt"])
        // Listing passes over the whole entry: its 1 MiB and header in the tar (inner level),
        // plus the inner gzip stream itself (outer level).
        let tar = 512 + (1 << 20)
        #expect(archive.work.inflated >= Int64(tar + once - 64))
        #expect(archive.work.inflated <= Int64(tar + 10_240 + once))
        #expect(try archive.open(listed[0]).readAll() == payload)
    }

    @Test func manyZipEntriesAreReadInOnePass() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("takeout.zip")
        let count = 400
        TestZip.write(path, Self.fitbitEntries(count))
        let archive = ZipArchive(path: path, displayName: "takeout.zip")
        let entries = try archive.entries().entries
        #expect(entries.count == count)
        for (n, entry) in entries.enumerated() {
            #expect(try archive.open(entry).readAll() == Self.fitbitFile(n))
        }
        // One reader lists, one more reads them all in order: 2 × 400 headers and the end.
        // Starting from the top for each entry took 401 readers and 80,600 headers.
        #expect(archive.work.readersOpened == 2)
        #expect(archive.work.headersRead <= 2 * count + 2)
    }

    @Test func manyTarGzEntriesAreReadInOnePass() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("takeout.tgz")
        let count = 400
        TestZip.write(path, Self.fitbitEntries(count), tarGz: true)
        let archive = ZipArchive(path: path, displayName: "takeout.tgz")
        let entries = try archive.entries().entries
        let listing = archive.work.inflated
        for (n, entry) in entries.enumerated() {
            #expect(try archive.open(entry).readAll() == Self.fitbitFile(n))
        }
        #expect(archive.work.readersOpened == 2)
        #expect(archive.work.headersRead <= 2 * count + 2)
        // Reading inflates the tar once more, no more.
        #expect(archive.work.inflated <= 2 * listing + 10_240)
    }

    @Test func entriesReadOutOfOrderOrAtOnceAreRight() throws {
        for tarGz in [false, true] {
            let dir = TemporaryDirectory()
            let path = dir.file("mixed")
            TestZip.write(path, Self.fitbitEntries(20), tarGz: tarGz)
            let archive = ZipArchive(path: path, displayName: "mixed")
            let entries = try archive.entries().entries
            for n in [7, 3, 3, 12, 19, 0] {
                #expect(try archive.open(entries[n]).readAll() == Self.fitbitFile(n))
            }
            // Two streams open at once each get their own reader.
            let a = try archive.open(entries[4])
            let b = try archive.open(entries[5])
            #expect(try b.readAll() == Self.fitbitFile(5))
            #expect(try a.readAll() == Self.fitbitFile(4))
            // A stream read only in part hands on a reader that skips the rest of its entry.
            let partial = try archive.open(entries[8])
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 10, alignment: 1)
            defer { buffer.deallocate() }
            #expect(try partial.fill(buffer) == 10)
            partial.close()
            #expect(try partial.read(into: buffer) == 0)
            #expect(try archive.open(entries[9]).readAll() == Self.fitbitFile(9))
        }
    }

    @Test func aTakeoutZipOfManyFitbitFilesIsReadWhole() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("takeout.zip")
        TestZip.write(path, Self.fitbitEntries(300))
        let out = SourceReader().read([path])
        #expect(out.imported.errors.isEmpty)
        #expect(out.imported.export.weights.count == 300)
        #expect(out.imported.export.weights.allSatisfy { $0.kg == 70.5 })
    }
}
