import Foundation
import Testing
@testable import WaymarkKit

/// The moment a site shows (`ShownMoment.resolve`): worked out by hand in UTC (and one case in
/// Shanghai), then through the command line on real exports.
struct ShownMomentTests {
    /// 2026-11-29T12:00:00Z, the clock of the CLI tests.
    static let clock: Int64 = 1_795_953_600
    static func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDate { LocalDate(year: y, month: m, day: d)! }
    static func points(_ days: LocalDate...) -> [PointRecord] { days.map { PointRecord(point: 1, date: .day($0)) } }

    @Test func nowOnTheCommandLineWins() {
        let export = Export(points: Self.points(Self.day(2026, 11, 1)))
        // --now 2020-01-01T00:00:00Z = 1 577 836 800.
        let shown = ShownMoment.resolve(export, zone: .utc, clock: Self.clock, requested: .instant(1_577_836_800))
        #expect(shown == ShownMoment(instant: 1_577_836_800, reason: .requested, newestDay: Self.day(2026, 11, 1), isPast: false, clock: Self.clock))
    }

    @Test func theExportDateWhenNoRecordIsLater() {
        // Exported 2019-06-01T10:00:00Z = 1 559 383 200; the newest record is on 30 May.
        let export = Export(profile: Profile(exportedAt: .instant(1_559_383_200)), points: Self.points(Self.day(2019, 5, 30)))
        let shown = ShownMoment.resolve(export, zone: .utc, clock: Self.clock)
        #expect(shown.instant == 1_559_383_200)
        #expect(shown.reason == .exportDate)
        // More than 30 days before the clock, but the export's own date: the site does not depend on the clock.
        #expect(!shown.isPast)
    }

    @Test func aNewerRecordOfAnotherSourceMovesTheExportDateOn() {
        // Apple Health's export date 2019-06-01, a weighing of another source on 3 May 2022:
        // the end of 2022-05-03 in UTC is 2022-05-03T23:59:59Z = 1 651 622 399.
        let export = Export(profile: Profile(exportedAt: .instant(1_559_383_200)), points: Self.points(Self.day(2019, 5, 30)),
                            weights: [WeightEntry(date: .day(Self.day(2022, 5, 3)), kg: 70)])
        let shown = ShownMoment.resolve(export, zone: .utc, clock: Self.clock)
        #expect(shown.instant == 1_651_622_399)
        #expect(shown.reason == .newestRecord)
        #expect(shown.newestDay == Self.day(2022, 5, 3))
    }

    @Test func oldDataWithoutAnExportDateIsShownAsOfItsLastDay() {
        // Loop's backup: the newest repetition 2016-03-21; its end is 1 458 604 799.
        let shown = ShownMoment.resolve(Export(points: Self.points(Self.day(2016, 1, 1), Self.day(2016, 3, 21))), zone: .utc, clock: Self.clock)
        #expect(shown == ShownMoment(instant: 1_458_604_799, reason: .dataEnded, newestDay: Self.day(2016, 3, 21), isPast: true, clock: Self.clock))
    }

    @Test func thirtyDaysIsStillRecent() {
        // Today is 2026-11-29: 2026-10-30 is 30 days before (the clock), 2026-10-29 is 31 (its end, 1 793 318 399).
        let recent = ShownMoment.resolve(Export(points: Self.points(Self.day(2026, 10, 30))), zone: .utc, clock: Self.clock)
        #expect(recent.reason == .clock && recent.instant == Self.clock && !recent.isPast)
        let old = ShownMoment.resolve(Export(points: Self.points(Self.day(2026, 10, 29))), zone: .utc, clock: Self.clock)
        #expect(old.reason == .dataEnded && old.instant == 1_793_318_399 && old.isPast)
    }

    @Test func recordsAfterTheClockMoveNothing() {
        // A weighing dated 2027 (a wrong date) beside one of 2026-11-20: the clock.
        let export = Export(weights: [WeightEntry(date: .day(Self.day(2027, 1, 1)), kg: 70), WeightEntry(date: .day(Self.day(2026, 11, 20)), kg: 71)])
        let shown = ShownMoment.resolve(export, zone: .utc, clock: Self.clock)
        #expect(shown.reason == .clock && shown.instant == Self.clock && shown.newestDay == Self.day(2026, 11, 20))
        // Nothing dated at all: the clock.
        let empty = ShownMoment.resolve(Export(), zone: .utc, clock: Self.clock)
        #expect(empty.reason == .clock && empty.newestDay == nil && !empty.isPast)
    }

    @Test func aDeadlineIsAPlanNotARecord() {
        // A done target without a completion time, due in 2030, and a note of 2016-03-21.
        let export = Export(targets: [Target(name: "T", deadline: .day(Self.day(2030, 1, 1)), done: true)],
                            notes: [Note(fileName: "a.md", title: "a", date: .day(Self.day(2016, 3, 21)), body: "")])
        let shown = ShownMoment.resolve(export, zone: .utc, clock: Self.clock)
        #expect(shown.reason == .dataEnded && shown.newestDay == Self.day(2016, 3, 21))
    }

    @Test func theLastDayIsTheReportZonesDay() {
        // 2016-03-21T20:00:00Z (1 458 590 400) is 22 March 04:00 in Shanghai: the site shows the
        // end of 22 March there, 2016-03-22T15:59:59Z = 1 458 662 399.
        let shanghai = Zone(identifier: "Asia/Shanghai")!
        let shown = ShownMoment.resolve(Export(points: [PointRecord(point: 1, date: .instant(1_458_590_400))]), zone: shanghai, clock: Self.clock)
        #expect(shown.instant == 1_458_662_399 && shown.newestDay == Self.day(2016, 3, 22))
    }

    @Test func activitySleepAndWorkoutsAreRecords() {
        // Weighings end on 2019-01-08; a phone's steps go on to 2020-03-31 (its end in UTC is
        // 1 585 699 199), a night ends at 2020-04-02T06:00:00Z (1 585 807 200).
        let weighing = WeightEntry(date: .day(Self.day(2019, 1, 8)), kg: 70)
        let steps = ActivitySample(metric: .steps, date: .day(Self.day(2020, 3, 31)), value: 1155, source: "Google Fit")
        let withSteps = ShownMoment.resolve(Export(weights: [weighing], activity: [steps]), zone: .utc, clock: Self.clock)
        #expect(withSteps.reason == .dataEnded && withSteps.instant == 1_585_699_199 && withSteps.newestDay == Self.day(2020, 3, 31))
        let night = SleepSession(source: "Watch", start: 1_585_778_400, end: 1_585_807_200, asleep: 480)
        let withSleep = ShownMoment.resolve(Export(weights: [weighing], activity: [steps], sleep: [night]), zone: .utc, clock: Self.clock)
        #expect(withSleep.newestDay == Self.day(2020, 4, 2))
        // A workout of 2020-04-05 10:00 to 11:00 UTC (1 586 084 400 to 1 586 088 000).
        let run = Workout(activity: "Running", kind: .running, start: 1_586_084_400, end: 1_586_088_000, minutes: 60, source: "Watch")
        let withRun = ShownMoment.resolve(Export(weights: [weighing], workouts: [run]), zone: .utc, clock: Self.clock)
        #expect(withRun.newestDay == Self.day(2020, 4, 5))
    }

    /// Google Fit's summaries: the weighings stop on 2019-01-08, the steps on 2020-03-31 (the
    /// file's last row, read with Python's csv module), so the site shows 31 March 2020 and each
    /// metric's 30 days end there.
    @Test(.enabled(if: TestPaths.hasShared)) func googleFitsStepsAfterItsWeighingsAreShown() throws {
        let dir = TemporaryDirectory()
        let folder = TestPaths.shared.appendingPathComponent("real-exports/google-fit-takeout-more").path
        let run = CLIRun(["build", folder, "-o", dir.file("site"), "--time-zone", "UTC"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: the data ends on 2020-03-31"))
        let page = try #require(dir.read("site/activity/index.html"))
        // 2020-03-02…2020-03-31 has steps on each of the 30 days in nrupeshsurya's file.
        // Their mean, 163,956 / 30 = 5,465.2.
        #expect(page.contains(#"5,465 <span class="unit">steps</span></span><span class="sub">a day, mean of the 30 of the 30 days to <span class="date">Mar 31, 2020</span> with a figure"#))
        #expect(!page.contains("0 of 1 day"))
    }

    // MARK: Through the command line

    static var loopV12: String { TestPaths.shared.appendingPathComponent("real-exports/loop-habit-tracker-db/loop-v12.db").path }

    /// Loop's backup alone, no --now: shown as of 21 March 2016, said by the build, `check` and every page.
    @Test(.enabled(if: TestPaths.hasShared)) func aLoopBackupAloneIsShownAsOfItsLastDay() throws {
        let dir = TemporaryDirectory()
        let run = CLIRun(["build", Self.loopV12, "-o", dir.file("site"), "--time-zone", "UTC"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note: the data ends on 2016-03-21, more than 30 days before today, so the site shows it as of that day (2016-03-21T23:59:59+00:00)"))
        #expect(run.stderr.contains("--now"))
        let stats = try JSONParser.parse(Array(dir.read("site/stats.json")?.utf8 ?? "".utf8))
        #expect(stats["now"] == .string("2016-03-21T23:59:59+00:00"))
        // Loop has no points: no periods of points in stats.json and no points pages.
        #expect(stats["periods"] == nil && dir.read("site/points/index.html") == nil)
        let marker = #"Data up to <time class="date" datetime="2016-03-21">Mar 21, 2016</time>"#
        for page in ["index.html", "habits/index.html", "years/2016.html"] {
            #expect(dir.read("site/" + page)?.contains(marker) == true, "\(page)")
        }
        let zh = CLIRun(["build", Self.loopV12, "-o", dir.file("zh"), "--time-zone", "UTC", "--lang", "zh-Hans"])
        #expect(zh.code == 0)
        #expect(dir.read("zh/index.html")?.contains(#"数据截至 <time class="date" datetime="2016-03-21">2016年3月21日</time>"#) == true)
        let check = CLIRun(["check", Self.loopV12, "--time-zone", "UTC"])
        #expect(check.stderr.contains("The site will show 2016-03-21T23:59:59+00:00: the end of the last day with data"))
        // With --now the person chose: no note, no line on the pages.
        let chosen = CLIRun(["build", Self.loopV12, "-o", dir.file("now"), "--now", "2016-03-22T00:00:00Z"])
        #expect(chosen.code == 0 && !chosen.stderr.contains("note: the data ends"))
        #expect(dir.read("now/index.html")?.contains("Data up to") == false)
    }

    /// Every real export merged: Apple Health's export date (2019) does not hide the newer
    /// records of the other sources; the newest is HabitBull's Caffeine on 2022-11-22.
    @Test(.enabled(if: TestPaths.hasShared)) func mergedRealExportsLeaveNoRecordOut() throws {
        let root = TestPaths.shared.appendingPathComponent("real-exports").path
        let sources = ["apple-health-activity", "apple-health-dogsheep-healthkit-to-sqlite", "apple-health-tdda-applehealthdata", "beeminder-bb",
                       "google-fit-takeout-and-openscale", "google-fit-takeout-more", "habitbull-csv", "loop-habit-tracker-csv",
                       "loop-habit-tracker-db"].map { root + "/" + $0 }
        let dir = TemporaryDirectory()
        let run = CLIRun(["build"] + sources + ["-o", dir.file("site"), "--time-zone", "UTC", "--skip-invalid"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("left out of the statistics"))
        #expect(run.stderr.contains("note: the export date is older than the newest record, so the site shows the data as of that record's day (2022-11-22T23:59:59+00:00)"))
        let stats = try JSONParser.parse(Array(dir.read("site/stats.json")?.utf8 ?? "".utf8))
        #expect(stats["now"] == .string("2022-11-22T23:59:59+00:00"))
        guard case .array(let tags)? = stats["tags"] else { Issue.record("no tags"); return }
        let caffeine = tags.first { $0["name"] == .string("Caffeine") }
        #expect(caffeine?["lastDone"] == .string("2022-11-22"))
        // Loop v22's only repetition, 2020-01-01, after Apple Health's export date.
        let workOut = tags.first { $0["name"] == .string("Work out") }
        #expect(workOut?["lastDone"] == .string("2020-01-01"))
        let check = CLIRun(["check"] + sources + ["--time-zone", "UTC", "--skip-invalid"])
        #expect(check.stderr.contains("The site will show 2022-11-22T23:59:59+00:00: the end of the newest record's day, which is later than the export's date."))
    }
}
