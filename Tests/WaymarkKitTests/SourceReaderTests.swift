import Foundation
import Testing
@testable import WaymarkKit

/// Finding the files of a source (folders, files, zip and tar.gz archives) and handing them to
/// the importers in order, with importers made for the test so the rules are seen alone.
struct SourceReaderTests {
    /// Claims files whose first line is `date,x`, by content whatever their name, and reads each
    /// line after the header as one check of habit "x".
    static let probe = SourceImporter.perFile(
        id: "probe", name: "Probe CSV", howToExport: "write date,x",
        recognises: { $0.firstLine == "date,x" },
        read: { file, _ in
            var part = SourcePart(kind: "Probe CSV", files: [file.path])
            let text = (try? file.readAll()).map { String(decoding: $0, as: UTF8.self) } ?? ""
            for line in text.split(separator: "\n").dropFirst() {
                if case .day(let day)? = DateTimeText.parse(String(line)) {
                    part.export.points.append(PointRecord(point: 1, type: "tag", name: "x", date: .day(day)))
                }
            }
            return part
        })
    static let other = SourceImporter.perFile(id: "other", name: "Other JSON", howToExport: "press Export",
                                              recognises: { $0.headText.hasPrefix("{\"other\"") },
                                              read: { file, _ in SourcePart(kind: "Other JSON", files: [file.path]) })

    func reader() -> SourceReader { SourceReader(importers: [WaymarkExportImporter.importer, Self.probe, Self.other]) }

    @Test func zipEntriesAreFoundByContentAndLinksAndHiddenFilesSkipped() throws {
        let dir = TemporaryDirectory()
        let zip = dir.file("Export 2024.zip")
        TestZip.write(zip, [
            .text("export/renamed.txt", "date,x\n2024-01-02\n2024-01-03\n"),
            .text("__MACOSX/export/._renamed.txt", "date,x\n2024-01-09\n"),
            .text("export/.DS_Store", "date,x\n2024-01-09\n"),
            .text("export/README", "hello"),
            .link("export/passwd", target: "/etc/passwd"),
        ])
        let out = reader().read([zip])
        #expect(out.imported.errors.isEmpty)
        #expect(out.imported.export.points.map(\.date) == [.day(LocalDate(year: 2024, month: 1, day: 2)!), .day(LocalDate(year: 2024, month: 1, day: 3)!)])
        let report = try #require(out.reports.first)
        #expect(report.parts.map(\.files) == [[zip + "/export/renamed.txt"]])
        #expect(report.parts.first?.counts.checks == 2)
        #expect(report.ignored == [zip + "/export/README"])
        #expect(out.imported.warnings.map(\.description) == [zip + "/export/passwd: is a symbolic link inside the archive; skipped (Waymark never follows links out of an export)"])
    }

    @Test func tarGzArchivesAreReadToo() {
        let dir = TemporaryDirectory()
        let tgz = dir.file("takeout.tgz")
        TestZip.write(tgz, [.text("Takeout/a.csv", "date,x\n2023-05-06\n")], tarGz: true)
        let out = reader().read([tgz])
        #expect(out.imported.errors.isEmpty && out.imported.export.points.count == 1)
    }

    /// `tar czf export.tgz .` names every entry `./…`: that is the top of the archive, not a
    /// hidden folder (such an archive was "empty").
    @Test func entriesNamedFromDotAreRead() {
        let dir = TemporaryDirectory()
        let tgz = dir.file("export.tgz")
        TestZip.write(tgz, [.text("./a.csv", "date,x\n2023-05-06\n"), .text("./Takeout/./b.csv", "date,x\n2023-05-07\n"),
                            .text("./.hidden/c.csv", "date,x\n2023-05-08\n")], tarGz: true)
        let out = reader().read([tgz])
        #expect(out.imported.errors.isEmpty)
        #expect(out.imported.export.points.count == 2)
        #expect(out.reports.first?.parts.flatMap(\.files) == [tgz + "/a.csv", tgz + "/Takeout/b.csv"])
    }

    @Test func anUnknownFileIsAnErrorThatListsEveryFormat() throws {
        let dir = TemporaryDirectory()
        dir.write("data.csv", "when,what\n2024-01-01,run\n")
        let out = reader().read([dir.file("data.csv")])
        let error = try #require(out.imported.errors.first)
        #expect(error.kind == .badData)
        #expect(error.description == dir.file("data.csv") + """
            : is not a format Waymark knows
            Waymark reads:
              - Waymark export folder: the folder with points.json, tags.json, … (docs/export-format.md)
              - Probe CSV: write date,x
              - Other JSON: press Export
            See docs/import.md for each app.
            """)
    }

    @Test func aFolderKeepsWhatItKnowsAndReportsTheRest() throws {
        let dir = TemporaryDirectory()
        dir.write("src/deep/one.csv", "date,x\n2024-02-01\n")
        dir.write("src/two.json", "{\"other\": 1}")
        dir.write("src/notes.txt", "not data")
        dir.write("src/.hidden.csv", "date,x\n2024-02-02\n")
        let out = reader().read([dir.file("src")])
        #expect(out.imported.errors.isEmpty)
        let report = try #require(out.reports.first)
        #expect(report.parts.map(\.kind) == ["Probe CSV", "Other JSON"])
        #expect(report.ignored == [dir.file("src") + "/notes.txt"])
        #expect(out.imported.export.points.count == 1)
    }

    @Test func anEmptyFolderIsMissingInputAndAFolderOfStrangersBadData() {
        let dir = TemporaryDirectory()
        dir.write("empty/.keep", "")
        dir.write("strangers/a.txt", "?")
        #expect(reader().read([dir.file("empty")]).imported.errors.map(\.kind) == [.missingInput])
        #expect(reader().read([dir.file("strangers")]).imported.errors.map(\.kind) == [.badData])
    }

    @Test func theSameSourceTwiceIsReadOnce() throws {
        let dir = TemporaryDirectory()
        dir.write("src/a.csv", "date,x\n2024-02-01\n")
        try FileManager.default.createSymbolicLink(atPath: dir.file("alias"), withDestinationPath: dir.file("src"))
        let out = reader().read([dir.file("src"), dir.file("alias"), dir.file("src") + "/"])
        #expect(out.imported.export.points.count == 1)
        #expect(out.reports.map(\.sameAs) == [nil, dir.file("src"), dir.file("src")])
    }

    @Test func linksLeadingOutOfAFolderAreSkipped() throws {
        let dir = TemporaryDirectory()
        dir.write("outside.csv", "date,x\n2024-03-01\n")
        dir.write("src/inside.csv", "date,x\n2024-03-02\n")
        try FileManager.default.createSymbolicLink(atPath: dir.file("src/out.csv"), withDestinationPath: dir.file("outside.csv"))
        try FileManager.default.createSymbolicLink(atPath: dir.file("src/in.csv"), withDestinationPath: dir.file("src/inside.csv"))
        let out = reader().read([dir.file("src")])
        #expect(out.imported.export.points.count == 1)  // inside.csv, read once: in.csv is only a link to it
        #expect(out.imported.warnings.map(\.description) == [dir.file("src") + "/out.csv: is a symbolic link leading out of the source; skipped"])
    }

    @Test func aZipBombStopsAtItsCeiling() throws {
        let dir = TemporaryDirectory()
        let zip = dir.file("bomb.zip")
        TestZip.write(zip, [.file("zeros.csv", [UInt8](repeating: 0x30, count: 3 << 20))])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: zip)[.size] as? Int)
        #expect(size < 1 << 20)
        // 3 MiB from an archive under 1 MiB: over a ceiling of twice its size, at least 1 MiB.
        let archive = ZipArchive(path: zip, displayName: "bomb.zip", expansion: 2, minimum: 1 << 20)
        let entry = try #require(try archive.entries().entries.first)
        #expect(throws: SourceError.self) { _ = try archive.open(entry).readAll() }
        let lenient = ZipArchive(path: zip, displayName: "bomb.zip")
        #expect(try lenient.open(entry).readAll().count == 3 << 20)
    }

    @Test func aDamagedZipFailsCleanly() throws {
        let dir = TemporaryDirectory()
        let zip = dir.file("cut.zip")
        TestZip.write(zip, [.text("a.csv", String(repeating: "date,x\n2024-01-01\n", count: 2000))])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: zip))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: zip))
        let out = reader().read([zip])
        #expect(!out.imported.errors.isEmpty)
        #expect(out.imported.errors.allSatisfy { $0.description.hasPrefix(zip) })
    }
}
