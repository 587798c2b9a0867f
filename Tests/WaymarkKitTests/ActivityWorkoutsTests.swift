import Testing
@testable import WaymarkKit

/// The Workouts page's tables: each once, by sport and year, the latest listed, names escaped.
struct ActivityWorkoutsTests {
    @Test func workoutsBySportAndTheLatest() throws {
        let jan2 = Int64(1_704_153_600)  // 2024-01-02T00:00:00Z
        // A run of 30 min and 5 km written twice (once by Strava): once. A ride of 90 min, no
        // distance. Running 2024: 1 workout, 30 min, 5.0 km; cycling: 1, 1 h 30 min, "—".
        let export = Export(workouts: [
            Workout(activity: "Running <5k>", start: jan2 + 7 * 3600, end: jan2 + 7 * 3600 + 1800, distanceKm: 5, source: "Watch"),
            Workout(activity: "Run", start: jan2 + 7 * 3600, end: jan2 + 7 * 3600 + 1800, distanceKm: 5, energyKcal: 300, source: "Strava"),
            Workout(activity: "Indoor Cycling", start: jan2 + 18 * 3600, end: jan2 + 18 * 3600 + 5400, source: "Watch"),
        ])
        var options = SiteOptions(now: jan2 + 86_400, zone: .utc, language: .en)
        options.sections = options.sections.intersection(SectionsWithData.of(export))
        let files = try renderSite(export, options)
        let page = try #require(files.first { $0.path == "workouts/index.html" }.map { String(decoding: $0.bytes, as: UTF8.self) })
        #expect(page.contains("2 workouts, each once"))
        #expect(page.contains("<td>2024</td><td>Running</td><td>1</td><td>30 min</td><td>5.0</td></tr>"))
        #expect(page.contains("<td>2024</td><td>Cycling</td><td>1</td><td>1 h 30 min</td><td>—</td></tr>"))
        // The copy's energy fills what the first lacks; the app's name is escaped.
        #expect(page.contains("<td>Running &lt;5k&gt;</td><td>Running</td><td>30 min</td><td>5.0</td><td>300</td></tr>"))
        #expect(!page.contains("<5k>"))
        let csv = files.first { $0.path == "activity.csv" }.map { String(decoding: $0.bytes, as: UTF8.self) }
        #expect(csv == "date,metric,value,unit\n2024-01-02,workout_minutes,120,min\n2024-01-02,workouts,2,count\n")
    }
}
