import Testing
@testable import WaymarkKit

/// The generic weights CSV: `date,weight[,unit]`, and Waymark's own `date,kg`.
struct GenericWeightsImporterTests {
    @Test func convertsEachRowFromItsUnitAndReportsBadRowsAtTheirLine() throws {
        let file = try WeightFixtures.file("generic/weights.csv")
        #expect(GenericWeightsImporter.recognises(file))
        let part = GenericWeightsImporter.read(file, ImportContext(zone: WeightFixtures.paris))
        // 177.0 lb × 0.45359237 = 80.28584949 kg; 160.2 jin ÷ 2 = 80.1 kg; an empty unit is kg.
        // 2024-01-06 07:30 in Paris is 06:30Z = 1704522600; 07:30+01:00 on the 7th is 1704609000.
        #expect(part.export.weights.map(\.date) == [WeightFixtures.day(2024, 1, 5), .instant(1_704_522_600), .instant(1_704_609_000),
                                                    WeightFixtures.day(2024, 1, 9)])
        let kg = part.export.weights.map(\.kg)
        #expect(kg.count == 4)
        for (got, want) in zip(kg, [80.5, 80.28584949, 80.1, 79.9]) { #expect(abs(got - want) < 1e-9) }
        #expect(WeightFixtures.errors(part) == [
            "generic/weights.csv:5:12: not a number (got \"eighty\")",
            "generic/weights.csv:7:17: unknown unit (got \"stone\"; expected kg, lb or jin)",
        ])
        #expect(part.diagnostics.allSatisfy { $0.dropsRecord })
        #expect(part.remarks == ["1 weighing in pounds converted to kilograms", "1 weighing in jin converted to kilograms"])
    }

    @Test func waymarksOwnWeightsCSVIsClaimedOnItsOwn() {
        let file = SourceFile.memory("weights.csv", "date,kg\n2024-01-05,80.5\n2024-01-06T07:30:00Z,80.3\n")
        #expect(SourceImporters.all.first { $0.claim([file]).count == 1 }?.id == "generic-weights")
        let part = GenericWeightsImporter.read(file, ImportContext())
        #expect(part.export.weights == [WeightEntry(date: WeightFixtures.day(2024, 1, 5), kg: 80.5),
                                        WeightEntry(date: .instant(1_704_526_200), kg: 80.3)])
    }

    @Test func aHeaderNamingAUnitSetsTheDefault() {
        let file = SourceFile.memory("w.csv", "Date,LB\n2024-01-05,200\n2024-01-06,100\n")
        let part = GenericWeightsImporter.read(file, ImportContext())
        // 200 lb = 90.718474 kg, 100 lb = 45.359237 kg.
        #expect(part.export.weights.map(\.kg) == [200 * 0.45359237, 100 * 0.45359237])
        #expect(part.remarks == ["2 weighings in pounds converted to kilograms"])
    }

    @Test func otherFormatsAreNotClaimed() throws {
        for fixture in ["withings/weight.csv", "google-fit/Daily Summaries.csv", "openscale/openscale-export.csv"] {
            #expect(!GenericWeightsImporter.recognises(try WeightFixtures.file(fixture)), "\(fixture)")
        }
        #expect(!GenericWeightsImporter.recognises(.memory("habits.csv", "date,habit,value\n2024-01-05,Run,5\n")))
        #expect(!GenericWeightsImporter.recognises(.memory("w.csv", "date,weight,weight\n")))
        #expect(!GenericWeightsImporter.recognises(.memory("w.csv", "weight\n80\n")))
    }

    @Test func aWeightOutOfRangeIsRefused() {
        let part = GenericWeightsImporter.read(.memory("w.csv", "date,weight,unit\n2024-01-05,2500,lb\n2024-01-06,0.05,kg\n"), ImportContext())
        #expect(part.export.weights.isEmpty)
        #expect(WeightFixtures.errors(part) == [
            "w.csv:2:12: expected a weight between 0.22 and 2205 lb (got \"2500\")",
            "w.csv:3:12: expected a weight between 0.1 and 1000 kg (got \"0.05\")",
        ])
    }
}
