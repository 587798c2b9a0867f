import Testing
@testable import WaymarkKit

/// Fitbit's `weight-*.json` from Google Takeout, in the account's unit.
struct FitbitImporterTests {
    static let lbFiles = ["fitbit/lb/weight-2023-01-01.json", "fitbit/lb/weight-2023-02-01.json"]

    static func kgs(_ part: SourcePart) -> [Double] { part.export.weights.map(\.kg) }

    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test func kilogramsAreToldByWeightOverBMI() throws {
        let file = try WeightFixtures.file("fitbit/kg/weight-2023-01-01.json")
        let part = FitbitImporter.read([file], ImportContext(zone: WeightFixtures.paris))
        // 80.0/24.69 = 3.24 and 79.6/24.57 = 3.24: a height of 1.80 m in kilograms.
        #expect(part.remarks == ["weights read as kilograms: weight/BMI is 3.2 (1.5–4.0 means kilograms)"])
        // 01/01/23 07:30:00 and 01/02/23 07:31:10 in Paris (UTC+1): 1672554600 and 1672641070.
        #expect(part.export.weights == [WeightEntry(date: .instant(1_672_554_600), kg: 80.0),
                                        WeightEntry(date: .instant(1_672_641_070), kg: 79.6)])
        #expect(part.export.bodyFat == [BodyFatEntry(date: .instant(1_672_554_600), percent: 21.5)])
        #expect(part.diagnostics.isEmpty)
    }

    @Test func poundsAcrossMonthlyFilesAreOneUnitAndARepeatedLogIsKeptOnce() throws {
        let files = try Self.lbFiles.map(WeightFixtures.file)
        #expect(FitbitImporter.claim(files).map { $0.map(\.relative) } == [Self.lbFiles])
        let part = FitbitImporter.read(files, ImportContext(zone: WeightFixtures.paris))
        // 120.0/24.52 = 4.894: in kilograms a height of 2.21 m, in pounds (÷2.2046) 1.49 m.
        #expect(part.remarks == ["weights read as pounds: weight/BMI is 4.9 (kg would give 1.5–4.0)"])
        // January's last reading (logId 1675150200000) is in February's file too.
        #expect(part.dropped == [SourcePart.Dropped(FitbitImporter.sameLog, 1)])
        // 120.0, 119.4 and 118.8 lb × 0.45359237.
        #expect(Self.close(Self.kgs(part), [54.4310844, 54.158928978, 53.886773556]))
        #expect(part.export.weights.map(\.date) == [.instant(1_673_073_000), .instant(1_675_146_600), .instant(1_676_874_600)])
        #expect(part.export.bodyFat.map(\.percent) == [30.2, 29.8])
        #expect(part.diagnostics.isEmpty)
    }

    @Test func withoutBMITheFlagDecides() throws {
        let file = try WeightFixtures.file("fitbit/nobmi/weight-2023-03-01.json")
        let part = FitbitImporter.read([file], ImportContext(zone: WeightFixtures.paris, weightUnit: .lb))
        #expect(part.remarks == ["weights read as pounds (--weight-unit lb): no reading has a BMI to tell the unit by"])
        // 150.0 and 149.5 lb.
        #expect(Self.close(Self.kgs(part), [68.0388555, 67.812059315]))
        #expect(part.diagnostics.isEmpty)
    }

    @Test func withoutBMIOrFlagKilogramsAreAssumedWithAWarning() throws {
        let file = try WeightFixtures.file("fitbit/nobmi/weight-2023-03-01.json")
        let part = FitbitImporter.read([file], ImportContext(zone: WeightFixtures.paris))
        #expect(Self.kgs(part) == [150.0, 149.5])
        #expect(part.remarks == ["weights read as kilograms (assumed): no reading has a BMI to tell the unit by and --weight-unit was not given"])
        #expect(WeightFixtures.warnings(part) == [
            "fitbit/nobmi/weight-2023-03-01.json: no reading has a BMI to tell the unit by; weights read as kilograms (pass --weight-unit lb if they are pounds)",
        ])
    }

    @Test func theRatioRanges() {
        #expect(FitbitUnitGuess.decide(ratios: [3.9], given: .lb).kilogramsPerUnit == 1)  // the overlap goes to kilograms
        #expect(FitbitUnitGuess.decide(ratios: [4.1], given: nil).kilogramsPerUnit == WeighingUnits.kilogramsPerPound)
        #expect(FitbitUnitGuess.decide(ratios: [0.5], given: nil).remark == "weights read as stones: weight/BMI is 0.5 (kg would give 1.5–4.0)")
        let odd = FitbitUnitGuess.decide(ratios: [12, 12.2, 11.9], given: .jin)
        #expect(odd.kilogramsPerUnit == 0.5)
        #expect(odd.remark == "weights read as jin (--weight-unit jin): weight/BMI is 12, which fits neither kilograms (1.5–4.0) nor pounds")
    }

    @Test func badReadingsAreReportedByTheirPathAndDropped() {
        let file = SourceFile.memory("weight-2023-05-01.json", """
            [{"logId":1,"weight":80.1,"bmi":24.7,"date":"05/01/23","time":"07:00:00","source":"Aria"},
             {"logId":2,"weight":"heavy","bmi":24.7,"date":"05/02/23","time":"07:00:00"},
             {"logId":3,"weight":80.0,"bmi":24.7,"date":"13/45/23","time":"07:00:00"},
             {"logId":4,"weight":80.0,"bmi":24.7,"date":"05/04/23","time":"25:00:00"},
             {"logId":5,"weight":80.0,"bmi":24.7,"fat":140,"date":"05/05/23"}]
            """)
        let part = FitbitImporter.read([file], ImportContext())
        #expect(part.export.weights == [WeightEntry(date: .instant(1_682_924_400), kg: 80.1), WeightEntry(date: WeightFixtures.day(2023, 5, 5), kg: 80.0)])
        #expect(WeightFixtures.errors(part) == [
            "weight-2023-05-01.json: /1/weight: expected a positive weight (got \"heavy\")",
            "weight-2023-05-01.json: /2/date: expected a date like \"01/05/20\" (got \"13/45/23\")",
            "weight-2023-05-01.json: /3/time: expected a time like \"07:32:11\" (got \"25:00:00\")",
        ])
        #expect(WeightFixtures.warnings(part) == ["weight-2023-05-01.json: /4/fat: body fat percentage out of range (got 140); the weighing is kept without it"])
    }

    @Test func isRecognisedByContentAndGroupedByFolder() throws {
        let kg = try WeightFixtures.file("fitbit/kg/weight-2023-01-01.json")
        #expect(FitbitImporter.recognises(try WeightFixtures.renamed(kg, "w.json")))
        #expect(FitbitImporter.recognises(.memory("weight-2023-04-01.json", "[ ]\n")))
        #expect(!FitbitImporter.recognises(.memory("steps-2023-04-01.json", "[ ]\n")))
        #expect(!FitbitImporter.recognises(.memory("steps.json", "[{\"dateTime\":\"01/01/23 00:00:00\",\"value\":\"0\"}]")))
        #expect(!FitbitImporter.recognises(try WeightFixtures.file("beeminder/weight.json")))
        let all = try (Self.lbFiles + ["fitbit/kg/weight-2023-01-01.json"]).map(WeightFixtures.file)
        #expect(FitbitImporter.claim(all).map(\.count) == [2, 1])
    }
}

extension FitbitImporterTests {
    /// The example in docs/import.md: 120.0 lb = 54.4310844 kg.
    @Test func theDocumentedExample() {
        let file = SourceFile.memory("weight-2023-01-01.json", """
            [{
              "logId" : 1673076600000,
              "weight" : 120.0,
              "bmi" : 24.52,
              "fat" : 30.2,
              "date" : "01/07/23",
              "time" : "07:30:00",
              "source" : "Aria"
            }]
            """)
        #expect(FitbitImporter.recognises(file))
        let part = FitbitImporter.read([file], ImportContext())
        #expect(part.remarks == ["weights read as pounds: weight/BMI is 4.9 (kg would give 1.5–4.0)"])
        #expect(Self.close(Self.kgs(part), [54.4310844]))
        #expect(part.export.bodyFat.map(\.percent) == [30.2])
    }
}
