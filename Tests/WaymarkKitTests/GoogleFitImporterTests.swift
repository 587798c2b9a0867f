import Testing
@testable import WaymarkKit

/// Google Fit's `Daily Summaries.csv` from Google Takeout.
struct GoogleFitImporterTests {
    /// The fixture's weighings, read off its Average weight column: five days, of which 03-02 has
    /// activity but no weight and 03-04 nothing.
    static let fixtureWeights = [
        WeightEntry(date: WeightFixtures.day(2023, 3, 1), kg: 80.25),
        WeightEntry(date: WeightFixtures.day(2023, 3, 3), kg: 79.9),
        WeightEntry(date: WeightFixtures.day(2023, 3, 5), kg: 79.75),
    ]

    @Test func readsTheDaysWithAWeighingAndCountsTheRest() throws {
        let file = try WeightFixtures.file("google-fit/Daily Summaries.csv")
        #expect(GoogleFitImporter.recognises(file))
        let part = GoogleFitImporter.read([file], ImportContext(zone: WeightFixtures.paris))
        #expect(part.export.weights == Self.fixtureWeights)
        #expect(part.dropped == [SourcePart.Dropped(GoogleFitImporter.nothingRead, 1)])
        #expect(part.diagnostics.isEmpty)
    }

    /// The real Takeout file (trimmed to one day by its publisher): 2020-11-19, average 64.321 kg;
    /// the maximum (64.555) and minimum (64.123) are left.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func readsTheRealTakeoutFile() throws {
        let file = try WeightFixtures.shared("google-fit-takeout-and-openscale/Daily Summaries.csv")
        #expect(GoogleFitImporter.recognises(file))
        let part = GoogleFitImporter.read([file], ImportContext())
        #expect(part.export.weights == [WeightEntry(date: WeightFixtures.day(2020, 11, 19), kg: 64.321)])
        #expect(part.diagnostics.isEmpty && part.dropped.isEmpty && part.export.activity.isEmpty)
    }

    @Test func isRecognisedByItsHeaderWhateverItsName() throws {
        let file = try WeightFixtures.file("google-fit/Daily Summaries.csv")
        #expect(GoogleFitImporter.recognises(try WeightFixtures.renamed(file, "fit.csv")))
        #expect(!GoogleFitImporter.recognises(try WeightFixtures.file("withings/weight.csv")))
        #expect(!GoogleFitImporter.recognises(try WeightFixtures.file("generic/weights.csv")))
        #expect(!GoogleFitImporter.recognises(try WeightFixtures.file("openscale/openscale-export.csv")))
        #expect(!GoogleFitImporter.recognises(.memory("Daily Summaries.csv", "Date,Calories (kcal)\n2023-03-01,2000\n")))
    }

    @Test func aBadCellIsReportedAtItsLineAndDropsItsDay() {
        let file = SourceFile.memory("Daily Summaries.csv", "Date,Average weight (kg),Max weight (kg)\n2023-03-01,80.1,80.2\n2023-03-02,heavy,\n2023-13-01,80,\n")
        let part = GoogleFitImporter.read([file], ImportContext())
        #expect(part.export.weights == [WeightEntry(date: WeightFixtures.day(2023, 3, 1), kg: 80.1)])
        #expect(WeightFixtures.errors(part) == [
            "Daily Summaries.csv:3:12: not a number (got \"heavy\")",
            "Daily Summaries.csv:4:1: expected a day like 2020-11-19 (got \"2023-13-01\")",
        ])
        #expect(part.diagnostics.allSatisfy { $0.dropsRecord })
    }
}

extension GoogleFitImporterTests {
    /// The example in docs/import.md (the header cut after a few columns, as there).
    @Test func theDocumentedExample() {
        let file = SourceFile.memory("Daily Summaries.csv", "Date,Average weight (kg),Max weight (kg),Min weight (kg),Calories (kcal)\n2020-11-19,64.321,64.555,64.123,\n2020-11-20,,,,1843.5\n")
        let part = GoogleFitImporter.read([file], ImportContext())
        #expect(part.export.weights == [WeightEntry(date: WeightFixtures.day(2020, 11, 19), kg: 64.321)])
        #expect(part.dropped.isEmpty)
        #expect(part.export.activity == [ActivitySample(metric: .totalEnergy, date: WeightFixtures.day(2020, 11, 20), value: 1843.5, source: "Google Fit")])
    }
}

extension GoogleFitImporterTests {
    /// Old Mac line ends (a lone CR), as Excel for Mac saved CSV: the same days as with LF, and
    /// problems at the same lines. (This file used to read as one long header: "no records".)
    @Test func carriageReturnLineEndsAreLineEnds() throws {
        let lf = try WeightFixtures.file("google-fit/Daily Summaries.csv").readAll()
        let cr = lf.map { $0 == 0x0A ? 0x0D : $0 }
        #expect(!cr.contains(0x0A))
        let file = SourceFile.memory("Daily Summaries.csv", cr)
        #expect(GoogleFitImporter.recognises(file))
        let part = GoogleFitImporter.read([file], ImportContext(zone: WeightFixtures.paris))
        #expect(part.export.weights == Self.fixtureWeights)
        #expect(part.dropped == [SourcePart.Dropped(GoogleFitImporter.nothingRead, 1)])
        #expect(part.diagnostics.isEmpty)

        let bad = SourceFile.memory("Daily Summaries.csv", "Date,Average weight (kg),Max weight (kg)\r2023-03-01,80.1,80.2\r2023-03-02,heavy,\r")
        #expect(WeightFixtures.errors(GoogleFitImporter.read([bad], ImportContext())) == ["Daily Summaries.csv:3:12: not a number (got \"heavy\")"])
    }
}
