import Foundation
import Testing
@testable import WaymarkKit

/// Garmin Connect's report files (real ones, `../shared/real-exports/garmin-connect-csv`) and its
/// activity list. No real Activities.csv is in ../shared: `Fixtures/Import/garmin/Activities.csv`
/// follows the documented format (docs/import.md): the 33-column header and value shapes of a
/// real 2025 export (tbidne/pacer's examples/Activities.csv), with rows of its own: quoted
/// numbers, "2,154" with a thousands separator, "--" for none, "00:17:48.5" with tenths, a pool
/// swim and a strength session without distance.
struct GarminImporterTests {
    static let folder = "garmin-connect-csv/"

    /// Counted with Python: `r = list(csv.reader(open(f, encoding='utf-8-sig', newline='')))[1:]`;
    /// `len(r)` = 335, `sum(int(x[1]) for x in r)` = 2,545,442, `Counter(x[2] for x in r)` =
    /// {'10000': 326, '8000': 9}, `max(r, key=lambda x: int(x[1]))` = 05/17/2026, 24,208;
    /// the first row 07/27/2025, 3,724, the last 06/27/2026, 6,945.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func realStepsWithTheirDailyGoals() throws {
        let file = try WeightFixtures.shared(Self.folder + "spiderolga-garmin-Steps.csv")
        #expect(GarminImporter.kind(of: file) == .steps)
        #expect(SourceImporters.all.first { !$0.claim([file]).isEmpty }?.id == "garmin")
        let part = GarminImporter.read(file, ImportContext())
        #expect(part.diagnostics.isEmpty)
        let steps = part.export.activity
        #expect(steps.count == 335 && steps.allSatisfy { $0.metric == .steps && $0.source == "Garmin Connect" })
        #expect(steps.map(\.value).reduce(0, +) == 2_545_442)
        #expect(steps.first == ActivitySample(metric: .steps, date: WeightFixtures.day(2025, 7, 27), value: 3724, source: "Garmin Connect"))
        #expect(steps.last?.date == WeightFixtures.day(2026, 6, 27))
        #expect(steps.max { $0.value < $1.value }?.date == WeightFixtures.day(2026, 5, 17))
        let goals = Dictionary(grouping: part.export.goals, by: \.goal).mapValues(\.count)
        #expect(goals == [10_000: 326, 8000: 9])
        #expect(part.export.goals.first == ActivityGoal(day: LocalDate(year: 2025, month: 7, day: 27) ?? LocalDate(dayNumber: 0), metric: .steps,
                                                        goal: 10_000, achieved: 3724, source: "Garmin Connect"))
        // 07/27/2025: the 27 tells the order.
        #expect(part.remarks.isEmpty)
    }

    /// `c = list(csv.reader(…))[1:]`: 392 rows; sums of Active 120,647, Resting 629,505, Total 750,152.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func realCalories() throws {
        let file = try WeightFixtures.shared(Self.folder + "spiderolga-garmin-Calories.csv")
        #expect(GarminImporter.kind(of: file) == .calories)
        let part = GarminImporter.read(file, ImportContext())
        #expect(part.diagnostics.isEmpty)
        let active = part.export.activity.filter { $0.metric == .activeEnergy }
        let total = part.export.activity.filter { $0.metric == .totalEnergy }
        #expect(active.count == 392 && active.map(\.value).reduce(0, +) == 120_647)
        #expect(total.count == 392 && total.map(\.value).reduce(0, +) == 750_152)
        #expect(part.remarks == ["resting calories not read on their own: they are in the total"])
    }

    /// The year page counts the Steps habit's days that met the goal, as the habit's page does.
    /// Python on Steps.csv (`csv.reader`, the first row of a day kept): 22 days of 2025 with Actual
    /// at least 10,000, 8 of them in December, two in a row at most (Sep 6–7). It counted 157: every
    /// day with an entry.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func theYearPageCountsTheDaysTheGoalWasMet() throws {
        let dir = TemporaryDirectory()
        let source = TestPaths.shared.appendingPathComponent("real-exports/" + Self.folder).path
        let run = CLIRun(["build", source, "-o", dir.file("site"), "--lang", "en", "-q"])
        #expect(run.code == 0, "\(run.stderr)")
        let year = DataShapedSiteTests.text(try #require(dir.read("site/years/2025.html")))
        #expect(year.contains("Habit completions 22 Best month December 2025 8 completions"), "\(year)")
        #expect(year.contains("Longest run of days with a habit done 2 days Sep 6 – Sep 7"))
        #expect(year.contains("22 of 365 days with a habit done, 22 completions in all."))
    }

    @Test func dayFirstDatesAreToldByTheirDays() {
        let file = SourceFile.memory("Steps.csv", "\u{FEFF},Actual,Goal\n27/07/2025,3724,10000\n28/07/2025,\"7,930\",10000\n")
        let part = GarminImporter.read(file, ImportContext())
        #expect(part.export.activity.map(\.date) == [WeightFixtures.day(2025, 7, 27), WeightFixtures.day(2025, 7, 28)])
        #expect(part.export.activity.map(\.value) == [3724, 7930])
        // Nothing above 12: month first, and said.
        let unsure = GarminImporter.read(.memory("Steps.csv", ",Actual,Goal\n07/08/2025,3724,10000\n"), ImportContext())
        #expect(unsure.export.activity.map(\.date) == [WeightFixtures.day(2025, 7, 8)])
        #expect(unsure.remarks == ["dates read month first (07/27/2025), as US accounts write them: no date in the file tells"])
        let bad = GarminImporter.read(.memory("Steps.csv", ",Actual,Goal\n13/13/2025,1,2\n07/09/2025,many,2\n"), ImportContext())
        #expect(WeightFixtures.errors(bad) == [
            "Steps.csv:2:1: not a date like 07/27/2025 (got \"13/13/2025\")",
            "Steps.csv:3:12: expected a number of 0 or more (got \"many\")",
        ])
    }

    /// A row is the day's total: a second row for a day (a line copied, two reports joined) is
    /// kept out with a warning at its place, not added to the first (which would make 5,207
    /// steps 10,414 and meet a goal of 10,000). The same for the calories report.
    @Test func aSecondRowForADayIsLeftOutAndSaid() {
        let steps = GarminImporter.read(.memory("Steps.csv", ",Actual,Goal\n07/31/2025,5207,10000\n08/01/2025,6000,10000\n07/31/2025,5207,10000\n"),
                                        ImportContext())
        #expect(steps.export.activity.map(\.value) == [5207, 6000])
        #expect(steps.export.goals.map(\.achieved) == [5207, 6000])
        #expect(WeightFixtures.warnings(steps) == ["Steps.csv:4:1: a second row for 2025-07-31; the first is kept"])
        let calories = GarminImporter.read(.memory("Calories.csv", ",Active Calories,Resting Calories,Total\n07/31/2025,300,1500,1800\n07/31/2025,310,1500,1810\n"),
                                           ImportContext())
        #expect(calories.export.activity.map(\.value) == [300, 1800])
        #expect(calories.diagnostics.count == 1)
        // A first row of no number keeps nothing: the second is read.
        let bad = GarminImporter.read(.memory("Steps.csv", ",Actual,Goal\n07/31/2025,many,lots\n07/31/2025,5207,10000\n"), ImportContext())
        #expect(bad.export.activity.map(\.value) == [5207])
        #expect(WeightFixtures.warnings(bad).isEmpty && WeightFixtures.errors(bad).count == 2)
    }

    /// Start times as local wall times (Auckland, worked out with Python's zoneinfo): 2025-02-06
    /// 17:06:03 → 1738814763; minutes from Time (31:24 = 31.4), the end from Elapsed Time (32:57,
    /// 1,977 s later: 1738816740).
    @Test func activitiesWithTheirDistanceUnitSaid() throws {
        let file = try WeightFixtures.file("garmin/Activities.csv")
        #expect(GarminImporter.kind(of: file) == .activities)
        let auckland = Zone(identifier: "Pacific/Auckland") ?? .utc
        let part = GarminImporter.read(file, ImportContext(zone: auckland))
        #expect(WeightFixtures.errors(part).isEmpty)
        let w = part.export.workouts
        #expect(w.map(\.activity) == ["Running", "Indoor Cycling", "Running", "Running", "Pool Swim", "Strength Training"])
        #expect(w.map(\.kind) == [.running, .cycling, .running, .running, .swimming, .strength])
        #expect(w[0] == Workout(activity: "Running", start: 1_738_814_763, end: 1_738_816_740, minutes: 31.4,
                               distanceKm: 5.48, energyKcal: 447, source: "Garmin Connect"))
        #expect(w[2].energyKcal == 2154 && w[2].distanceKm == 30.27)
        #expect(w[3].minutes == 1068.5 / 60)  // 17:48.5
        // The swim's 1,500 is in the pool's unit; the strength session has no distance.
        #expect(w[4].distanceKm == nil && w[5].distanceKm == nil && w[5].energyKcal == 180)
        #expect(WeightFixtures.warnings(part) == [
            "garmin/Activities.csv: Garmin does not write the unit of Distance (it follows the account's setting): 4 distances read as kilometres; if the account shows miles, choose --distance-unit mi, or \"distanceUnit\": \"mi\" for this source in waymark.json",
        ])
        #expect(part.remarks == ["the distances of 1 swim not read: Garmin writes them in the pool's unit, which the file does not state"])

        let miles = GarminImporter.read(file, ImportContext(zone: auckland, distanceUnit: .mi))
        #expect(miles.export.workouts[0].distanceKm == 5.48 * 1.609344)
        #expect(WeightFixtures.warnings(miles).isEmpty && miles.remarks.first == "distances read as miles, as chosen")
    }

    @Test func aDecimalCommaAccount() {
        let file = SourceFile.memory("Activities.csv", """
            Activity Type,Date,Favorite,Title,Distance,Calories,Time,Aerobic TE,Elapsed Time
            Running,2025-02-06 17:06:03,false,"Lauf","5,81","1.447","00:31:24","2,5","00:32:57"

            """)
        let part = GarminImporter.read(file, ImportContext(distanceUnit: .km))
        #expect(part.export.workouts.map(\.distanceKm) == [5.81])
        #expect(part.export.workouts.map(\.energyKcal) == [1447])
        #expect(part.remarks.contains("numbers read with a decimal comma (\"5,81\"), as the file writes them"))
    }

    @Test func durations() {
        #expect(GarminActivities.duration("00:31:24") == 1884)
        #expect(GarminActivities.duration("1:02:03") == 3723)
        #expect(GarminActivities.duration("00:17:48.5") == 1068.5)
        #expect(GarminActivities.duration("31:24") == 1884)
        #expect(GarminActivities.duration("00:61:00") == nil && GarminActivities.duration("1:2:3:4") == nil && GarminActivities.duration("--") == nil)
    }
}
