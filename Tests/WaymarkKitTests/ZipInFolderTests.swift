import Foundation
import Testing
@testable import WaymarkKit

/// A phone's backup keeps an app's export as the zip the app shared; Waymark reads it inside the
/// folder it is given, as it reads it given alone (`AppleHealthImporterTests` checks that zip's
/// records: 4 weighings, 1 body fat reading, 2 problems).
struct ZipInFolderTests {
    static let zip = AppleHealthImporterTests.folder.appendingPathComponent("export.zip").path

    @Test func aZipInsideAFolderIsReadLikeTheZipAlone() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("phone/Download"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.zip, toPath: dir.file("phone/Download/export.zip"))
        dir.write("phone/Download/notes.txt", "shopping list\n")
        // A zip that cannot be listed: its first bytes say zip, the rest is not one.
        dir.write("phone/Download/broken.zip", "PK\u{03}\u{04}not a zip at all")
        // A document that is a zip inside is a file of its own, never opened.
        TestZip.write(dir.file("phone/Download/letter.docx"), [.text("word/document.xml", "<w:document/>")])
        let outcome = SourceReader(context: ImportContext()).read([dir.file("phone")])
        let report = try #require(outcome.reports.first)
        #expect(report.parts.map(\.kind) == [AppleHealthImporter.name])
        let part = try #require(report.parts.first)
        #expect(part.files == [dir.file("phone/Download/export.zip/apple_health_export/export.xml")])
        #expect(part.counts.weighings == 4 && part.counts.bodyFat == 1 && part.errors == 2)
        let alone = SourceReader(context: ImportContext()).read([Self.zip])
        #expect(outcome.imported.export.weights == alone.imported.export.weights)
        #expect(report.ignored == [dir.file("phone/Download/broken.zip"), dir.file("phone/Download/letter.docx"), dir.file("phone/Download/notes.txt")])
        let warnings = outcome.imported.diagnostics.filter { $0.severity == .warning }.map(\.description)
        #expect(warnings.contains { $0.hasPrefix(dir.file("phone/Download/broken.zip") + ": not read: ") }, "\(warnings)")
    }

    /// A site Waymark built inside the folder (`"sources": ["."]` with the output beside the
    /// config) is not read back: its stats.json and weight.csv were listed as files no format knew.
    @Test func aSiteWaymarkBuiltInsideTheFolderIsNotRead() throws {
        let dir = TemporaryDirectory()
        dir.write("me/scale.csv", "date,weight\n2024-01-01,70\n")
        let run = CLIRun(["build", dir.file("me"), "-o", dir.file("me/site"), "-q", "--now", "2024-01-02T00:00:00Z"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(dir.read("me/site/weight.csv") != nil)
        guard case .success(let scanned) = SourceScanner(fileSystem: .local).scan(dir.file("me")), case .files(let files) = scanned.shape else {
            Issue.record("not scanned")
            return
        }
        #expect(files.map(\.relative) == ["scale.csv"])
        // A folder whose `.waymark` is a folder, not the manifest, is read.
        try FileManager.default.createDirectory(atPath: dir.file("me/other/.waymark"), withIntermediateDirectories: true)
        dir.write("me/other/b.csv", "date,weight\n2024-01-01,71\n")
        guard case .success(let again) = SourceScanner(fileSystem: .local).scan(dir.file("me")), case .files(let more) = again.shape else { return }
        #expect(more.map(\.relative) == ["other/b.csv", "scale.csv"])
    }

    /// A file of a folder that cannot be opened is named in a warning, never passed over in
    /// silence: it may hold the export's data (as root, mode 000 stops nobody, so the file system
    /// refuses it here).
    @Test func anUnreadableFileInAFolderIsNamed() throws {
        let dir = TemporaryDirectory()
        dir.write("phone/scale.csv", "date,weight\n2024-01-01,70\n")
        dir.write("phone/notes.txt", "a\n")
        var fs = FileSystem.local
        let local = FileSystem.local
        let locked = dir.file("phone/scale.csv")
        fs.openRead = { (path) throws(FileSystemError) -> ByteStream in
            if path.hasSuffix("/scale.csv") {
                throw FileSystemError(path: path, operation: "open", reason: .permissionDenied, detail: "Permission denied")
            }
            return try local.openRead(path)
        }
        guard case .success(let scanned) = SourceScanner(fileSystem: fs).scan(dir.file("phone")), case .files(let files) = scanned.shape else {
            Issue.record("not scanned")
            return
        }
        #expect(files.map(\.relative) == ["notes.txt"])
        #expect(scanned.warnings.map(\.description) == [locked + ": cannot be read (Permission denied); skipped"])
    }

    /// A zip whose entries would take the folder past its limit of files is skipped, and its
    /// listing stops at the limit: a quarter of a million entries took minutes to list in full.
    @Test func aZipOverTheFoldersLimitIsSkippedWithoutListingItAll() throws {
        let dir = TemporaryDirectory()
        dir.write("phone/a.txt", "a\n")
        dir.write("phone/b.txt", "b\n")
        // Five files, a link and a Mac's hidden copies: only the files count.
        TestZip.write(dir.file("phone/many.zip"), (1...5).flatMap { [.text("d/\($0).txt", "\($0)\n"), .text("__MACOSX/d/._\($0).txt", "x")] }
                      + [.link("d/link", target: "1.txt")])
        func scan(limit: Int) throws -> (files: [String], warnings: [String]) {
            var scanner = SourceScanner(fileSystem: .local)
            scanner.fileLimit = limit
            guard case .success(let scanned) = scanner.scan(dir.file("phone")), case .files(let files) = scanned.shape else {
                Issue.record("not scanned")
                return ([], [])
            }
            return (files.map(\.relative), scanned.warnings.map(\.description))
        }
        // a.txt and b.txt come before many.zip: with its 5 files the folder has 7.
        let fits = try scan(limit: 7)
        #expect(fits.files == ["a.txt", "b.txt", "d/1.txt", "d/2.txt", "d/3.txt", "d/4.txt", "d/5.txt"])
        let over = try scan(limit: 6)
        #expect(over.files == ["a.txt", "b.txt"])
        #expect(over.warnings.contains(dir.file("phone/many.zip") + ": skipped: it holds more than 4 files, and with them the folder would have more than 6 files"), "\(over.warnings)")

        let archive = ZipArchive(path: dir.file("phone/many.zip"), displayName: "many.zip")
        let visible = { (name: String) in !name.hasPrefix("__MACOSX/") }
        let cut = try archive.entries(limit: (2, visible))
        #expect(cut.entries.map(\.path) == ["d/1.txt", "__MACOSX/d/._1.txt", "d/2.txt", "__MACOSX/d/._2.txt"] && cut.isCut)
        let whole = try archive.entries(limit: (5, visible))
        #expect(whole.entries.count == 10 && !whole.isCut && whole.skippedLinks == ["d/link"])
        // Counting every entry, the hidden ones fill the limit.
        #expect(try archive.entries(limit: (5, { _ in true })).isCut)
    }

    /// A folder of many zips keeps few of them open once read: 300 zips, each of one Apple Health
    /// export, are read by the real binary allowed 64 open files (every pool kept up to four
    /// readers open, and the limit was met after about 60 zips).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: InterruptedBuildTests.binary), "needs the debug binary"))
    func manyZipsKeepFewFilesOpen() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("zips"), withIntermediateDirectories: true)
        // 2,000 weighings (about 330 KB): an entry this large is read through the zip's readers,
        // not kept whole while the zip is listed.
        let records = (0..<2000).map { i in
            AppleHealthImporterTests.record("BodyMass", unit: "kg", value: "70", start: "2023-12-03 08:\(String(format: "%02d", i % 60)):00 +0100")
        }
        let xml = AppleHealthImporterTests.export(records.joined(separator: "\n"))
        for k in 0..<300 { TestZip.write(dir.file("zips/e\(k).zip"), [.text("apple_health_export/export.xml", xml)]) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 64; \"$0\" check \"$1\" > /dev/null 2> \"$2\"", InterruptedBuildTests.binary, dir.file("zips"), dir.file("stderr")]
        try process.run()
        process.waitUntilExit()
        let stderr = dir.read("stderr") ?? ""
        #expect(process.terminationStatus == 0, "\(stderr.prefix(2000))")
        #expect(!stderr.contains("error:") && stderr.components(separatedBy: "Apple Health").count - 1 >= 300)
    }

    /// `init` finds it too, and names it in the config.
    @Test func initFindsTheZipInsideAFolder() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("exports/phone"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.zip, toPath: dir.file("exports/phone/export.zip"))
        let run = CLIRun(["init", dir.file("exports")])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Apple Health"), "\(run.stderr)")
    }
}
