import Foundation
import Testing
@testable import WaymarkKit

/// `stats.json`'s `activity` block (`StatsActivity`) on Apple Health's real export of 2019, in
/// UTC. Step records were added up per source and day with Python's xml module, the larger
/// source kept each day, up to the export date: 35 days, 359,932 steps; the 30 days to 17 June
/// have a mean of 10,317.0 and 19 reach 10,000; the best is 23,119 on 19 May. The one night
/// asleep is the Health app's record 2019-06-15 22:21 to 06-16 08:21 at -04:00: 600 minutes,
/// 02:21 to 12:21 in UTC.
struct StatsActivityTests {
    @Test(.enabled(if: TestPaths.hasShared)) func theActivityFiguresOfARealExport() throws {
        let dir = TemporaryDirectory()
        let file = TestPaths.shared.appendingPathComponent("real-exports/apple-health-activity/rgosdin-2019-v8-export.xml").path
        let run = CLIRun(["build", file, "-o", dir.file("site"), "--time-zone", "UTC"])
        #expect(run.code == 0, "\(run.stderr)")
        let stats = try JSONParser.parse(Array(dir.read("site/stats.json")?.utf8 ?? "".utf8))
        let activity = try #require(stats["activity"])
        #expect(activity["days"] == .number("35"))
        guard case .array(let metrics)? = activity["metrics"] else { Issue.record("no metrics"); return }
        #expect(metrics.map { $0["metric"] } == [.string("steps"), .string("distance"), .string("flights"), .string("mindful")])
        let steps = metrics[0]
        #expect(steps["days"] == .number("35") && steps["total"] == .number("359932.000"))
        #expect(steps["firstDate"] == .string("2019-05-14") && steps["lastDate"] == .string("2019-06-17"))
        #expect(steps["recentDays"] == .number("30") && steps["recentMean"] == .number("10317.000"))
        #expect(steps["recentWithGoal"] == .number("30") && steps["recentGoalReached"] == .number("19"))
        #expect(steps["best"]?["date"] == .string("2019-05-19") && steps["best"]?["value"] == .number("23119.000"))
        let sleep = try #require(activity["sleep"])
        #expect(sleep["nights"] == .number("1") && sleep["lastNight"] == .string("2019-06-16"))
        #expect(sleep["recentMeanAsleep"] == .number("600.0"))
        #expect(sleep["recentBedtime"] == .string("02:21") && sleep["recentWake"] == .string("12:21"))
        #expect(activity["workouts"] == .null)
    }

    @Test func clockTimes() {
        #expect(StatsActivity.clock(1_410) == .string("23:30"))
        #expect(StatsActivity.clock(1_440 + 30) == .string("00:30"))
        #expect(StatsActivity.clock(-30) == .string("23:30"))
        #expect(StatsActivity.clock(.nan) == .null && StatsActivity.clock(nil) == .null)
    }
}
