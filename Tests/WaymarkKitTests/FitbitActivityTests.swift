import Foundation
import Testing
@testable import WaymarkKit

/// Fitbit's steps, distance, calories and sleep from Google Takeout. No real Fitbit export is in
/// ../shared: `Fixtures/Import/fitbit/activity/` follows the documented format (docs/import.md):
/// minute values as strings under "MM/dd/yy HH:mm:ss" (a parser's real sample has 133 steps and a
/// distance of 753.6 in a minute), sleep logs with the fields of a real "stages" log quoted by a
/// user and of the "classic" log 1028309330 in danlsn/fitport's README (608 minutes asleep, 633 in
/// bed); `sleep-2022-12-02.json` repeats the logs, as overlapping month files do.
struct FitbitActivityTests {
    static func files() throws -> [SourceFile] {
        try ["steps-2023-01-01.json", "distance-2023-01-01.json", "calories-2023-01-01.json", "sleep-2023-01-01.json", "sleep-2022-12-02.json"]
            .map { try WeightFixtures.file("fitbit/activity/" + $0) }
    }

    @Test func minutesAddUpToTheirWallClockDay() throws {
        let files = try Self.files()
        let units = SourceImporters.all.first { !$0.claim(files).isEmpty }.map { ($0.id, $0.claim(files).map(\.count)) }
        #expect(units?.0 == "fitbit-activity" && units?.1 == [5])
        let part = FitbitActivityImporter.read(files, ImportContext())
        #expect(part.diagnostics.isEmpty)
        let day1 = WeightFixtures.day(2023, 1, 1), day2 = WeightFixtures.day(2023, 1, 2)
        // 0 + 133 + 20 on the 1st (23:59 is still the 1st), 7 + 1,040 on the 2nd.
        #expect(part.export.activity.filter { $0.metric == .steps } == [
            ActivitySample(metric: .steps, date: day1, value: 153, source: "Fitbit"),
            ActivitySample(metric: .steps, date: day2, value: 1047, source: "Fitbit"),
        ])
        // 753.6 + 1,000 cm = 0.017536 km; 1.14 + 1.16 kcal of total energy.
        let distance = part.export.activity.first { $0.metric == .distance }?.value ?? 0
        #expect(abs(distance - 0.017536) < 1e-12)
        let energy = part.export.activity.first { $0.metric == .totalEnergy }?.value ?? 0
        #expect(abs(energy - 2.30) < 1e-12)
        #expect(part.remarks == ["distances read as centimetres a minute, as Fitbit's export writes them",
                                 "calories read as total energy (resting included), as Fitbit counts them"])
    }

    /// Wall times in UTC: 2023-01-01 23:09 → 1672614540, 2023-01-02 07:05:30 → 1672643130;
    /// 2022-12-31 21:40 → 1672522800, 2023-01-01 08:13 → 1672560780.
    @Test func sleepLogsWithTheirStagesOnce() throws {
        let part = FitbitActivityImporter.read(try Self.files(), ImportContext())
        #expect(part.export.sleep == [
            SleepSession(source: "Fitbit", start: 1_672_614_540, end: 1_672_643_130, night: LocalDate(year: 2023, month: 1, day: 2),
                         inBed: 476, core: 250, deep: 78, rem: 92, awake: 56),
            SleepSession(source: "Fitbit", start: 1_672_522_800, end: 1_672_560_780, night: LocalDate(year: 2023, month: 1, day: 1),
                         inBed: 633, asleep: 608, awake: 25),
        ])
        #expect(part.dropped == [SourcePart.Dropped(FitbitActivityImporter.sameLog, 2)])
        // The stages add up to minutesAsleep: 250 + 78 + 92 = 420.
        #expect(part.export.sleep.first?.asleepMinutes == 420)
    }

    @Test func aMinuteFileIsKnownByItsContentAndName() {
        let minutes = "[{\"dateTime\":\"01/01/23 00:00:00\",\"value\":\"12\"}]"
        #expect(FitbitActivityImporter.kind(of: .memory("steps-2023-01-01.json", minutes)) == .minutes(.steps, factor: 1))
        // Heart rate is an object a minute; a renamed file says no metric; a file of steps' name
        // without Fitbit's content is someone else's.
        #expect(FitbitActivityImporter.kind(of: .memory("heart_rate-2023-01-01.json", "[{\"dateTime\":\"01/01/23 00:00:00\",\"value\":{\"bpm\":60}}]")) == nil)
        #expect(FitbitActivityImporter.kind(of: .memory("export.json", minutes)) == nil)
        #expect(FitbitActivityImporter.kind(of: .memory("steps-2023-01-01.json", "{\"steps\": 3}")) == nil)
        let bad = FitbitActivityImporter.read([.memory("steps-2023-01-01.json", "[{\"dateTime\":\"13/01/23 00:00:00\",\"value\":\"1\"},{\"dateTime\":\"01/01/23 00:00:00\",\"value\":\"-1\"}]")], ImportContext())
        #expect(WeightFixtures.errors(bad) == [
            "steps-2023-01-01.json: /0/dateTime: expected a date and time like \"01/05/23 07:32:00\" (got \"13/01/23 00:00:00\")",
            "steps-2023-01-01.json: /1/value: expected a number of 0 or more (got \"-1\")",
        ])
    }
}
