import Foundation
import Testing
@testable import WaymarkKit

/// Activity, sleep, workouts and rings from Apple Health exports. The real files' figures were
/// counted with Python's `xml.etree.ElementTree` on the top-level `Record`s, `Workout`s and
/// `ActivitySummary`s, dates read with `datetime.strptime(…, "%Y-%m-%d %H:%M:%S %z")` (iOS 8's
/// `%Y%m%d%H%M%S%z`), days and nights taken with `zoneinfo` in the zone named in each test.
struct AppleHealthActivityTests {
    static let real = TestPaths.shared.appendingPathComponent("real-exports")

    static func read(_ relative: String, zone: Zone) -> SourcePart {
        let path = real.appendingPathComponent(relative).path
        let bytes = Array(FileManager.default.contents(atPath: path) ?? Data())
        return AppleHealthImporter.importer.read([SourceFile.memory("export.xml", bytes)], ImportContext(zone: zone))
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d) ?? LocalDate(dayNumber: 0) }

    static func days(_ part: SourcePart, _ metric: ActivityMetric, _ zone: Zone) -> [ActivityDay] {
        ActivityDays.daily(part.export.activity, in: zone).filter { $0.metric == metric }
    }

    static func total(_ days: [ActivityDay]) -> Double { days.reduce(0) { $0 + $1.value } }

    static let newYork = Zone(identifier: "America/New_York") ?? .utc
    static let berlin = Zone(identifier: "Europe/Berlin") ?? .utc

    /// The 2019 export (version 8, a phone in miles, New York): 1,588 step records, one of them
    /// dated 2030-01-06, eleven years after the export (ExportDate 2019-06-17 21:07:11 -0400),
    /// and the distance beside it.
    @Test(.enabled(if: TestPaths.hasShared)) func theStepsDistanceFlightsAndMindfulMinutesOfA2019Export() {
        let part = Self.read("apple-health-activity/rgosdin-2019-v8-export.xml", zone: Self.newYork)
        #expect(part.diagnostics.isEmpty)
        #expect(part.dropped.contains(.init(HealthActivityCollector.afterExportReason, 2)))
        let steps = Self.days(part, .steps, Self.newYork)
        // 1,587 records before the export: 359,932 steps on 35 days; the best 23,232 on 2019-05-19.
        #expect(part.export.activity.filter { $0.metric == .steps }.count == 1587)
        #expect(steps.count == 35)
        #expect(Self.total(steps) == 359_932)
        #expect(steps.max { $0.value < $1.value }.map { [$0.day: $0.value] } == [Self.day(2019, 5, 19): 23_232])
        #expect(steps.prefix(3).map(\.value) == [1970, 7453, 8618])
        #expect(steps.first?.day == Self.day(2019, 5, 14))
        // 1,586 distances in miles: 210.791621 km in all, 13.285928 km on 2019-05-19.
        let distance = Self.days(part, .distance, Self.newYork)
        #expect(abs(Self.total(distance) - 210.791621) < 1e-6)
        #expect(abs((distance.first { $0.day == Self.day(2019, 5, 19) }?.value ?? 0) - 13.285928) < 1e-6)
        #expect(part.remarks.contains("1,586 distances in mi converted to kilometres"))
        // 170 flights records, 211 flights on 34 days; 23 on 2019-05-15.
        let flights = Self.days(part, .flights, Self.newYork)
        #expect(flights.count == 34 && Self.total(flights) == 211)
        #expect(flights.first { $0.day == Self.day(2019, 5, 15) }?.value == 23)
        // One mindful session with no value: 03:46 to 06:46, 180 minutes.
        #expect(part.export.activity.filter { $0.metric == .mindful } == [
            ActivitySample(metric: .mindful, date: .instant(1_560_671_160), value: 180, source: "Health"),
        ])
    }

    /// The same export's sleep: the iPhone's Bedtime ("Clock") wrote time in bed only (46.98,
    /// 18.95 and 81.42 minutes, each one morning), the Health app one night asleep of 600
    /// minutes (2019-06-15 22:21 to 06-16 08:21): three nights by the day they end.
    @Test(.enabled(if: TestPaths.hasShared)) func theNightsOfA2019Export() {
        let part = Self.read("apple-health-activity/rgosdin-2019-v8-export.xml", zone: Self.newYork)
        let nights = SleepNights.nights(part.export.sleep, in: Self.newYork)
        #expect(nights.map(\.night) == [Self.day(2019, 6, 15), Self.day(2019, 6, 16), Self.day(2019, 6, 17)])
        #expect(nights.map(\.source) == ["Clock", "Health", "Clock"])
        #expect(nights.map(\.asleep) == [nil, 600, nil])
        #expect(abs((nights.first?.inBed ?? 0) - 46.983333) < 1e-5)
        #expect(abs((nights.last?.inBed ?? 0) - 81.416667) < 1e-5)
        #expect(nights.count > 1 && nights[1].bedtime == 1_560_651_660 && nights[1].wake == 1_560_687_660 && nights[1].sources == 2)
    }

    /// The 2015 export (iOS 8 dialect: `source=`, compact dates, a raw `value="1"` for sleep; no
    /// DTD): one record a day from "Data Manager", every date written +0100.
    @Test(.enabled(if: TestPaths.hasShared)) func theDailyRecordsAndNightsOfA2015Export() {
        let part = Self.read("apple-health-activity/ericwolter-2015-en_DE-export.xml", zone: Self.berlin)
        // Its "active" energy is 1,642 kcal a day for weeks: kept, and a warning (the build's
        // too, not only `check`'s: the pages show it as active energy).
        #expect(part.diagnostics.map(\.description) == ["export.xml: active energy of “Data Manager” is 1,668 kcal on a median day, more than "
            + "moving alone burns: it may be total energy (resting included) written as active; kept as written"])
        #expect(part.diagnostics.allSatisfy { $0.severity == .warning })
        let steps = Self.days(part, .steps, Self.berlin)
        // 534 records, 534 days, 3,506,893 steps; 30,847 on 2015-08-08.
        #expect(steps.count == 534 && Self.total(steps) == 3_506_893)
        #expect(steps.first { $0.day == Self.day(2015, 8, 8) }?.value == 30_847)
        // 494 flights records, 8,788 flights; 1,171 active energy records, 2,229,122 kcal;
        // 534 distances in metres, 2,534.504548 km.
        #expect(Self.total(Self.days(part, .flights, Self.berlin)) == 8_788)
        #expect(Self.days(part, .activeEnergy, Self.berlin).count == 1_171)
        #expect(Self.total(Self.days(part, .activeEnergy, Self.berlin)) == 2_229_122)
        #expect(abs(Self.total(Self.days(part, .distance, Self.berlin)) - 2534.504548) < 1e-6)
        // 92 nights from Sleep Cycle, 38,994.27 minutes asleep; the first ends 2012-09-24 (381.37
        // minutes), the longest 2015-08-29 (549.08).
        let nights = SleepNights.nights(part.export.sleep, in: Self.berlin)
        #expect(nights.count == 92)
        #expect(abs(nights.reduce(0) { $0 + ($1.asleep ?? 0) } - 38_994.2667) < 1e-3)
        #expect(nights.first?.night == Self.day(2012, 9, 24))
        #expect(abs((nights.first?.asleep ?? 0) - 381.3667) < 1e-3)
        let longest = nights.max { ($0.asleep ?? 0) < ($1.asleep ?? 0) }
        #expect(longest?.night == Self.day(2015, 8, 29))
        #expect(abs((longest?.asleep ?? 0) - 549.0833) < 1e-3)
    }

    /// The 2016 sample (DTD version 3): a workout of type Other with 0 km and 139.317 kcal, and
    /// two days of rings (700.698 of 680 kcal, 89 of 30 minutes, 16 of 12 hours; then 56.609,
    /// 6 and 2).
    @Test(.enabled(if: TestPaths.hasShared)) func theWorkoutAndRingsOfA2016Sample() {
        let part = Self.read("apple-health-tdda-applehealthdata/export6s3sample.xml", zone: .utc)
        // "NJR Apple Watch" with a no-break space before "Watch", as the watch names itself.
        #expect(part.export.workouts == [Workout(activity: "Other", start: 1_459_590_038, end: 1_459_591_942, minutes: 31.73680251737436,
                                                 energyKcal: 139.3170000000021, source: "NJR Apple\u{A0}Watch")])
        let first = Self.day(2016, 4, 14), second = Self.day(2016, 4, 15)
        let source = HealthActivityCollector.ringsSource
        #expect(part.export.goals == [
            ActivityGoal(day: first, metric: .activeEnergy, goal: 680, achieved: 700.698, source: source),
            ActivityGoal(day: first, metric: .exercise, goal: 30, achieved: 89, source: source),
            ActivityGoal(day: first, metric: .stand, goal: 12, achieved: 16, source: source),
            ActivityGoal(day: second, metric: .activeEnergy, goal: 680, achieved: 56.609, source: source),
            ActivityGoal(day: second, metric: .exercise, goal: 30, achieved: 6, source: source),
            ActivityGoal(day: second, metric: .stand, goal: 12, achieved: 2, source: source),
        ])
        // 10 step records, 2,517 steps, all on 2014-09-13; 5 distances, 0.01943 km on 09-20.
        #expect(Self.days(part, .steps, .utc).map(\.value) == [2517])
        #expect(abs(Self.total(Self.days(part, .distance, .utc)) - 0.01943) < 1e-9)
    }

    /// healthkit-to-sqlite's fixture: a run of 5.194 minutes, 0.4971749504535062 mi and 48.745 kcal.
    @Test(.enabled(if: TestPaths.hasShared)) func theRunOfHealthkitToSqlitesFixture() {
        let part = Self.read("apple-health-dogsheep-healthkit-to-sqlite/export.xml", zone: .utc)
        #expect(part.export.workouts.count == 1)
        let run = part.export.workouts.first
        #expect(run?.activity == "Running" && run?.kind == .running)
        #expect(run?.start == 1_479_133_541 && run?.end == 1_479_133_852)
        #expect(abs((run?.minutes ?? 0) - 5.19412346680959) < 1e-12)
        #expect(abs((run?.distanceKm ?? 0) - 0.4971749504535062 * 1.609344) < 1e-12)
        #expect(abs((run?.energyKcal ?? 0) - 48.745) < 1e-9)
        #expect(part.export.goals.map(\.goal) == [630, 30, 12, 630, 30, 12])
        #expect(part.export.goals.compactMap(\.achieved) == [590.252, 68, 13, 323.513, 39, 9])
    }
}

/// Activity records written by hand the way iOS 16 and later write them.
extension AppleHealthActivityTests {
    static func export(_ lines: [String]) -> [UInt8] {
        Array((["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<HealthData locale=\"en_GB\">",
                " <ExportDate value=\"2023-05-16 09:00:00 +0200\"/>"] + lines + ["</HealthData>", ""]).joined(separator: "\n").utf8)
    }

    static func record(_ type: String, _ source: String, _ start: String, _ end: String, value: String? = nil, unit: String? = nil) -> String {
        " <Record type=\"\(type)\" sourceName=\"\(source)\"" + (unit.map { " unit=\"\($0)\"" } ?? "")
            + " startDate=\"2023-05-\(start) +0200\" endDate=\"2023-05-\(end) +0200\"" + (value.map { " value=\"\($0)\"" } ?? "") + "/>"
    }

    static let stage = "HKCategoryTypeIdentifierSleepAnalysis"
    static let paris = Zone(identifier: "Europe/Paris") ?? .utc

    static let night = [
        record(stage, "Watch", "14 23:10:00", "15 02:10:00", value: "HKCategoryValueSleepAnalysisAsleepCore"),
        record(stage, "Watch", "15 02:10:00", "15 02:50:00", value: "HKCategoryValueSleepAnalysisAsleepDeep"),
        record(stage, "Watch", "15 02:50:00", "15 03:05:00", value: "HKCategoryValueSleepAnalysisAwake"),
        record(stage, "Watch", "15 03:05:00", "15 04:35:00", value: "HKCategoryValueSleepAnalysisAsleepREM"),
        record(stage, "Watch", "15 04:35:00", "15 06:40:00", value: "HKCategoryValueSleepAnalysisAsleepCore"),
        record(stage, "Clock", "14 23:00:00", "15 06:45:00", value: "HKCategoryValueSleepAnalysisInBed"),
    ]

    static let run = " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"30.5\" durationUnit=\"min\" sourceName=\"Watch\""
        + " startDate=\"2023-05-15 18:00:00 +0200\" endDate=\"2023-05-15 18:32:00 +0200\">\n"
        + "  <MetadataEntry key=\"HKIndoorWorkout\" value=\"0\"/>\n"
        + "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\" startDate=\"2023-05-15 18:00:00 +0200\" endDate=\"2023-05-15 18:32:00 +0200\" sum=\"3.1\" unit=\"mi\"/>\n"
        + "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" startDate=\"2023-05-15 18:00:00 +0200\" endDate=\"2023-05-15 18:32:00 +0200\" sum=\"320\" unit=\"Cal\"/>\n"
        + "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierHeartRate\" startDate=\"2023-05-15 18:00:00 +0200\" endDate=\"2023-05-15 18:32:00 +0200\" average=\"151\" unit=\"count/min\"/>\n"
        + " </Workout>"

    @Test func stagesWorkoutStatisticsStandHoursAndRingsOfIOS16() {
        let q = "HKQuantityTypeIdentifier", c = "HKCategoryTypeIdentifier"
        let lines = Self.night + [
            Self.record(q + "StepCount", "Watch", "15 08:00:00", "15 08:20:00", value: "500", unit: "count"),
            Self.record(q + "StepCount", "iPhone", "15 08:00:00", "15 08:20:00", value: "450", unit: "count"),
            Self.record(q + "StepCount", "Watch", "15 10:00:00", "15 10:30:00", value: "1200", unit: "count"),
            Self.record(q + "StepCount", "iPhone", "15 10:00:00", "15 10:30:00", value: "1300", unit: "count"),
            Self.record(q + "ActiveEnergyBurned", "Watch", "15 10:00:00", "15 10:30:00", value: "418.4", unit: "kJ"),
            Self.record(q + "AppleExerciseTime", "Watch", "15 18:00:00", "15 18:25:00", value: "25", unit: "min"),
            Self.record(c + "AppleStandHour", "Watch", "15 10:00:00", "15 11:00:00", value: "HKCategoryValueAppleStandHourStood"),
            Self.record(c + "AppleStandHour", "Watch", "15 11:00:00", "15 12:00:00", value: "HKCategoryValueAppleStandHourStood"),
            Self.record(c + "AppleStandHour", "Watch", "15 12:00:00", "15 13:00:00", value: "HKCategoryValueAppleStandHourIdle"),
            Self.run, Self.run, Self.run,
            " <ActivitySummary dateComponents=\"2023-05-14\" activeEnergyBurned=\"0\" activeEnergyBurnedGoal=\"0\" activeEnergyBurnedUnit=\"Cal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"0\" appleExerciseTimeGoal=\"30\" appleStandHours=\"0\" appleStandHoursGoal=\"12\"/>",
            " <ActivitySummary dateComponents=\"2023-05-15\" activeEnergyBurned=\"500\" activeEnergyBurnedGoal=\"450\" activeEnergyBurnedUnit=\"Cal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"41\" appleExerciseTimeGoal=\"30\" appleStandHours=\"11\" appleStandHoursGoal=\"12\"/>",
        ]
        let part = AppleHealthImporter.importer.read([SourceFile.memory("export.xml", Self.export(lines))], ImportContext(zone: Self.paris))
        #expect(part.diagnostics.isEmpty)
        let days = ActivityDays.daily(part.export.activity, in: Self.paris)
        let may15 = Self.day(2023, 5, 15)
        // Steps: the watch 500 + 1,200 = 1,700, the phone 450 + 1,300 = 1,750: the phone's.
        #expect(days.first { $0.metric == .steps } == ActivityDay(day: may15, metric: .steps, value: 1750, source: "iPhone", sources: 2))
        // 418.4 kJ = 100 kcal; 25 exercise minutes; 2 hours stood (the idle hour left out).
        #expect(abs((days.first { $0.metric == .activeEnergy }?.value ?? 0) - 100) < 1e-9)
        #expect(days.first { $0.metric == .exercise }?.value == 25)
        #expect(days.first { $0.metric == .stand }?.value == 2)
        #expect(part.dropped.contains(.init(HealthActivityCollector.idleReason, 1)))
        // The night: the watch's stages 180 + 40 + 90 + 125 = 435 minutes asleep, 15 awake, beat
        // the Clock's 465 minutes in bed with no sleep.
        let nights = SleepNights.nights(part.export.sleep, in: Self.paris)
        #expect(nights == [SleepNight(night: may15, source: "Watch", asleep: 435, core: 305, deep: 40, rem: 90, awake: 15,
                                      bedtime: 1_684_098_600, wake: 1_684_125_600, sources: 2)])
        // The run, written three times: its distance (3.1 mi = 4.9889664 km) and energy (320 Cal
        // = 320 kcal) are in its statistics; the heart rate's average is not a total.
        #expect(part.export.workouts.count == 3)
        let (workouts, copies) = WorkoutLog.unique(part.export.workouts)
        #expect(copies == 2)
        #expect(workouts.count == 1)
        #expect(workouts.first.map { abs(($0.distanceKm ?? 0) - 4.9889664) < 1e-9 } == true)
        #expect(workouts.first?.energyKcal == 320)
        #expect(workouts.first?.minutes == 30.5)
        #expect(part.remarks.contains("3 workouts' distance or energy taken from their statistics (WorkoutStatistics), as iOS 16 and later write them"))
        #expect(RecordCounts(part.export, zone: Self.paris).activity.workoutCopies == 2)
        // Rings: the 14th has a Move goal of 0 (no watch yet): no goal; exercise 30 and stand 12
        // are goals. The 15th: 500 of 450 kcal, 41 of 30 minutes, 11 of 12 hours.
        #expect(part.export.goals.filter { $0.day == may15 }.map(\.goal) == [450, 30, 12])
        #expect(part.export.goals.filter { $0.day == may15 }.compactMap(\.achieved) == [500, 41, 11])
        #expect(part.export.goals.filter { $0.day == Self.day(2023, 5, 14) }.map(\.metric) == [.exercise, .stand])
        #expect(part.dropped.contains(.init(HealthActivityCollector.zeroGoalReason, 1)))
    }

    @Test func aBadActivityRecordIsAnErrorAtItsLineAndIsLeftOut() {
        let q = "HKQuantityTypeIdentifier"
        let lines = [
            Self.record(q + "StepCount", "iPhone", "15 08:00:00", "15 08:20:00", value: "many", unit: "count"),  // line 4
            Self.record(q + "DistanceWalkingRunning", "iPhone", "15 08:00:00", "15 08:20:00", value: "2", unit: "furlong"),
            Self.record(Self.stage, "Watch", "15 08:00:00", "15 07:00:00", value: "HKCategoryValueSleepAnalysisAsleepCore"),
            Self.record(Self.stage, "Watch", "15 06:00:00", "15 07:00:00", value: "HKCategoryValueSleepAnalysisNap"),
            Self.record(q + "StepCount", "iPhone", "15 08:00:00", "15 08:20:00", value: "-5", unit: "count"),
            " <ActivitySummary dateComponents=\"May 15\" activeEnergyBurned=\"1\" activeEnergyBurnedGoal=\"2\"/>",
            Self.record(q + "StepCount", "iPhone", "15 09:00:00", "15 09:20:00", value: "42", unit: "count"),
        ]
        let part = AppleHealthImporter.importer.read([SourceFile.memory("export.xml", Self.export(lines))], ImportContext(zone: Self.paris))
        #expect(part.diagnostics.map(\.description) == [
            "export.xml:4: step count record: value is not a number of 0 or more (got \"many\")",
            "export.xml:5: walking and running distance record: unit is not km, m, mi, yd or ft (got \"furlong\")",
            "export.xml:6: sleep analysis record: ends before it starts",
            "export.xml:7: sleep analysis record: expected a sleep value such as HKCategoryValueSleepAnalysisAsleepCore (got \"HKCategoryValueSleepAnalysisNap\")",
            "export.xml:8: step count record: value is not a number of 0 or more (got \"-5\")",
            "export.xml:9: activity summary: dateComponents is not a day like 2016-11-15 (got \"May 15\")",
        ])
        #expect(part.diagnostics.allSatisfy { $0.severity == .error && $0.dropsRecord })
        #expect(part.export.activity.map(\.value) == [42])
    }

    /// The fast reading of the usual date form gives what the general one gives, for every field
    /// at its limits and for forms it leaves to the general one.
    @Test func theFastDateReaderAgreesWithTheGeneralOne() {
        let texts = ["2023-12-03 08:15:00 +0100", "2023-12-03 08:15:00 -0930", "1970-01-01 00:00:00 +0000", "2024-02-29 23:59:59 +1400",
                     "2023-02-29 08:15:00 +0100", "2023-12-03 24:00:00 +0100", "2023-12-03 08:60:00 +0100", "2023-12-03 08:15:60 +0100",
                     "2023-12-03 08:15:00 +1900", "2023-12-03 08:15:00 +0160", "0001-01-01 00:00:00 +0100", "9999-12-31 23:59:59 -0100",
                     "2023-12-03 08:15:00 0100", "20150603050200+0100", "2023-12-03 08:15:00", "2023-12-0x 08:15:00 +0100", "2023-12-03T08:15:00+0100"]
        let zone = Zone(identifier: "Asia/Tokyo") ?? .utc
        for text in texts {
            var bytes = Array(text.utf8)
            let fast = bytes.withUnsafeMutableBytes { HealthDateBytes.instant(UnsafeRawBufferPointer($0), zone: zone) }
            #expect(fast == HealthDateText.instant(text, zone: zone), "\(text)")
        }
        // And the fast path is the one taken for the usual form: 2023-12-03 07:15:00 UTC.
        var usual = Array("2023-12-03 08:15:00 +0100".utf8)
        #expect(usual.withUnsafeMutableBytes { HealthDateBytes.usual(UnsafeRawBufferPointer($0)) } == 1_701_587_700)
    }
}
