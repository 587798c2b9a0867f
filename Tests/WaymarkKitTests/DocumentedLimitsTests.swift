import Foundation
import Testing
@testable import WaymarkKit

/// The limits docs/import.md and docs/reliability.md state are the code's: each sentence is built
/// from the constant it names, so changing one without the other fails here.
struct DocumentedLimitsTests {
    static func text(_ doc: String) throws -> String {
        let data = try #require(FileManager.default.contents(atPath: TestPaths.repo.path + "/docs/" + doc))
        // Sentences wrap across lines: compare with single spaces.
        return String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == " " }).joined(separator: " ")
    }

    @Test func theReadLimitsInTheDocsAreTheCodes() throws {
        #expect([CSVTable.sizeLimit, LoopCSVImporter.maxFileSize, FitbitWeightFile.maxSize, BeeminderImporter.maxSize].allSatisfy { $0 == 64 << 20 })
        let mib = CSVTable.sizeLimit >> 20
        let gib = FileSystem.maxReadSize >> 30
        let importDoc = try Self.text("import.md")
        #expect(importDoc.contains("Files read whole are limited to \(gib) GiB for a Waymark export's JSON files"))
        #expect(importDoc.contains("and to \(mib) MiB for the other apps' CSV and JSON files"))
        #expect(importDoc.contains("is read into memory up to \(SQLiteDatabase.maxMemorySize >> 20) MiB"))
        #expect(importDoc.contains("A CSV row with more fields than a spreadsheet has columns (16,384)") && CSVTable.maxFields == 16_384)
        #expect(importDoc.contains("An archive may unpack to 1,100 times its own size in all, and any archive to \(ZipArchive.minimumBudget >> 20) MiB"))
        #expect(ZipArchive.maxExpansion == 1_100)
        #expect(importDoc.contains("are kept in memory, \(ListingReads.maxKept >> 20) MiB at most for a build, all archives together"))
        #expect(importDoc.contains("An entry past the \(ListingReads.maxKept >> 20) MiB is not left out"))
        let reliability = try Self.text("reliability.md")
        #expect(reliability.contains("files read whole to \(gib) GiB (a Waymark export's JSON) or \(mib) MiB (other apps' CSV and JSON)"))
    }
}
