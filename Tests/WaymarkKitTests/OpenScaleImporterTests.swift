import Testing
@testable import WaymarkKit

/// openScale's CSV export.
struct OpenScaleImporterTests {
    /// The real file (a converter's output in openScale's import format): 2020-11-19 08:00, 64.3 kg;
    /// read in UTC that is 1605772800.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func readsTheRealFile() throws {
        let file = try WeightFixtures.shared("google-fit-takeout-and-openscale/openscale-expected.csv")
        #expect(OpenScaleImporter.recognises(file))
        let part = OpenScaleImporter.read(file, ImportContext())
        #expect(part.export.weights == [WeightEntry(date: .instant(1_605_772_800), kg: 64.3)])
        #expect(part.export.bodyFat.isEmpty && part.diagnostics.isEmpty)
    }

    @Test func readsTheAppsExportWithBothDateFormsAndFat() throws {
        let file = try WeightFixtures.file("openscale/openscale-export.csv")
        #expect(OpenScaleImporter.recognises(file))
        let part = OpenScaleImporter.read(file, ImportContext(zone: WeightFixtures.paris))
        // 19.11.2020 08:00, 20.11.2020 07:45 and 2020-11-21 08:10 in Paris (UTC+1).
        #expect(part.export.weights == [WeightEntry(date: .instant(1_605_769_200), kg: 64.3),
                                        WeightEntry(date: .instant(1_605_854_700), kg: 64.1),
                                        WeightEntry(date: .instant(1_605_942_600), kg: 63.9)])
        // The second row's fat is 0.0, openScale's "not measured".
        #expect(part.export.bodyFat == [BodyFatEntry(date: .instant(1_605_769_200), percent: 21.4),
                                        BodyFatEntry(date: .instant(1_605_942_600), percent: 21.0)])
        #expect(part.diagnostics.isEmpty)
    }

    @Test func badRowsAreReportedAtTheirLine() {
        let file = SourceFile.memory("o.csv", "dateTime,weight,fat\n2020-11-19 08:00,64.3,150\n31.11.2020 08:00,64.2,0\n2020-11-21 08:00,,0\n")
        let part = OpenScaleImporter.read(file, ImportContext())
        #expect(part.export.weights.map(\.kg) == [64.3])
        #expect(WeightFixtures.errors(part) == ["o.csv:3:1: not a date-time like 2020-11-19 08:00 (got \"31.11.2020 08:00\")", "o.csv:4: the row has no weight"])
        #expect(WeightFixtures.warnings(part) == ["o.csv:2:23: expected a body fat percentage between 0 and 100 (got \"150\"); the weighing is kept without it"])
    }

    @Test func isRecognisedByItsCamelCaseHeader() throws {
        let file = try WeightFixtures.file("openscale/openscale-export.csv")
        #expect(OpenScaleImporter.recognises(try WeightFixtures.renamed(file, "backup.csv")))
        #expect(!OpenScaleImporter.recognises(.memory("w.csv", "datetime,weight\n2020-11-19 08:00,64.3\n")))
        #expect(!OpenScaleImporter.recognises(try WeightFixtures.file("withings/weight.csv")))
        #expect(!OpenScaleImporter.recognises(try WeightFixtures.file("generic/weights.csv")))
    }
}

extension OpenScaleImporterTests {
    /// The example in docs/import.md.
    @Test func theDocumentedExample() {
        let file = SourceFile.memory("openscale.csv", """
            "dateTime","weight","fat","water","muscle","comment"
            "2020-11-19 08:00","64.3","21.4","55.0","40.1","morning"
            "2020-11-20 07:45","64.1","0.0","0.0","0.0",""

            """)
        #expect(OpenScaleImporter.recognises(file))
        let part = OpenScaleImporter.read(file, ImportContext())
        #expect(part.export.weights.map(\.kg) == [64.3, 64.1])
        #expect(part.export.bodyFat == [BodyFatEntry(date: .instant(1_605_772_800), percent: 21.4)])
    }
}
