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
        #expect(part.diagnostics.filter { $0.severity == .error }.allSatisfy { $0.dropsRecord })
        // Line 6's unit cell is empty: read as kilograms, and said.
        #expect(WeightFixtures.warnings(part) == ["generic/weights.csv: " + WeightUnitCheck.assumedWarning(count: 1)])
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

/// Weights without a unit, MyFitnessPal's measurement file and a log kept in two units. No real
/// file of these is in ../shared: the fixtures are built from the formats as documented
/// (docs/import.md): MyFitnessPal's `Date,Weight` and `Date,Body Fat %,Weight` (the headers its
/// Premium export writes, read by PulfordJ/portmyfitnesspalcsvintoandroidhealthconnect), the
/// issue's 132–165 lb example, and sudofox/weight's `date,pounds,kilograms,delta_pounds,delta_kilograms`
/// (whose first row is `2023-01-19,245,111,245,111`).
extension GenericWeightsImporterTests {
    static let pounds = "Date,Weight\n2024-01-01,164.5\n2024-01-02,163.8\n2024-01-03,132.0\n2024-01-04,150.2\n2024-01-05,165.0\n"

    @Test func aWeightWithoutAUnitIsKilogramsWithAWarningAndPoundsAreSpotted() {
        let file = SourceFile.memory("Measurement-Summary-2024-01-01-to-2024-01-05.csv", Self.pounds)
        #expect(SourceImporters.all.first { !$0.claim([file]).isEmpty }?.id == "generic-weights")
        let part = GenericWeightsImporter.read(file, ImportContext())
        #expect(part.kind == "MyFitnessPal (Measurement-Summary CSV)")
        #expect(part.export.weights.map(\.kg) == [164.5, 163.8, 132.0, 150.2, 165.0])
        // Median 163.8 "kg"; as pounds 163.8 × 0.45359237 = 74.298 kg.
        #expect(WeightFixtures.warnings(part) == [
            "Measurement-Summary-2024-01-01-to-2024-01-05.csv: the file does not say which unit its 5 weights are in: read as kilograms; if they are pounds, choose the unit with --weight-unit lb, or \"weightUnit\": \"lb\" for this source in waymark.json (docs/import.md, Weights without a unit)",
            "Measurement-Summary-2024-01-01-to-2024-01-05.csv: the median weighing, 163.8 read as kilograms (163.8 kg), is more than most people weigh; as pounds it would be 74.3 kg: these look like pounds. If so, choose the unit with --weight-unit lb, or \"weightUnit\": \"lb\" for this source in waymark.json (docs/import.md, Weights without a unit)",
        ])
    }

    @Test func theUsersUnitIsUsedForWeightsWithoutOne() {
        let part = GenericWeightsImporter.read(.memory("w.csv", Self.pounds), ImportContext(weightUnit: .lb))
        #expect(part.export.weights.map(\.kg) == [164.5, 163.8, 132.0, 150.2, 165.0].map { $0 * 0.45359237 })
        #expect(part.diagnostics.isEmpty)
        #expect(part.remarks == ["weights without a unit read as pounds, as chosen", "5 weighings in pounds converted to kilograms"])
        // Kilograms read as pounds: 70 lb is 31.8 kg, less than most people weigh.
        let kilos = GenericWeightsImporter.read(.memory("w.csv", "date,weight\n2024-01-01,70\n2024-01-02,71\n"), ImportContext(weightUnit: .lb))
        #expect(WeightFixtures.warnings(kilos) == [
            "w.csv: the median weighing, 71 read as pounds (32.2 kg), is less than most people weigh; as kilograms it would be 71 kg: these look like kilograms. If so, choose the unit with --weight-unit kg, or \"weightUnit\": \"kg\" for this source in waymark.json (docs/import.md, Weights without a unit)",
        ])
        // An ordinary series in kilograms: nothing to say but the assumption.
        let ordinary = GenericWeightsImporter.read(.memory("w.csv", "date,weight\n2024-01-01,70\n"), ImportContext())
        #expect(WeightFixtures.warnings(ordinary) == ["w.csv: " + WeightUnitCheck.assumedWarning(count: 1)])
    }

    @Test func myFitnessPalsBodyFatColumn() {
        let file = SourceFile.memory("Measurement-Summary-2024-01-01-to-2024-01-02.csv", "Date,Body Fat %,Weight\n2024-01-01,18.5,75.3\n2024-01-02,,75.1\n")
        #expect(GenericWeightsImporter.recognises(file))
        let part = GenericWeightsImporter.read(file, ImportContext(weightUnit: .kg))
        #expect(part.export.weights == [WeightEntry(date: WeightFixtures.day(2024, 1, 1), kg: 75.3), WeightEntry(date: WeightFixtures.day(2024, 1, 2), kg: 75.1)])
        #expect(part.export.bodyFat == [BodyFatEntry(date: WeightFixtures.day(2024, 1, 1), percent: 18.5)])
        #expect(part.diagnostics.isEmpty)
    }

    @Test func aLogInPoundsAndKilogramsReadsThePounds() {
        let text = "date,pounds,kilograms,delta_pounds,delta_kilograms\n2023-01-19,245,111,245,111\n2023-01-20,246,112,1,1\n2023-01-21,247,120,1,8\n"
        let file = SourceFile.memory("weight.csv", text)
        #expect(SourceImporters.all.first { !$0.claim([file]).isEmpty }?.id == "generic-weights")
        let part = GenericWeightsImporter.read(file, ImportContext())
        #expect(part.export.weights.map(\.kg) == [245, 246, 247].map { $0 * 0.45359237 })
        // 247 lb is 112.04 kg: the 120 in line 4 is off by more than half a kilogram.
        #expect(WeightFixtures.warnings(part) == [
            "weight.csv:4:16: the kilograms column disagrees with the weight read on 1 row, the first here: 120 kg where the pounds column's 247 lb is 112.04 kg; the pounds column is what is read",
        ])
        let clean = GenericWeightsImporter.read(.memory("weight.csv", "date,pounds,kilograms,delta_pounds,delta_kilograms\n2023-01-19,245,111,245,111\n"), ImportContext())
        #expect(clean.diagnostics.isEmpty)
        #expect(clean.remarks == ["the kilograms column is not read: it repeats the pounds column (checked on every row)", "1 weighing in pounds converted to kilograms"])
    }
}
