import Foundation
import Testing
@testable import WaymarkKit

/// Renpho's export: the older US layout on a real file (`../shared/real-exports/renpho-csv`), and
/// the newer `Date,Time,…` layout, of which no real file is in ../shared: its fixtures follow the
/// documented format (docs/import.md), the header and `2025.12.26`/`08:23:40` of a parser that
/// quotes a real export, and `17/04/2026` with a space after the header's commas from another.
struct RenphoImporterTests {
    /// Counted with Python: `rows = list(csv.reader(open(f, encoding='utf-8-sig', newline='')))[1:]`;
    /// 344 rows; `w = [float(x[1]) for x in rows]`: 153.8 to 201.2 lb, `sum(w)` = 58,082.8;
    /// 2 rows with '--' in 'Body Fat(%)'; the others' fat sums to 5,326.8. Newest first:
    /// "July 4, 2022 9:34:26 AM" (164.2 lb, 12.7 %) down to "January 27, 2019 11:03:03 AM"
    /// (165.2 lb, 16.1 %); as New York wall times (zoneinfo) 1656941666 and 1548604983.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func theRealUSLayoutInPounds() throws {
        let file = try WeightFixtures.shared("renpho-csv/SamJSui-renpho-lb-export.csv")
        #expect(SourceImporters.all.first { !$0.claim([file]).isEmpty }?.id == "renpho")
        let newYork = Zone(identifier: "America/New_York") ?? .utc
        let part = RenphoImporter.read(file, ImportContext(zone: newYork))
        #expect(part.diagnostics.isEmpty)
        let weights = part.export.weights
        #expect(weights.count == 344)
        let pounds = weights.map { $0.kg / 0.45359237 }
        #expect(abs(pounds.reduce(0, +) - 58_082.8) < 1e-6)
        #expect(abs((pounds.min() ?? 0) - 153.8) < 1e-9 && abs((pounds.max() ?? 0) - 201.2) < 1e-9)
        // In time order: the oldest first.
        #expect(weights.first?.date == .instant(1_548_604_983) && weights.last?.date == .instant(1_656_941_666))
        #expect(abs((weights.last?.kg ?? 0) - 164.2 * 0.45359237) < 1e-9)
        #expect(part.export.bodyFat.count == 342 && abs(part.export.bodyFat.map(\.percent).reduce(0, +) - 5326.8) < 1e-6)
        #expect(part.export.bodyFat.last == BodyFatEntry(date: .instant(1_656_941_666), percent: 12.7))
        #expect(part.remarks == ["weights read as pounds, as the header says (\"Weight(lb)\")",
                                 "2 weighings without body composition (\"--\": the scale measured the weight only)"])
    }

    @Test func theNewerLayoutWithADateApart() {
        let file = SourceFile.memory("RENPHO Health-Anna.csv", """
            Date,Time,Weight(kg),BMI,Body Fat(%),Skeletal Muscle(%),Fat-Free Mass(kg),Subcutaneous Fat(%),Visceral Fat,Body Water(%),Muscle Mass(kg),Bone Mass(kg),Protein(%),BMR(kcal),Metabolic Age,Optimal Weight(kg),Target to optimal weight(kg),Target to optimal fat mass(kg),Target to optimal muscle mass(kg),Body Type,Remarks
            2025.12.26,08:23:40,70.35,22.9,21.4,48.1,55.3,18.8,7,55.9,52.5,2.8,17.6,1502,31,66.0,-4.35,-3.10,+0.50,Standard,--
            2025.12.26,08:23:10,70.40,22.9,--,--,--,--,--,--,--,--,--,--,--,--,--,--,--,--,--

            """)
        #expect(SourceImporters.all.first { !$0.claim([file]).isEmpty }?.id == "renpho")
        let part = RenphoImporter.read(file, ImportContext())
        #expect(part.diagnostics.isEmpty)
        // 2025-12-26 08:23:10 and 08:23:40 UTC: 1766737390 and 1766737420.
        #expect(part.export.weights == [WeightEntry(date: .instant(1_766_737_390), kg: 70.40), WeightEntry(date: .instant(1_766_737_420), kg: 70.35)])
        #expect(part.export.bodyFat == [BodyFatEntry(date: .instant(1_766_737_420), percent: 21.4)])
    }

    @Test func dayFirstDatesWithSpacesInTheHeader() {
        let file = SourceFile.memory("RENPHO Health.csv", """
            Date, Time, Weight(kg), BMI, Body Fat(%), Protein (%), Remarks
            17/04/2026,10:01:59,81.2,25.1,24.0,16.2,--
            03/04/2026,07:45:00,81.9,25.3,--,--,--
            """)
        let part = RenphoImporter.read(file, ImportContext())
        // The 17 puts the day first; 03/04 is then 3 April. 2026-04-03 07:45 UTC = 1775202300.
        #expect(part.export.weights.map(\.date) == [.instant(1_775_202_300), .instant(1_776_420_119)])
        #expect(part.remarks == ["1 weighing without body composition (\"--\": the scale measured the weight only)"])
        let bad = RenphoImporter.read(.memory("r.csv", "Date,Time,Weight(kg),BMI,Remarks\n2026.04.17,25:00,81,25,--\n2026.04.18,07:00,--,25,--\n"), ImportContext())
        #expect(WeightFixtures.errors(bad) == [
            "r.csv:2:1: not a date and time like \"July 4, 2022 9:34:26 AM\" or 2025.12.26 08:23:40 (got \"2026.04.17 25:00\")",
            "r.csv:3: the row has no weight",
        ])
    }

    @Test func twelveHourClocks() throws {
        let day = try #require(LocalDate(year: 2022, month: 7, day: 4))
        #expect(ClockText.clock(day, "9:34:26 AM") == LocalDateTime(date: day, hour: 9, minute: 34, second: 26))
        #expect(ClockText.clock(day, "12:05:00 AM") == LocalDateTime(date: day, hour: 0, minute: 5, second: 0))
        #expect(ClockText.clock(day, "12:05:00 PM") == LocalDateTime(date: day, hour: 12, minute: 5, second: 0))
        #expect(ClockText.clock(day, "1:05 pm") == LocalDateTime(date: day, hour: 13, minute: 5, second: 0))
        #expect(ClockText.clock(day, "13:05 PM") == nil)
    }
}
