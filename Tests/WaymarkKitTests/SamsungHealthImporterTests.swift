import Foundation
import Testing
@testable import WaymarkKit

/// Samsung Health's CSV files. No real export is in ../shared and none was found in public
/// repositories: these fixtures follow the format as documented (docs/import.md) from parsers
/// of real downloads: a first line naming the type and versions, the header on line 2, names
/// with or without the type's prefix, a trailing comma on every row, UTC times beside a
/// `time_offset`, `day_time` as the epoch milliseconds of the day's UTC midnight, and
/// `source_type` -2 for all sources combined.
struct SamsungHealthImporterTests {
    /// 1758067200000 ms is 2025-09-17 00:00 UTC, 1758153600000 the 18th (datetime with timezone.utc).
    @Test func stepsOfAllSourcesCombined() {
        let file = SourceFile.memory("com.samsung.shealth.step_daily_trend.20250920090000.csv", """
            com.samsung.shealth.step_daily_trend,7006011,6
            binning_data,update_time,create_time,source_type,count,speed,distance,calorie,deviceuuid,pkg_name,day_time,datauuid,
            ,2025-09-18 07:00:00.000,2025-09-17 07:00:00.000,-2,8421,1.3,6120.5,301.25,VfS0qUERdZ,com.sec.android.app.shealth,1758067200000,a1,
            ,2025-09-18 07:00:00.000,2025-09-17 07:00:00.000,0,8000,1.3,5900.0,290.0,VfS0qUERdZ,com.sec.android.app.shealth,1758067200000,a2,
            ,2025-09-18 07:00:00.000,2025-09-17 07:00:00.000,4,2000,1.1,1500.0,70.0,Watch42,com.sec.android.app.shealth,1758067200000,a3,
            ,2025-09-19 07:00:00.000,2025-09-18 07:00:00.000,-2,10250,1.4,7400,365.5,VfS0qUERdZ,com.sec.android.app.shealth,1758153600000,a4,
            ,2025-09-19 07:00:00.000,2025-09-18 07:00:00.000,-2,0,0,0,0,VfS0qUERdZ,com.sec.android.app.shealth,0,a5,

            """)
        #expect(SourceImporters.all.first { !$0.claim([file]).isEmpty }?.id == "samsung-health")
        let part = SamsungHealthImporter.read(file, ImportContext())
        #expect(part.diagnostics.isEmpty)
        let d17 = WeightFixtures.day(2025, 9, 17), d18 = WeightFixtures.day(2025, 9, 18)
        #expect(part.export.activity == [
            ActivitySample(metric: .steps, date: d17, value: 8421, source: "Samsung Health"),
            ActivitySample(metric: .distance, date: d17, value: 6.1205, source: "Samsung Health"),
            ActivitySample(metric: .activeEnergy, date: d17, value: 301.25, source: "Samsung Health"),
            ActivitySample(metric: .steps, date: d18, value: 10250, source: "Samsung Health"),
            ActivitySample(metric: .distance, date: d18, value: 7.4, source: "Samsung Health"),
            ActivitySample(metric: .activeEnergy, date: d18, value: 365.5, source: "Samsung Health"),
        ])
        #expect(part.dropped == [SourcePart.Dropped(SamsungHealthImporter.perDevice, 2), SourcePart.Dropped(SamsungHealthImporter.placeholder, 1)])
    }

    /// 2022-07-30 22:10 → 2022-07-31 06:40 UTC: 1659219000 to 1659249600, 480 minutes asleep of 510.
    @Test func sleepWithPrefixedNames() {
        let file = SourceFile.memory("com.samsung.shealth.sleep.20220801000000.csv", """
            com.samsung.shealth.sleep,6320001,5
            sleep_duration,efficiency,com.samsung.health.sleep.start_time,com.samsung.health.sleep.end_time,com.samsung.health.sleep.time_offset,com.samsung.health.sleep.datauuid,
            480,94.1,2022-07-30 22:10:00.000,2022-07-31 06:40:00.000,UTC+0900,s1,
            ,,2022-07-31 13:00:00.000,2022-07-31 12:00:00.000,UTC+0900,s2,

            """)
        let part = SamsungHealthImporter.read(file, ImportContext())
        #expect(part.export.sleep == [SleepSession(source: "Samsung Health", start: 1_659_219_000, end: 1_659_249_600, asleep: 480)])
        #expect(WeightFixtures.errors(part) == ["com.samsung.shealth.sleep.20220801000000.csv:4: expected a start_time and a later end_time like 2022-07-31 13:00:00.000"])
    }

    @Test func weightInKilogramsAndBodyFat() {
        let file = SourceFile.memory("com.samsung.health.weight.20220801000000.csv", """
            \u{FEFF}com.samsung.health.weight,6320001,12
            start_time,time_offset,weight,body_fat,height,comment,datauuid,
            2022-07-31 13:00:00.000,UTC+0900,68.4,21.5,172.0,"after a run, before lunch",w1,
            2022-07-31 20:45:00.000,UTC+0900,,,,,w2,

            """)
        let part = SamsungHealthImporter.read(file, ImportContext())
        #expect(part.export.weights == [WeightEntry(date: .instant(1_659_272_400), kg: 68.4)])
        #expect(part.export.bodyFat == [BodyFatEntry(date: .instant(1_659_272_400), percent: 21.5)])
        #expect(part.dropped == [SourcePart.Dropped("rows without a weight (another body measurement only)", 1)])
        #expect(!SamsungHealthImporter.recognises(.memory("w.csv", "start_time,weight\n2022-07-31 13:00:00.000,68\n")))
    }
}
