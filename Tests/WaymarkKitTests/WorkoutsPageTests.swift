import Foundation
import Testing
@testable import WaymarkKit

/// The Workouts page: the last 30 days' workouts as cards, how many started each week, month and
/// year with their time and distance (each chart wide and narrow with its table), by sport and
/// year, and the latest; in the menu only when there is a workout.
struct WorkoutsPageTests {
    func file(_ files: [SiteFile], _ path: String) -> String? {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    static let day = Int64(86_400)
    /// 2023-12-30T00:00:00Z, a Saturday.
    static let dec30 = Int64(1_703_894_400)

    /// A run on Saturday 30 December 2023 (30 min, 5 km); on Tuesday 2 January 2024 a run
    /// (30 min, 5 km, written again by Strava) and a ride (90 min, no distance); a walk on
    /// Saturday 20 January (45 min, 3.5 km); yoga on Saturday 10 February (60 min).
    static let workouts: [Workout] = [
        Workout(activity: "Running", start: dec30 + 8 * 3600, end: dec30 + 8 * 3600 + 1800, distanceKm: 5, source: "Watch"),
        Workout(activity: "Running", start: dec30 + 3 * day + 7 * 3600, end: dec30 + 3 * day + 7 * 3600 + 1800, distanceKm: 5, source: "Watch"),
        Workout(activity: "Run", start: dec30 + 3 * day + 7 * 3600, end: dec30 + 3 * day + 7 * 3600 + 1800, distanceKm: 5, source: "Strava"),
        Workout(activity: "Indoor Cycling", start: dec30 + 3 * day + 18 * 3600, end: dec30 + 3 * day + 18 * 3600 + 5400, source: "Watch"),
        Workout(activity: "Walking", start: dec30 + 21 * day + 9 * 3600, end: dec30 + 21 * day + 9 * 3600 + 2700, distanceKm: 3.5, source: "Watch"),
        Workout(activity: "Yoga", start: dec30 + 42 * day + 19 * 3600, end: dec30 + 42 * day + 20 * 3600, source: "Watch"),
    ]

    func site(_ export: Export, language: Language = .en, now: Int64 = dec30 + 62 * day) throws -> [SiteFile] {
        var options = SiteOptions(now: now, zone: .utc, language: language)
        options.sections = options.sections.intersection(SectionsWithData.of(export))
        return try renderSite(export, options)
    }

    @Test func totalsByWeekMonthAndYear() {
        let (unique, _) = WorkoutLog.unique(Self.workouts)
        let t = WorkoutTotals(unique, in: .utc)
        func d(_ y: Int, _ m: Int, _ day: Int) -> LocalDate { LocalDate(year: y, month: m, day: day) ?? LocalDate(dayNumber: 0) }
        // Weeks from Monday: Dec 25 (the first run), Jan 1 (run and ride), Jan 15 (walk), Feb 5 (yoga).
        #expect(t.weeks.map(\.start) == [d(2023, 12, 25), d(2024, 1, 1), d(2024, 1, 15), d(2024, 2, 5)])
        #expect(t.weeks.map(\.count) == [1, 2, 1, 1] && t.weeks.map(\.minutes) == [30, 120, 45, 60])
        #expect(t.weeks.map(\.km) == [5, 5, 3.5, 0] && t.weeks.map(\.withDistance) == [1, 1, 1, 0])
        #expect(t.months.map(\.start) == [d(2023, 12, 1), d(2024, 1, 1), d(2024, 2, 1)])
        #expect(t.months.map(\.count) == [1, 3, 1] && t.months.map(\.minutes) == [30, 165, 60] && t.months.map(\.km) == [5, 8.5, 0])
        #expect(t.years.map(\.start) == [d(2023, 1, 1), d(2024, 1, 1)])
        #expect(t.years.map(\.count) == [1, 4] && t.years.map(\.minutes) == [30, 225] && t.years.map(\.km) == [5, 8.5])
        // The 30 days to Feb 10 start on Jan 12: the walk and the yoga.
        let recent = WorkoutTotals.span(unique, from: d(2024, 1, 12), to: d(2024, 2, 10), in: .utc)
        #expect(recent.count == 2 && recent.minutes == 105 && recent.km == 3.5 && recent.withDistance == 1)
        // In Tokyo (UTC+9) the ride of Jan 2 at 18:00 starts on Jan 3, the same week.
        let tokyo = WorkoutTotals(unique, in: Zone(identifier: "Asia/Tokyo") ?? .utc)
        #expect(tokyo.weeks.map(\.count) == [1, 2, 1, 1])
    }

    @Test func thePageItsChartsAndItsTables() throws {
        let files = try site(Export(workouts: Self.workouts))
        let page = try #require(file(files, "workouts/index.html"))
        #expect(page.contains("5 workouts, each once"))
        #expect(page.contains(#"<span class="label">Workouts</span><span class="value measure">2</span><span class="sub">in the 30 days to <span class="date">Feb 10, 2024</span></span>"#))
        #expect(page.contains(#"<span class="label">Duration</span><span class="value measure">1 h 45 min</span><span class="sub">the 2 workouts&#39; time in all</span>"#))
        #expect(page.contains(#"<span class="value measure">3.5 <span class="unit">km</span></span><span class="sub">of the one workout with a distance</span>"#))
        // Three charts, each wide and narrow, with a heading and a table.
        #expect(page.components(separatedBy: "<svg").count - 1 == 6)
        #expect(page.components(separatedBy: "<details>").count - 1 == 3)
        #expect(page.contains(#"<h2 id="workouts-weeks-heading">Workouts by week, the last 26 weeks</h2>"#))
        // 26 weeks to the week of Feb 5: from the week of Aug 14, 2023.
        #expect(page.contains("<title>week of Aug 14, 2023: no workouts</title>") && !page.contains("<title>week of Aug 7, 2023"))
        #expect(page.contains("<title>week of Jan 1, 2024: 2 workouts, 2 h, 5.0 km</title>"))
        #expect(page.contains("<title>week of Feb 5, 2024: 1 workout, 1 h</title>"))
        #expect(page.contains("<tr><td><span class=\"date\">Jan 1, 2024</span></td><td>2</td><td>2 h</td><td>5.0</td></tr>"))
        #expect(page.contains("<tr><td><span class=\"date\">Feb 5, 2024</span></td><td>1</td><td>1 h</td><td>—</td></tr>"))
        // Months from the first with a workout; years.
        #expect(page.contains("<title>December 2023: 1 workout, 30 min, 5.0 km</title>") && !page.contains("<title>November 2023"))
        #expect(page.contains("<tr><td><span class=\"date\">January 2024</span></td><td>3</td><td>2 h 45 min</td><td>8.5</td></tr>"))
        #expect(page.contains("<title>2024: 4 workouts, 3 h 45 min, 8.5 km</title>"))
        #expect(page.contains("<tr><td>2023</td><td>1</td><td>30 min</td><td>5.0</td></tr>"))
        // By sport and year, and the latest, moved here from the Activity page.
        #expect(page.contains("<td>2024</td><td>Cycling</td><td>1</td><td>1 h 30 min</td><td>—</td></tr>"))
        #expect(page.contains("<td>2024</td><td>Running</td><td>1</td><td>30 min</td><td>5.0</td></tr>"))
        #expect(page.contains("<td>Yoga</td><td>Yoga and Pilates</td><td>1 h</td><td>—</td><td>—</td></tr>"))
        #expect(page.contains(#"aria-current="page">Workouts</a>"#))
        // The Activity page links to it and no longer lists the workouts.
        let activity = try #require(file(files, "activity/index.html"))
        #expect(activity.contains(#"<a href="../workouts/index.html">Workouts: by week, month, year and sport on the Workouts page</a>"#))
        #expect(!activity.contains("<td>Cycling</td>"))
        #expect(activity.contains(#"<span class="label">Workouts</span><span class="value measure">2</span>"#))
        // Every page's menu has Workouts after Activity.
        let index = try #require(file(files, "index.html"))
        let a = try #require(index.range(of: ">Activity</a>")), w = try #require(index.range(of: ">Workouts</a>"))
        #expect(a.upperBound <= w.lowerBound)
    }

    @Test func inChinese() throws {
        let page = try #require(file(try site(Export(workouts: Self.workouts), language: .zhHans), "workouts/index.html"))
        #expect(page.contains("<h2 id=\"workouts-weeks-heading\">每周锻炼（最近 26 周）</h2>"))
        #expect(page.contains("2 次锻炼，2小时，5.0 公里</title>"))
        #expect(page.contains(">锻炼</a>"))
        // A name that is only the English word of its kind ("Running", "Walking": Apple Health's
        // types) is the kind's Chinese word; the apps' own names ("Indoor Cycling", "Yoga") stay.
        let latest = page.components(separatedBy: "</thead>").last ?? ""
        #expect(latest.contains("<td>跑步</td><td>跑步</td>") && latest.contains("<td>步行</td><td>步行</td>"))
        #expect(latest.contains("<td>Indoor Cycling</td><td>骑行</td>") && latest.contains("<td>Yoga</td><td>瑜伽与普拉提</td>"))
        #expect(!latest.contains("<td>Running</td>") && !latest.contains("<td>Walking</td>"))
        let english = try #require(file(try site(Export(workouts: Self.workouts)), "workouts/index.html"))
        #expect(english.contains("<td>Running</td><td>Running</td>"))
    }

    @Test func noWorkoutNoPage() throws {
        let day = LocalDate(year: 2024, month: 1, day: 2) ?? LocalDate(dayNumber: 0)
        let files = try site(Export(activity: [ActivitySample(metric: .steps, date: .day(day), value: 5_000, source: "Phone")]))
        #expect(file(files, "workouts/index.html") == nil)
        #expect(file(files, "activity/index.html")?.contains("workouts/index.html") == false)
        #expect(file(files, "index.html")?.contains(">Workouts</a>") == false)
        // A workout after the day shown makes none either.
        let later = try site(Export(workouts: Self.workouts), now: Self.dec30 - Self.day)
        #expect(file(later, "workouts/index.html") == nil)
    }

    func real(_ paths: [String]) throws -> [SiteFile] {
        let full = paths.map { TestPaths.shared.appendingPathComponent("real-exports/" + $0).path }
        var request = BuildRequest(source: .paths(full), now: DateTimeText.parse("2026-11-29T20:00:00"))
        request.zone = .utc
        return try BuildPipeline(fileSystem: .local, clock: { 0 }).build(request).files
    }

    /// Real Apple Health workouts, read with Python's xml module: dogsheep's run of
    /// 2016-11-14 07:25:41 -0700 (5.194 min, 0.4972 mi = 0.8001 km) and tdda's "Other" of
    /// 2016-04-02 10:40:38 +0100 (31.737 min, a distance of 0 km: none). Merged: 2016, 2 workouts,
    /// 36.93 min; months from April to November 2016; the 30 days to Nov 14 hold the run alone.
    @Test(.enabled(if: TestPaths.hasShared)) func realAppleHealthWorkouts() throws {
        let files = try real(["apple-health-dogsheep-healthkit-to-sqlite/export.xml", "apple-health-tdda-applehealthdata"])
        let page = try #require(file(files, "workouts/index.html"))
        #expect(page.contains("2 workouts, each once"))
        #expect(page.contains(#"<span class="value measure">1</span><span class="sub">in the 30 days to <span class="date">Nov 14, 2016</span></span>"#))
        #expect(page.contains(#"<span class="value measure">5 min</span><span class="sub">the one workout&#39;s time</span>"#))
        #expect(page.contains(#"<span class="value measure">0.8 <span class="unit">km</span></span>"#))
        #expect(page.contains("<tr><td><span class=\"date\">Nov 14, 2016</span></td><td>1</td><td>5 min</td><td>0.8</td></tr>"))
        #expect(page.contains("<tr><td><span class=\"date\">Mar 28, 2016</span></td><td>1</td><td>32 min</td><td>—</td></tr>"))
        #expect(page.contains("<title>April 2016: 1 workout, 32 min</title>") && page.contains("<title>July 2016: no workouts</title>")
                && !page.contains("<title>March 2016"))
        #expect(page.contains("<tr><td>2016</td><td>2</td><td>37 min</td><td>0.8</td></tr>"))
        #expect(page.contains("<td>2016</td><td>Other</td><td>1</td><td>32 min</td><td>—</td></tr>"))
        // The tdda file alone: no distance, so no distance card.
        let other = try #require(file(try real(["apple-health-tdda-applehealthdata"]), "workouts/index.html"))
        #expect(other.contains("<span class=\"value measure\">32 min</span>") && !other.contains("<span class=\"unit\">km</span>"))
    }
}
