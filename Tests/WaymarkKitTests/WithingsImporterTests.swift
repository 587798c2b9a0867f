import Foundation
import Testing
@testable import WaymarkKit

/// Withings' `weight.csv`.
struct WithingsImporterTests {
    @Test func readsNewestFirstRowsWithEmptyCellsIntoTimeOrder() throws {
        let file = try WeightFixtures.file("withings/weight.csv")
        #expect(WithingsImporter.recognises(file))
        let part = WithingsImporter.read(file, ImportContext(zone: WeightFixtures.paris))
        Self.expectFixture(part)
    }

    /// The fixture's two weighings: 2023-01-05 07:32:11 and 2023-01-07 07:40:02 in Paris (UTC+1)
    /// are 1672900331 and 1673073602; fat 18.2/72.8 = 25 % and 17.9/72.3 = 24.758 %.
    static func expectFixture(_ part: SourcePart, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(part.export.weights == [WeightEntry(date: .instant(1_672_900_331), kg: 72.8),
                                        WeightEntry(date: .instant(1_673_073_602), kg: 72.3)], sourceLocation: sourceLocation)
        #expect(part.export.bodyFat.map(\.date) == [.instant(1_672_900_331), .instant(1_673_073_602)], sourceLocation: sourceLocation)
        let fat = part.export.bodyFat.map(\.percent)
        #expect(fat.count == 2 && abs(fat[0] - 25) < 1e-9 && abs(fat[1] - 24.757952973720606) < 1e-9, sourceLocation: sourceLocation)
        #expect(part.dropped == [SourcePart.Dropped(WithingsImporter.withoutWeight, 1)], sourceLocation: sourceLocation)
        #expect(part.diagnostics.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func aBOMAndCRLFLineEndsChangeNothing() throws {
        let text = String(decoding: try WeightFixtures.file("withings/weight.csv").readAll(), as: UTF8.self)
        let bytes = [0xEF, 0xBB, 0xBF] + Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let file = SourceFile.memory("weight.csv", bytes)
        #expect(WithingsImporter.recognises(file))
        Self.expectFixture(WithingsImporter.read(file, ImportContext(zone: WeightFixtures.paris)))
    }

    @Test func theOldLeanMassColumnIsLeft() {
        let file = SourceFile.memory("weight.csv", """
            Date,"Weight (kg)","Fat mass (kg)","Lean mass (kg)","Comments"
            "2016-03-02 06:58:48",80.0,16.0,64.0,
            "2016-03-01 07:01:12",80.4,,,

            """)
        #expect(WithingsImporter.recognises(file))
        let part = WithingsImporter.read(file, ImportContext())
        // Oldest first; 16.0/80.0 = 20 %.
        #expect(part.export.weights.map(\.kg) == [80.4, 80.0])
        #expect(part.export.bodyFat == [BodyFatEntry(date: .instant(1_456_901_928), percent: 20)])
        #expect(part.diagnostics.isEmpty)
    }

    @Test func poundsAreConverted() {
        let file = SourceFile.memory("weight.csv", """
            Date,"Weight (lb)","Fat mass (lb)","Bone mass (lb)","Muscle mass (lb)","Hydration (lb)","Comments"
            2023-01-05 07:32:11,160.5,40.125,,,,

            """)
        let part = WithingsImporter.read(file, ImportContext())
        // 160.5 lb × 0.45359237 = 72.801575385 kg; 40.125/160.5 = 25 %.
        #expect(part.export.weights.count == 1 && abs((part.export.weights.first?.kg ?? 0) - 72.801575385) < 1e-9)
        #expect(part.export.bodyFat.count == 1 && abs((part.export.bodyFat.first?.percent ?? 0) - 25) < 1e-9)
        #expect(part.remarks == ["weights read as pounds, as the header says (\"Weight (lb)\")"])
    }

    @Test func badCellsAreReportedAtTheirLine() {
        let file = SourceFile.memory("weight.csv", """
            Date,"Weight (kg)","Fat mass (kg)","Comments"
            2023-01-05 07:32:11,72.8,90,
            yesterday,72.8,,
            2023-01-07 07:32:11,7x,,

            """)
        let part = WithingsImporter.read(file, ImportContext())
        #expect(part.export.weights.map(\.kg) == [72.8])
        #expect(part.export.bodyFat.isEmpty)
        #expect(WeightFixtures.errors(part) == ["weight.csv:3:1: not a date-time (got \"yesterday\")", "weight.csv:4:21: not a number (got \"7x\")"])
        #expect(WeightFixtures.warnings(part) == ["weight.csv:2:26: expected a fat mass below the weight (got \"90\"); the weighing is kept without it"])
    }

    @Test func isRecognisedByItsHeaderWhateverItsName() throws {
        let file = try WeightFixtures.file("withings/weight.csv")
        #expect(WithingsImporter.recognises(try WeightFixtures.renamed(file, "w.csv")))
        #expect(!WithingsImporter.recognises(try WeightFixtures.file("google-fit/Daily Summaries.csv")))
        #expect(!WithingsImporter.recognises(try WeightFixtures.file("generic/weights.csv")))
        #expect(!WithingsImporter.recognises(.memory("bp.csv", "Date,Heart rate,Systolic,Diastolic,Comments\n")))
        #expect(!WithingsImporter.recognises(.memory("w.csv", "Date,\"Weight (kg)\"\n2023-01-05,80\n")))
    }
}

extension WithingsImporterTests {
    /// A German account's file. No real one is in ../shared: the header and the row
    /// `"2014-02-13 6:04 Uhr","94.34","26.81","68.43",""` are as krischik's Fit-Import README
    /// quotes a real export (docs/import.md); the second row is made the same way.
    @Test func readsGermanHeadersByWithingsOrder() {
        let file = SourceFile.memory("weight.csv", """
            "Date","Gewicht (kg)","Fettmasse (kg)","Fettfreier Anteil (kg)","Kommentare"
            "2014-02-13 6:04 Uhr","94.34","26.81","68.43",""
            "2014-02-12 21:30 Uhr","94.9","27.0","67.9","nach dem Essen"

            """)
        #expect(WithingsImporter.recognises(file))
        #expect(SourceImporters.all.first { !$0.claim([file]).isEmpty }?.id == "withings")
        let berlin = Zone(identifier: "Europe/Berlin") ?? .utc
        let part = WithingsImporter.read(file, ImportContext(zone: berlin))
        // Berlin wall times (UTC+1 in February): 2014-02-12 21:30 → 1392237000, 02-13 06:04 → 1392267840.
        #expect(part.export.weights == [WeightEntry(date: .instant(1_392_237_000), kg: 94.9), WeightEntry(date: .instant(1_392_267_840), kg: 94.34)])
        // Fat mass over weight: 27.0/94.9 = 28.4510 %, 26.81/94.34 = 28.4185 %.
        #expect(part.export.bodyFat.map { ($0.percent * 1e4).rounded() / 1e4 } == [28.451, 28.4185])
        #expect(part.remarks == ["columns read by Withings' order: \"Gewicht (kg)\" as the weight, \"Fettmasse (kg)\" as the fat mass"])
        #expect(part.diagnostics.isEmpty)
    }

    @Test func translatedHeadersNeedWithingsShape() {
        // Google Fit's weights beside calories, Renpho's "Weight(kg)" beside a BMI, two columns only.
        #expect(!WithingsImporter.recognises(.memory("a.csv", "Date,Average weight (kg),Max weight (kg),Min weight (kg),Calories (kcal)\n")))
        #expect(!WithingsImporter.recognises(.memory("a.csv", "Date,Time,Weight(kg),BMI,Body Fat(%),Remarks\n")))
        #expect(!WithingsImporter.recognises(.memory("a.csv", "Date,\"Poids (kg)\",Commentaires\n")))
        // French, by the same shape (no real French file has been seen).
        #expect(WithingsImporter.recognises(.memory("a.csv", "Date,\"Poids (kg)\",\"Masse grasse (kg)\",\"Masse osseuse (kg)\",Commentaires\n")))
    }
}
