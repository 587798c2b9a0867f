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
        let outcome = SourceReader(context: ImportContext()).read([dir.file("phone")])
        let report = try #require(outcome.reports.first)
        #expect(report.parts.map(\.kind) == [AppleHealthImporter.name])
        let part = try #require(report.parts.first)
        #expect(part.files == [dir.file("phone/Download/export.zip/apple_health_export/export.xml")])
        #expect(part.counts.weighings == 4 && part.counts.bodyFat == 1 && part.errors == 2)
        let alone = SourceReader(context: ImportContext()).read([Self.zip])
        #expect(outcome.imported.export.weights == alone.imported.export.weights)
        #expect(report.ignored == [dir.file("phone/Download/broken.zip"), dir.file("phone/Download/notes.txt")])
        let warnings = outcome.imported.diagnostics.filter { $0.severity == .warning }.map(\.description)
        #expect(warnings.contains { $0.hasPrefix(dir.file("phone/Download/broken.zip") + ": not read: ") }, "\(warnings)")
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
