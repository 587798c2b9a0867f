import Foundation
import Testing
@testable import WaymarkKit

/// The front page of a site of the phone's activity alone (no habit ticked, no point earned)
/// leads with the activity's cards, the Activity page's own figures; a site with habits keeps
/// its habits first and shows no activity panel.
struct FrontPageActivityLeadTests {
    func file(_ files: [SiteFile], _ path: String) -> String? {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    func cards(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"stat\">").dropFirst().compactMap { $0.components(separatedBy: "</li>").first }
    }

    @Test func activityAloneLeadsTheFrontPage() throws {
        let day = LocalDate(year: 2024, month: 1, day: 2) ?? LocalDate(dayNumber: 0)
        let export = Export(activity: [ActivitySample(metric: .steps, date: .day(day), value: 12_000, source: "Phone")],
                            workouts: [Workout(activity: "Running", start: 1_704_186_000, end: 1_704_187_800, source: "Watch")])
        var options = SiteOptions(now: 1_704_412_800, zone: .utc, language: .en)
        options.sections = options.sections.intersection(SectionsWithData.of(export))
        let files = try renderSite(export, options)
        let index = try #require(file(files, "index.html"))
        #expect(index.contains(#"<h2 id="activity-lead-heading"><a href="activity/index.html">Activity</a></h2>"#))
        // 12,000 steps on the one day; one workout (a run of 30 min on Jan 2).
        #expect(index.contains(#"<span class="label">Steps</span><span class="value measure">12,000 <span class="unit">steps</span></span>"#))
        #expect(index.contains(#"<span class="label">Workouts</span><span class="value measure">1</span>"#))
        // The same cards as the Activity page's.
        let activity = try #require(file(files, "activity/index.html"))
        #expect(cards(activity).count == 2 && cards(index).filter { cards(activity).contains($0) }.count == 2)
    }

    /// Google Fit's Daily Summaries (a phone alone): the steps habit made of the steps comes
    /// after the activity's cards, which are the Activity page's.
    @Test(.enabled(if: TestPaths.hasShared)) func aPhoneOnlyExport() throws {
        let path = TestPaths.shared.appendingPathComponent("real-exports/google-fit-takeout-more").path
        let files = try BuildPipeline(fileSystem: .local, clock: { 0 }).build(BuildRequest(source: .paths([path]), now: DateTimeText.parse("2026-12-01T00:00:00"))).files
        let index = try #require(file(files, "index.html"))
        let lead = try #require(index.range(of: "activity-lead-heading")), habits = try #require(index.range(of: "habits-lead-heading"))
        #expect(lead.upperBound < habits.lowerBound)
        let activity = try #require(file(files, "activity/index.html"))
        #expect(!cards(activity).isEmpty && cards(activity).allSatisfy { cards(index).contains($0) })
    }

    @Test func habitsKeepTheLead() throws {
        let day = LocalDate(year: 2024, month: 1, day: 2) ?? LocalDate(dayNumber: 0)
        let export = Export(tags: [Tag(name: "Read", habit: HabitDetails(frequency: .daily))],
                            activity: [ActivitySample(metric: .steps, date: .day(day), value: 12_000, source: "Phone")])
        var options = SiteOptions(now: 1_704_412_800, zone: .utc, language: .en)
        options.sections = options.sections.intersection(SectionsWithData.of(export))
        let index = try #require(file(try renderSite(export, options), "index.html"))
        #expect(!index.contains("activity-lead-heading") && index.contains("habits-lead-heading"))
    }
}
