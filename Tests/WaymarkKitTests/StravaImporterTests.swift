import Foundation
import Testing
@testable import WaymarkKit

/// Strava's `activities.csv`. No real export is in ../shared: `Fixtures/Import/strava/activities.csv`
/// follows the documented format (docs/import.md): the 94-column header of a real 2022 export
/// (martin-ueding/geo-activity-playground's test data), names repeated, with rows of the same
/// shape: "May 29, 2022, 3:53:35 PM" in UTC, the first Distance in km (3.32), the second in metres
/// (3322.949951171875), Elapsed Time 1428 and 1428.0 s, Moving Time 1411.0 s, Calories 262.0.
struct StravaImporterTests {
    /// UTC instants: 2022-05-29 15:53:35 → 1653839615 (datetime.timestamp with timezone.utc).
    @Test func theSecondDistanceInMetresAndTheMovingTime() throws {
        let file = try WeightFixtures.file("strava/activities.csv")
        #expect(SourceImporters.all.first { !$0.claim([file]).isEmpty }?.id == "strava")
        let part = StravaImporter.read(file, ImportContext(zone: Zone(identifier: "Europe/Amsterdam") ?? .utc))
        #expect(part.diagnostics.isEmpty)
        let w = part.export.workouts
        #expect(w.map(\.activity) == ["Run", "Ride", "Yoga"])
        #expect(w.map(\.kind) == [.running, .cycling, .yoga])
        #expect(w[0] == Workout(activity: "Run", start: 1_653_839_615, end: 1_653_841_043, minutes: 1411.0 / 60,
                               distanceKm: 3.322949951171875, energyKcal: 262, source: "Strava"))
        // "Ride, with friends": a name with a comma, quoted. No calories; the yoga has no distance.
        #expect(w[1].distanceKm == 25.6013 && w[1].energyKcal == nil)
        #expect(w[2].distanceKm == nil && w[2].energyKcal == 120)
    }

    @Test func theOlderExport() {
        let file = SourceFile.memory("activities.csv", """
            id,date,name,type,description,elapsed_time,distance,commute,gear,filename
            1837276001,2018-09-12 15:02:23,Lunch Run,Run,,1830,5012.3,false,,activities/1837276001.gpx

            """)
        let part = StravaImporter.read(file, ImportContext())
        // 2018-09-12 15:02:23 UTC = 1536764543; 1830 s; 5012.3 m.
        #expect(part.export.workouts == [Workout(activity: "Run", start: 1_536_764_543, end: 1_536_766_373, minutes: 30.5,
                                                 distanceKm: 5.0123, source: "Strava")])
    }

    @Test func badRowsAreSaidAtTheirPlace() {
        let file = SourceFile.memory("activities.csv", """
            Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Elapsed Time,Moving Time,Distance
            1,"yesterday",Run,Run,60,1,60.0,60.0,1000
            2,"May 29, 2022, 3:53:35 PM",Run,Run,60,1,sixty,60.0,1000
            """)
        let part = StravaImporter.read(file, ImportContext())
        #expect(part.export.workouts.isEmpty)
        #expect(WeightFixtures.errors(part) == [
            "activities.csv:2:3: not a date like \"May 29, 2022, 3:53:35 PM\" (got \"yesterday\")",
            "activities.csv:3:43: expected a number of 0 or more (got \"sixty\")",
        ])
    }
}
