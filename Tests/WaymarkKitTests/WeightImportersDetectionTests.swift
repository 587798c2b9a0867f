import Foundation
import Testing
@testable import WaymarkKit

/// The weight importers side by side in `SourceImporters.all`: each file goes to its own importer,
/// renamed or not, through `SourceReader` as `waymark build` uses it.
struct WeightImportersDetectionTests {
    static func bytes(_ fixture: String) throws -> [UInt8] {
        Array(try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("Import/" + fixture)))
    }

    /// Who claims a lone file, asking the importers in order as `SourceReader` does.
    static func claimant(_ file: SourceFile) -> String? {
        SourceImporters.all.first { !$0.claim([file]).isEmpty }?.id
    }

    @Test func eachFixtureGoesToItsImporterUnderAnyName() throws {
        let expected: [(String, String)] = [
            ("google-fit/Daily Summaries.csv", "google-fit"),
            ("fitbit/kg/weight-2023-01-01.json", "fitbit"),
            ("withings/weight.csv", "withings"),
            ("openscale/openscale-export.csv", "openscale"),
            ("beeminder/pushups.json", "beeminder"),
            ("beeminder/weight.json", "beeminder"),
            ("generic/weights.csv", "generic-weights"),
        ]
        for (fixture, id) in expected {
            let bytes = try Self.bytes(fixture)
            #expect(Self.claimant(.memory(fixture, bytes)) == id, "\(fixture)")
            #expect(Self.claimant(.memory("renamed.dat", bytes)) == id, "\(fixture) renamed")
        }
        #expect(Self.claimant(.memory("notes.csv", "title,body\nA,B\n")) == nil)
    }

    @Test func aTakeoutFolderYieldsOnePartPerFormatAndOneForAllFitbitMonths() throws {
        let files: [String: [UInt8]] = [
            "Takeout/Fit/Daily Aggregations/Daily Summaries.csv": try Self.bytes("google-fit/Daily Summaries.csv"),
            "Takeout/Fitbit/Global Export Data/weight-2023-01-01.json": try Self.bytes("fitbit/lb/weight-2023-01-01.json"),
            "Takeout/Fitbit/Global Export Data/weight-2023-02-01.json": try Self.bytes("fitbit/lb/weight-2023-02-01.json"),
            "Takeout/Fitbit/Global Export Data/steps-2023-01-01.json": Array("[{\"dateTime\":\"01/01/23 00:00:00\",\"value\":\"0\"}]".utf8),
            "withings/w.csv": try Self.bytes("withings/weight.csv"),
        ]
        let reader = SourceReader(fileSystem: .inMemory(root: "/in", files: files), context: ImportContext(zone: WeightFixtures.paris))
        let outcome = reader.read(["/in"])
        let report = try #require(outcome.reports.first)
        #expect(report.parts.map(\.kind) == [GoogleFitImporter.name, FitbitImporter.name, FitbitActivityImporter.name, WithingsImporter.name])
        #expect(report.parts.map(\.counts.weighings) == [3, 3, 0, 2])
        #expect(report.parts[1].files.count == 2)
        // The steps file beside the weights is Fitbit's activity, read on its own.
        #expect(report.parts[2].files == ["/in/Takeout/Fitbit/Global Export Data/steps-2023-01-01.json"])
        #expect(report.ignored.isEmpty)
        // 3 + 3 + 2 weighings on different minutes: the merge keeps all.
        #expect(outcome.imported.export.weights.count == 8)
    }

    /// The real folder holds a Google Fit file and an openScale file (the same day, 64.321 and 64.3 kg).
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func theRealGoogleFitAndOpenScaleFolder() {
        let outcome = SourceReader(context: ImportContext()).read([TestPaths.shared.appendingPathComponent("real-exports/google-fit-takeout-and-openscale").path])
        let kinds = outcome.reports.first?.parts.map(\.kind) ?? []
        #expect(kinds == [GoogleFitImporter.name, OpenScaleImporter.name])
        #expect(outcome.reports.first?.ignored.map { $0.hasSuffix("SOURCE.txt") } == [true])
    }
}
