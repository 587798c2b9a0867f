import Foundation
import Testing
@testable import WaymarkKit

/// `habitPoints` in `waymark.json`: the points a check of a habit from a tracker that awards none
/// earns, and nothing else.
struct HabitPointValuesTests {
    static let day = WeightFixtures.day(2024, 3, 1)

    /// The all-time points total of a site's `stats.json` (`periods.all.total`), as written.
    static func allTimePoints(_ stats: String?) throws -> String? {
        let json = try JSONParser.parse(Array(try #require(stats).utf8))
        guard case .number(let total)? = json["periods"]?["all"]?["total"] else { return nil }
        return total
    }

    /// A Loop-like habit (details, no points) and a points-app habit (no details, its own points).
    static var export: Export {
        var e = Export()
        e.tags = [Tag(name: "Meditate", habit: HabitDetails(source: "Loop Habit Tracker")),
                  Tag(name: "Read", point: 10)]
        e.points = [PointRecord(point: 0, type: "tag", name: "Meditate", date: day),
                    PointRecord(point: 0, type: "tag", name: "Meditate", date: day, value: 0),
                    PointRecord(point: 0, type: "Tag", name: "Meditate", date: day, value: 3),
                    PointRecord(point: 10, type: "tag", name: "Read", date: day),
                    PointRecord(point: 0, type: "tag", name: "Read", date: day)]
        return e
    }

    @Test func eachCheckOfANamedHabitEarnsItsPointsOnce() {
        var e = Self.export
        let warnings = HabitPointValues(values: ["Meditate": 5], file: "waymark.json").apply(to: &e)
        #expect(warnings.isEmpty)
        // The plain check and the amount of 3 earn 5 each (not 15); the entry of 0 earns none;
        // the points app's records are as the app gave them.
        #expect(e.points.map(\.point) == [5, 0, 5, 10, 0])
        #expect(SectionsWithData.hasPoints(e))
    }

    @Test func namesThatAreNoTrackedHabitAreWarnedOfAndChangeNothing() {
        var e = Self.export
        let warnings = HabitPointValues(values: ["Meditat": 2, "Read": 3, "Swim": 1], file: "my.json").apply(to: &e)
        #expect(warnings.map(\.description) == [
            #"my.json: habitPoints: no source has a habit named "Meditat"; did you mean "Meditate"?"#,
            #"my.json: habitPoints: "Read" is a habit of the points app, which gives its own points; left as the app gave them"#,
            #"my.json: habitPoints: no source has a habit named "Swim""#,
        ])
        #expect(e.points.map(\.point) == [0, 0, 0, 10, 0])
    }

    @Test func theConfigReaderTakesWholePositiveNumbers() {
        let reader = SiteConfigReader(file: "waymark.json")
        let good = reader.read(Array(#"{"habitPoints": {"Meditate": 5, "Run 5 km": 20}}"#.utf8))
        #expect(good.problems.isEmpty)
        #expect(good.config.habitPoints == ["Meditate": 5, "Run 5 km": 20])
        let bad = reader.read(Array(#"{"habitPoints": {"A": 2.5, "B": 0, "C": "5", "": 1}}"#.utf8))
        #expect(bad.problems.map(\.description) == [
            #"waymark.json:1:23: $.habitPoints.A: 2.5 is not a whole number from 1 to 100000"#,
            #"waymark.json:1:33: $.habitPoints.B: 0 is not a whole number from 1 to 100000"#,
            #"waymark.json:1:41: $.habitPoints.C: expected a whole number of points, got a string ("5")"#,
            #"waymark.json:1:46: $.habitPoints[""]: a habit's name is empty"#,
        ])
        #expect(reader.read(Array(#"{"habitPoints": [1]}"#.utf8)).problems.map(\.description)
                == [#"waymark.json:1:17: $.habitPoints: expected an object such as { "Meditate": 5 }, got an array"#])
    }

    /// Through the command line: a generic habits CSV, which awards no points, with points given
    /// in waymark.json. Floss has 2 checks worth 2, Run 2 entries worth 10 (5.2 and 3 km) and
    /// one of 0 worth nothing: 24 points in all, and the points pages exist.
    @Test func aSiteOfImportedHabitsGainsThePointsItWasGiven() throws {
        let dir = TemporaryDirectory()
        dir.write("habits.csv", """
            date,habit,value,unit
            2024-03-01,Run,5.2,km
            2024-03-02,Run,0,km
            2024-03-03,Run,3,km
            2024-03-01,Floss,,
            2024-03-02,Floss,,

            """)
        dir.write("waymark.json", #"{"sources": ["habits.csv"], "habitPoints": {"Floss": 2, "Run": 10, "Flos": 1}}"#)
        let run = CLIRun(["build", "--config", dir.file("waymark.json"), "-o", dir.file("site"), "--now", "2024-03-03T20:00:00Z", "--time-zone", "UTC"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.contains(#"habitPoints: no source has a habit named "Flos"; did you mean "Floss"?"#))
        #expect(try Self.allTimePoints(dir.read("site/stats.json")) == "24")
        #expect(dir.read("site/points/index.html") != nil)

        // Without habitPoints, the same habits earn nothing and there are no points pages.
        dir.write("waymark.json", #"{"sources": ["habits.csv"]}"#)
        let plain = CLIRun(["build", "--config", dir.file("waymark.json"), "-o", dir.file("plain"), "--now", "2024-03-03T20:00:00Z", "--time-zone", "UTC"])
        #expect(plain.code == 0, "\(plain.stderr)")
        #expect(dir.read("plain/points/index.html") == nil)
    }
}

/// `waymark check` reads `waymark.json` as `build` does, so the sections it reports are a build's.
struct CheckWithConfigTests {
    @Test func checkReportsTheSectionsTheConfigMakes() {
        let dir = TemporaryDirectory()
        dir.write("habits.csv", "date,habit\n2024-03-01,Floss\n2024-03-02,Floss\n")
        // The habits alone: a habits site, no points.
        dir.write("plain.json", #"{"sources": ["habits.csv"]}"#)
        let plain = CLIRun(["check", "--config", dir.file("plain.json"), "--time-zone", "UTC"])
        #expect(plain.code == 0, "\(plain.stderr)")
        #expect(plain.stderr.contains("The site will have: habits, years; the front page leads with the habits"))
        // Points given to Floss make the points section and its dashboards.
        dir.write("points.json", #"{"sources": ["habits.csv"], "habitPoints": {"Floss": 3}}"#)
        let points = CLIRun(["check", "--config", dir.file("points.json"), "--time-zone", "UTC"])
        #expect(points.code == 0, "\(points.stderr)")
        #expect(points.stderr.hasPrefix("Using " + dir.file("points.json") + "\n"))
        #expect(points.stderr.contains("The site will have: overview, points, habits, years; the front page leads with the points dashboards"))
        // The config's sections are applied: only the habits.
        dir.write("some.json", #"{"sources": ["habits.csv"], "habitPoints": {"Floss": 3}, "sections": ["habits"]}"#)
        let some = CLIRun(["check", "--config", dir.file("some.json"), "--time-zone", "UTC"])
        #expect(some.stderr.contains("The site will have: habits; the front page leads with the habits"))
        // A config without sources and no SOURCE: nothing to check.
        dir.write("none.json", #"{"title": "Mine"}"#)
        let none = CLIRun(["check", "--config", dir.file("none.json")])
        #expect(none.code == 64 && none.stderr.contains("error: missing SOURCE: name the exports to check"))
        #expect(CLIRun(["check", "--config", dir.file("nope.json")]).code == 66)
    }
}

extension HabitPointValuesTests {
    /// Loop's real backup: "Wake up early" has 33 rows in Repetitions (Python's sqlite3 on the
    /// file), so at 5 points a check the site's points are 165; "Gym" is no habit of it.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func loopsRealBackupEarnsFivePointsACheck() throws {
        let dir = TemporaryDirectory()
        let db = TestPaths.shared.appendingPathComponent("real-exports/loop-habit-tracker-db/loop-v12.db").path
        dir.write("waymark.json", #"{"habitPoints": {"Wake up early": 5, "Gym": 3}}"#)
        let run = CLIRun(["build", db, "--config", dir.file("waymark.json"), "-o", dir.file("site"), "--time-zone", "UTC"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.contains(#"habitPoints: no source has a habit named "Gym""#))
        #expect(try Self.allTimePoints(dir.read("site/stats.json")) == "165")
    }
}
