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
        // Each file ends within its head: the listing has them all, and reading them takes no
        // other reader. Starting from the top for each entry took 401 readers and 80,600 headers.
        #expect(entries.allSatisfy { $0.bytes != nil })
        #expect(archive.work.readersOpened == 1)
        #expect(archive.work.headersRead == count + 1)
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
        // The listing is the only pass: reading inflates nothing more.
        #expect(archive.work.readersOpened == 1)
        #expect(archive.work.headersRead == count + 1)
        #expect(archive.work.inflated == listing)
    }

    /// The bytes of a tar (the pax-restricted one libarchive writes) of files of `sizes` up to
    /// its end: per file a 512-byte header (every name is under 100 bytes, so no extended one)
    /// and its data padded to 512 bytes, then two zero blocks. What one pass inflates of it.
    static func tarBytes(_ sizes: [Int]) -> Int64 {
        Int64(sizes.reduce(0) { $0 + 512 + ($1 + 511) / 512 * 512 } + 1024)
    }

    static func fitbitMonths(_ count: Int, readings: Int = 150) -> [TestZip.Entry] {
        (0..<count).map { .file("Takeout/Fitbit/Global Export Data/weight-\($0).json", fitbitMonth($0, readings: readings)) }
    }

    /// A big entry nobody reads (heart rate, as Takeout puts it before the weight files), then
    /// ten Fitbit months of 15 KB each (past their heads), as a tar.gz and as gzip twice, read
    /// through `SourceReader`: the listing is the only pass. Before, the claimed files were
    /// read by a second reader from the top, inflating the heart rate file again too (8,717,312
    /// bytes instead of 4,359,168, two readers and 23 headers).
    @Test func aTarGzOfTenFitbitMonthsInflatesEachByteOnce() throws {
        let heart = Self.heartRate(bytes: 4 << 20)
        for twice in [false, true] {
            let dir = TemporaryDirectory()
            let path = dir.file("takeout.tgz")
            TestZip.write(path, [.file("Takeout/Fitbit/Global Export Data/heart_rate-2020-01-01.json", heart)] + Self.fitbitMonths(10), tarGz: true)
            let once = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            if twice { TestZip.gzipAgain(path) }
            let out = SourceReader().read([path])
            #expect(out.imported.errors.isEmpty)
            #expect(out.imported.export.weights.count == 1_500)
            #expect(out.reports.first?.ignored == [path + "/Takeout/Fitbit/Global Export Data/heart_rate-2020-01-01.json"])
            let work = try #require(out.reports.first?.archiveWork)
            let tar = Self.tarBytes([heart.count] + (0..<10).map { Self.fitbitMonth($0).count })
            #expect(tar == 4_359_168)
            if twice {
                // The outer level inflates the inner gzip stream, up to its last block.
                #expect(work.inflated > tar + Int64(once) - 64 && work.inflated <= tar + Int64(once))
            } else {
                #expect(work.inflated == tar)
            }
            #expect(work.readersOpened == 1)
            #expect(work.headersRead == 12)
        }
    }

    /// `bytes` of Fitbit's heart rate JSON (a file the weight importer does not read): readings
    /// five seconds apart, cut to the size.
    static func heartRate(bytes: Int) -> [UInt8] {
        var text = "["
        var n = 0
        while text.utf8.count < bytes {
            text += "{\"dateTime\": \"01/01/20 \(n / 720 % 24):\(n / 12 % 60):\(n * 5 % 60)\", \"value\": {\"bpm\": \(60 + n % 40), \"confidence\": \(n % 4)}},\n"
            n += 1
        }
        return Array(text.utf8.prefix(bytes - 1)) + Array("]".utf8)
    }

    /// A zip is listed from its central directory: the listing inflates the first 4 KiB of an
    /// entry no importer may read and passes over the rest; the entries an importer may read are
    /// kept as they are listed, each inflated once, and reading them needs no other reader.
    @Test func aZipInflatesItsClaimedEntriesOnceAndTheOthersHeadsOnly() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("takeout.zip")
        let heart = [UInt8](repeating: 0x20, count: 200_000)
        var entries: [TestZip.Entry] = []
        for (n, month) in Self.fitbitMonths(10).enumerated() {
            entries.append(month)
            if n % 3 == 0 { entries.append(.file("Takeout/Fitbit/Global Export Data/heart_rate-\(n).json", heart)) }
        }
        TestZip.write(path, entries)
        let out = SourceReader().read([path])
        #expect(out.imported.errors.isEmpty)
        #expect(out.imported.export.weights.count == 1_500)
        let work = try #require(out.reports.first?.archiveWork)
        let months = (0..<10).map { Self.fitbitMonth($0).count }.reduce(0, +)
        #expect(work.inflated == Int64(4 * SourceFile.headSize + months))
        #expect(work.readersOpened == 1)
        // 14 entries and the end.
        #expect(work.headersRead == 15)
    }

    /// An Apple Health export inside a tar.gz is read as a stream while the archive is listed,
    /// not kept: one pass, one reader, and the same part as reading the XML by itself.
    @Test func aHealthExportInATarGzIsStreamedAsItIsListed() throws {
        let xml = Self.healthExport(weighings: 3_000)
        #expect(xml.count > 600_000)
        let cda = Array("<?xml version=\"1.0\"?>\n<ClinicalDocument/>\n".utf8)
        let dir = TemporaryDirectory()
        let path = dir.file("backup.tgz")
        TestZip.write(path, [.file("apple_health_export/export.xml", xml), .file("apple_health_export/export_cda.xml", cda)]
                      + Self.fitbitMonths(3), tarGz: true)
        let out = SourceReader().read([path])
        #expect(out.imported.errors.isEmpty)
        let alone = AppleHealthImporter.importer.read([SourceFile.memory("export.xml", xml)], ImportContext())
        #expect(out.imported.export.weights.count == 3_000 + 450)
        #expect(out.reports.first?.parts.first?.kind == AppleHealthImporter.name)
        #expect(out.reports.first?.parts.first?.counts == RecordCounts(alone.export))
        #expect(out.reports.first?.parts.first?.dropped == alone.dropped + [.init(AppleHealthImporter.otherFilesReason, 1)])
        let work = try #require(out.reports.first?.archiveWork)
        #expect(work.inflated == Self.tarBytes([xml.count, cda.count] + (0..<3).map { Self.fitbitMonth($0).count }))
        #expect(work.readersOpened == 1)

        // Straight from the archive: the stream is the whole entry, and the entry is not kept.
        let archive = ZipArchive(path: path, displayName: "backup.tgz")
        var streamed: [UInt8] = []
        let listed = try archive.entries { entry in
            guard entry.path.hasSuffix("export.xml") else { return .pass }
            return .read { stream in streamed = (try? stream.readAll()) ?? [] }
        }.entries
        let same = streamed == xml
        #expect(same)
        // export_cda.xml ends within its head; the months are passed over.
        #expect(listed.map { $0.bytes == nil } == [true, false, true, true, true])
        #expect(listed.allSatisfy { $0.isBehindFilter })
    }

    /// In a zip the export is not read while listing: it is read later, by a reader that goes
    /// straight to it, beside the other sources' files. Its first 4 KiB are inflated twice.
    @Test func aHealthExportInAZipIsReadAfterTheListing() throws {
        let xml = Self.healthExport(weighings: 3_000)
        let dir = TemporaryDirectory()
        let path = dir.file("export.zip")
        TestZip.write(path, [.file("apple_health_export/export.xml", xml)] + Self.fitbitMonths(3))
        let out = SourceReader().read([path])
        #expect(out.imported.errors.isEmpty)
        #expect(out.imported.export.weights.count == 3_000 + 450)
        let work = try #require(out.reports.first?.archiveWork)
        let months = (0..<3).map { Self.fitbitMonth($0).count }.reduce(0, +)
        #expect(work.inflated == Int64(SourceFile.headSize + xml.count + months))
        #expect(work.readersOpened == 2)
    }

    /// When the claims give a file read while listing to another importer (here one placed
    /// before Apple Health that wants every file but did not say it may read them), the file is
    /// read again: the second pass, to that entry, and the right bytes.
    @Test func aFileClaimedByAnotherImporterThanTheOneThatStreamedItIsReadAgain() throws {
        let xml = Self.healthExport(weighings: 500)
        let dir = TemporaryDirectory()
        let path = dir.file("backup.tgz")
        TestZip.write(path, [.file("apple_health_export/export.xml", xml)], tarGz: true)
        let everything = SourceImporter(id: "all", name: "all", howToExport: "", claim: { $0.map { [$0] } }, read: { files, _ in
            var part = SourcePart(kind: "all", files: files.map(\.path))
            part.remarks = files.map { file in "\((try? file.readAll().count) ?? -1) bytes" }
            return part
        }, mayRead: { _ in false })
        let out = SourceReader(importers: [everything, AppleHealthImporter.importer]).read([path])
        #expect(out.reports.first?.parts.map(\.kind) == ["all"])
        #expect(out.reports.first?.parts.first?.remarks == ["\(xml.count) bytes"])
        let work = try #require(out.reports.first?.archiveWork)
        #expect(work.readersOpened == 2)
        #expect(work.inflated == Self.tarBytes([xml.count]) + 512 + Int64(xml.count + 511) / 512 * 512)
    }

    /// The listing keeps entries while their total stays within its limit, for all the archives
    /// of a build; the others are read by a second pass, forward, when they are read at all.
    @Test func theListingKeepsNoMoreThanItsLimit() throws {
        let dir = TemporaryDirectory()
        let first = dir.file("takeout.tgz")
        let second = dir.file("more.tgz")
        TestZip.write(first, Self.fitbitMonths(10), tarGz: true)
        TestZip.write(second, Self.fitbitMonths(1), tarGz: true)
        let listing = ListingReads(importers: SourceImporters.all, context: ImportContext(), limit: 40_000)
        let scanner = SourceScanner(fileSystem: .local, listing: listing)
        guard case .success(let scanned) = scanner.scan(first), case .files(let files) = scanned.shape, let archive = scanned.archive else {
            Issue.record("not listed")
            return
        }
        // 15,340 and 15,600 bytes fit in 40,000; a third month of 15,600 would not.
        #expect(listing.keptBytes == 15_340 + 15_600)
        let tar = Self.tarBytes((0..<10).map { Self.fitbitMonth($0).count })
        #expect(archive.work.inflated == tar)
        for (n, file) in files.enumerated() {
            #expect(try file.readAll() == Self.fitbitMonth(n))
        }
        #expect(archive.work.readersOpened == 2)
        // The second pass ends with the last entry's data, before the end blocks.
        #expect(archive.work.inflated == 2 * tar - 1024)

        // The room is spent: the next archive keeps nothing, and its month is read again.
        guard case .success(let next) = scanner.scan(second), case .files(let more) = next.shape, let nextArchive = next.archive else {
            Issue.record("not listed")
            return
        }
        #expect(listing.keptBytes == 15_340 + 15_600)
        #expect(try more.map { try $0.readAll() } == [Self.fitbitMonth(0)])
        #expect(nextArchive.work.readersOpened == 2)
    }

    /// Two entries of one name in a tar (appended): each is read as itself, never the other's
    /// bytes, whichever of them the listing kept.
    @Test func twoEntriesOfOneNameAreEachReadAsThemselves() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("twice.tgz")
        let name = "Takeout/Fitbit/Global Export Data/weight-0.json"
        TestZip.write(path, [.file(name, Self.fitbitMonth(0)), .file(name, Self.fitbitMonth(1))], tarGz: true)
        guard case .success(let scanned) = SourceScanner(fileSystem: .local, listing: ListingReads(importers: SourceImporters.all, context: ImportContext())).scan(path),
              case .files(let files) = scanned.shape else {
            Issue.record("not listed")
            return
        }
        #expect(try files.map { try $0.readAll() } == [Self.fitbitMonth(0), Self.fitbitMonth(1)])
    }

    /// A bomb inside a file read while the archive is listed stops the listing: the source
    /// is an error naming the archive, and nothing of the file is kept.
    @Test func aBombInsideAStreamedFileStopsTheListing() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("bomb.tgz")
        let xml = Array("<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n".utf8) + [UInt8](repeating: 0x20, count: 80 << 20)
        TestZip.write(path, [.file("apple_health_export/export.xml", xml)] + Self.fitbitEntries(3), tarGz: true)
        TestZip.gzipAgain(path)
        let out = SourceReader().read([path])
        #expect(out.imported.errors.map(\.description).map { $0.hasPrefix(path + ": unpacking it produced more than 64 MiB") } == [true])
        #expect(out.reports.first?.parts.isEmpty == true)
        #expect(out.imported.export.weights.isEmpty)
    }

    /// An Apple Health export of `weighings` body mass records, an hour apart, each followed
    /// by a step count record (another type, left out).
    static func healthExport(weighings: Int) -> [UInt8] {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n <ExportDate value=\"2023-12-03 08:15:00 +0100\"/>\n"
        for i in 0..<weighings {
            let month = 1 + i / 672, day = 1 + i % 672 / 24, hour = i % 24
            let date = "2023-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day) \(hour < 10 ? "0" : "")\(hour):15:00 +0100"
            xml += " <Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Health\" unit=\"kg\" creationDate=\"\(date)\" startDate=\"\(date)\" endDate=\"\(date)\" value=\"72.\(i % 10)\"/>\n"
            xml += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Watch\" unit=\"count\" creationDate=\"\(date)\" startDate=\"\(date)\" endDate=\"\(date)\" value=\"\(i % 900)\"/>\n"
        }
        return Array((xml + "</HealthData>\n").utf8)
    }

    /// Through readers: entries longer than their heads, passed over by the listing.
    @Test func entriesReadOutOfOrderOrAtOnceAreRight() throws {
        for tarGz in [false, true] {
            let dir = TemporaryDirectory()
            let path = dir.file("mixed")
            TestZip.write(path, (0..<20).map { .file("weight-\($0).json", Self.fitbitMonth($0)) }, tarGz: tarGz)
            let archive = ZipArchive(path: path, displayName: "mixed")
            let entries = try archive.entries().entries
            #expect(entries.allSatisfy { $0.bytes == nil && $0.isBehindFilter == tarGz })
            for n in [7, 3, 3, 12, 19, 0] {
                #expect(try archive.open(entries[n]).readAll() == Self.fitbitMonth(n))
            }
            // Two streams open at once each get their own reader.
            let a = try archive.open(entries[4])
            let b = try archive.open(entries[5])
            #expect(try b.readAll() == Self.fitbitMonth(5))
            #expect(try a.readAll() == Self.fitbitMonth(4))
            // A stream read only in part hands on a reader that skips the rest of its entry.
            let partial = try archive.open(entries[8])
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 10, alignment: 1)
            defer { buffer.deallocate() }
            #expect(try partial.fill(buffer) == 10)
            partial.close()
            #expect(try partial.read(into: buffer) == 0)
            #expect(try archive.open(entries[9]).readAll() == Self.fitbitMonth(9))
            // The listing's reader, and the four that reading needed (7, 3, 3 again, 0).
            #expect(archive.work.readersOpened == 5)
        }
    }

    /// A month of Fitbit weight files as Takeout writes them: `readings` readings each, so that
    /// a file is larger than the head read to recognise it.
    static func fitbitMonth(_ n: Int, readings: Int = 150) -> [UInt8] {
        let list = (0..<readings).map { r in
            "{\"logId\": \(n * 1_000 + r), \"weight\": 70.5, \"bmi\": 22.5, \"date\": \"\(n % 12 + 1 < 10 ? "0" : "")\(n % 12 + 1)/\(r % 28 + 1 < 10 ? "0" : "")\(r % 28 + 1)/\(10 + n / 12)\", \"time\": \"07:\(r / 28 + 10):00\", \"source\": \"Aria\"}"
        }
        return Array(("[" + list.joined(separator: ",\n") + "]").utf8)
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
