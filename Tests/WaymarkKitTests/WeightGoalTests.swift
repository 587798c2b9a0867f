import Foundation
import Testing
@testable import WaymarkKit

/// A weight goal as the person set it: its direction from Beeminder's yaw and dir (the real goal
/// files of beeminder/road), "reached" in that direction, figures of old data with their date,
/// and ranges without a weighing said in words.
struct WeightGoalTests {
    static func stats(_ dir: TemporaryDirectory, _ site: String) throws -> JSONValue {
        try JSONParser.parse(Array(dir.read(site + "/stats.json")?.utf8 ?? "".utf8))
    }

    static func beeminder(_ name: String) -> String {
        TestPaths.shared.appendingPathComponent("real-exports/beeminder-bb/" + name).path
    }

    /// bug-bweight.bb: yaw −1, dir −1, vfin 68.8; the last day, 2017-07-20, weighs 70.45 (min of
    /// the day, Python's json on the file). A goal to lose, not reached.
    @Test(.enabled(if: TestPaths.hasShared)) func aBeeminderGoalToLoseAboveItIsNotReached() throws {
        let dir = TemporaryDirectory()
        let check = CLIRun(["check", Self.beeminder("bug-bweight.bb")])
        #expect(check.stderr.contains("note: goal weight 68.8 kg (the goal's vfin), to lose (yaw -1, dir -1)"))
        let run = CLIRun(["build", Self.beeminder("bug-bweight.bb"), "-o", dir.file("site"), "--time-zone", "UTC"])
        #expect(run.code == 0, "\(run.stderr)")
        let weight = try #require(try Self.stats(dir, "site")["weight"])
        #expect(weight["latest"] == .number("70.450") && weight["latestDate"] == .string("2017-07-20"))
        #expect(weight["goal"] == .number("68.800"))
        #expect(weight["goalDirection"] == .string("lose") && weight["goalReached"] == .bool(false))
        // The card speaks of the trend (docs/weight.md): 69.314 − 68.8 = 0.514 above a goal to lose.
        let page = try #require(dir.read("site/weight/index.html"))
        #expect(page.contains(#"<span class="label">To goal</span><span class="value phrase">0.5 kg to lose</span>"#))
        #expect(!page.contains("reached</span>"))
    }

    /// bug-d-mass.bb: yaw −1, vfin 73.56; the last day, 2017-07-18, weighs 69.85: below a goal to
    /// lose, so reached.
    @Test(.enabled(if: TestPaths.hasShared)) func aBeeminderGoalToLoseBelowItIsReached() throws {
        let dir = TemporaryDirectory()
        let run = CLIRun(["build", Self.beeminder("bug-d-mass.bb"), "-o", dir.file("site"), "--time-zone", "UTC"])
        #expect(run.code == 0, "\(run.stderr)")
        let weight = try #require(try Self.stats(dir, "site")["weight"])
        #expect(weight["latest"] == .number("69.850") && weight["goal"] == .number("73.560"))
        #expect(weight["goalDirection"] == .string("lose") && weight["goalReached"] == .bool(true))
        #expect(dir.read("site/weight/index.html")?.contains(#"<span class="value phrase">1.6 kg below your goal — reached</span>"#) == true)
    }

    /// A profile goal with no start weight: the direction is unknown and said so, nothing reached.
    @Test func aGoalWithoutADirectionIsNotGuessed() throws {
        let export = TemporaryDirectory()
        export.write("profile.json", #"{"code":"00000","data":{"timeZone":"UTC","goalWeightKg":"70.0"},"ok":true}"#)
        export.write("weights.json", #"{"code":"00000","data":[{"id":"w1","date":"2026-11-28T07:00:00","kgValue":"68.0"},{"id":"w2","date":"2026-11-29T07:00:00","kgValue":"68.0"}],"ok":true}"#)
        let site = try DashboardTests.build(export.path)
        let page = try #require(site.read("site/weight/index.html"))
        #expect(page.contains(#"<span class="value phrase">2.0 kg below your goal</span><span class="sub">the data does not say whether the goal is to lose or to gain</span>"#))
        let weight = try #require(try Self.stats(site, "site")["weight"])
        #expect(weight["goalDirection"] == .null && weight["goalReached"] == .null)
    }

    /// Merged real exports shown as of 2022-11-22 (HabitBull's newest check), the newest weighing
    /// 2020-11-19 (openScale): the changes say their date, and the 30-day, 90-day and 1-year
    /// ranges say they hold no weighing instead of drawing a line.
    @Test(.enabled(if: TestPaths.hasShared)) func oldWeighingsSayTheirDate() throws {
        let root = TestPaths.shared.appendingPathComponent("real-exports").path
        let sources = ["apple-health-activity", "beeminder-bb", "google-fit-takeout-and-openscale", "google-fit-takeout-more", "habitbull-csv"]
            .map { root + "/" + $0 }
        let dir = TemporaryDirectory()
        let run = CLIRun(["build"] + sources + ["-o", dir.file("site"), "--time-zone", "UTC", "--skip-invalid"])
        #expect(run.code == 0, "\(run.stderr)")
        let page = try #require(dir.read("site/weight/index.html"))
        #expect(page.contains(#"<span class="label">30-day change</span><span class="value">0.0 kg</span><span class="sub">to <span class="date">Nov 19, 2020</span></span>"#))
        #expect(page.contains(#"<p class="empty">No weighings from <span class="date">Oct 24, 2022</span> to <span class="date">Nov 22, 2022</span>: the latest is from <span class="date">Nov 19, 2020</span>.</p>"#))
        #expect(page.contains(#"<p class="empty">No weighings from <span class="date">Nov 23, 2021</span> to <span class="date">Nov 22, 2022</span>: the latest is from <span class="date">Nov 19, 2020</span>.</p>"#))
        // The whole series opens first, since the 90 days hold nothing.
        #expect(page.contains(#"id="range-all" class="range-input" checked>"#))
    }
}
