import Foundation
import Testing
@testable import WaymarkKit

/// A site built as of an earlier moment shows what there was then: notes written and weighings
/// made later are left out (with a warning each), a target completed later is still open, and
/// the feed has nothing later.
struct AsOfNowSiteTests {
    static let shanghai = Zone(identifier: "Asia/Shanghai")!

    static func at(_ text: String) -> Moment { DateTimeText.parse(text)!.moment(in: shanghai) }

    static func instant(_ text: String) -> Int64 {
        guard case .instant(let s) = at(text) else { return 0 }
        return s
    }

    @Test func notesAndWeighingsAfterNowAreLeftOut() {
        let notes = [
            Note(fileName: "before.md", date: Self.at("2026-09-30T23:00:00"), body: ""),
            Note(fileName: "undated.md", body: ""),
            Note(fileName: "after.md", date: Self.at("2026-10-01T12:00:01"), body: ""),
            Note(fileName: "today.md", date: Self.at("2026-10-01"), body: ""),
            Note(fileName: "tomorrow.md", date: Self.at("2026-10-02"), body: ""),
            Note(fileName: "latest.md", date: Self.at("2026-11-28T21:00:00"), body: ""),
        ]
        let weights = [
            WeightEntry(date: Self.at("2026-10-01T12:00:00"), kg: 70), WeightEntry(date: Self.at("2026-11-29T07:04:00"), kg: 68),
            WeightEntry(date: Self.at("2026-10-01T12:01:00"), kg: 69), WeightEntry(date: Self.at("2026-09-01"), kg: 71),
        ]
        let later = RecordsAfterNow(Export(weights: weights, notes: notes), now: Self.instant("2026-10-01T12:00:00"), zone: Self.shanghai)
        // A day is after now from the next day on; a moment, from the next second.
        #expect(later.export.notes.map(\.fileName) == ["before.md", "undated.md", "today.md"])
        #expect(later.notes.map(\.fileName) == ["after.md", "tomorrow.md", "latest.md"])
        #expect(later.latestNote(in: Self.shanghai)?.fileName == "latest.md")
        #expect(later.export.weights.map(\.kg) == [70, 71])
        #expect(later.weighings.map(\.kg) == [68, 69])
        #expect(later.latestWeighing(in: Self.shanghai)?.kg == 68)
        // Body fat as the weighings: a section of its own readings would show them.
        let fat = [BodyFatEntry(date: Self.at("2026-10-01T12:00:00"), percent: 20), BodyFatEntry(date: Self.at("2026-10-02"), percent: 19)]
        let fatLater = RecordsAfterNow(Export(bodyFat: fat), now: Self.instant("2026-10-01T12:00:00"), zone: Self.shanghai)
        #expect(fatLater.export.bodyFat.map(\.percent) == [20] && fatLater.bodyFat.map(\.percent) == [19])
        #expect(fatLater.latestBodyFat(in: Self.shanghai)?.percent == 19 && !fatLater.isEmpty)
        // Nothing after now: the export as it was.
        let none = RecordsAfterNow(Export(weights: weights, notes: notes), now: Self.instant("2026-12-01T00:00:00"), zone: Self.shanghai)
        #expect(none.export == Export(weights: weights, notes: notes) && none.notes.isEmpty && none.weighings.isEmpty)
    }

    @Test func habitsCreatedAfterNowAreLeftOut() {
        let tags = [Tag(name: "old", created: Self.at("2026-03-02T07:00:00")), Tag(name: "undated"),
                    Tag(name: "later", created: Self.at("2026-06-20T09:00:00")), Tag(name: "tomorrow", created: Self.at("2026-06-20"))]
        let later = RecordsAfterNow(Export(tags: tags), now: Self.instant("2026-06-19T12:00:00"), zone: Self.shanghai)
        #expect(later.export.tags.map(\.name) == ["old", "undated"])
        #expect(later.habits.map(\.name) == ["later", "tomorrow"])
        // Of a day and a moment on it, the moment is later.
        #expect(later.latestHabit(in: Self.shanghai)?.name == "later")
        #expect(!later.isEmpty && RecordsAfterNow(Export(tags: tags), now: Self.instant("2026-06-20T09:00:00"), zone: Self.shanghai).isEmpty)
        // Checked by now (a merged source's later creation date): kept.
        let checked = PointRecord(point: 1, type: "tag", name: "later", date: Self.at("2026-06-01T08:00:00"))
        let merged = RecordsAfterNow(Export(points: [checked], tags: tags), now: Self.instant("2026-06-19T12:00:00"), zone: Self.shanghai)
        #expect(merged.habits.map(\.name) == ["tomorrow"])
    }

    /// The demo as of 2026-06-19 12:00: its tags.json (Python) creates Deep work on Jun 20 09:00,
    /// the other five by Jun 18; every point record and weighing is later.
    @Test func theDemoAsOfJuneNineteenthHasFiveHabits() throws {
        let demo = TestPaths.repo.appendingPathComponent("Examples/demo").path
        let dir = TemporaryDirectory()
        let run = CLIRun(["build", demo, "-o", dir.file("site"), "--now", "2026-06-19T12:00:00", "--lang", "en"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: tags.json: 1 habit created after 2026-06-19T12:00:00+08:00 is left out of the site: "
                                    + "“Deep work 深度工作” at 2026-06-20T09:00:00+08:00.\n"), "\(run.stderr)")
        let index = DataShapedSiteTests.text(try #require(dir.read("site/index.html")))
        #expect(index.contains("Built from 0 Point records 5 Timed habits"), "\(index)")
        let habits = try #require(dir.read("site/habits/index.html"))
        #expect(!habits.contains("Deep work") && habits.contains("练琴 Piano"))
        #expect(dir.read("site/habits/deep-work.html") == nil && dir.read("site/weight/index.html") == nil)
    }

    /// The demo as of 2026-10-01 12:00 in Shanghai. Python on its files: 195 of 407 point records,
    /// 47 of 90 weighings up to then; of the notes, training-log (Sep 20) and the undated
    /// reading list; of the targets, only "Finish 'Principles'" was done (Sep 5), the other nine
    /// have deadlines after Oct 1.
    @Test func theDemoAsOfOctoberFirst() throws {
        let demo = TestPaths.repo.appendingPathComponent("Examples/demo").path
        let dir = TemporaryDirectory()
        let run = CLIRun(["build", demo, "-o", dir.file("site"), "--now", "2026-10-01T12:00:00", "--lang", "en",
                          "--base-url", "https://example.org/"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: notes/: 3 notes dated after 2026-10-01T12:00:00+08:00 are left out of the site; "
                                    + "the latest, “周回顾 Weekly review”, at 2026-11-28T21:00:00+08:00.\n"), "\(run.stderr)")
        #expect(run.stderr.contains("warning: weights.json: 43 weighings dated after 2026-10-01T12:00:00+08:00 are left out of the site; "
                                    + "the latest is of 2026-11-29T07:04:00+08:00.\n"), "\(run.stderr)")

        // `check` at the same moment reports the same.
        let check = CLIRun(["check", demo, "--now", "2026-10-01T12:00:00"])
        #expect(check.code == 0 && check.stderr.hasPrefix(run.stderr.components(separatedBy: "\n").prefix(3).joined(separator: "\n")), "\(check.stderr)")
        #expect(check.stderr.contains("The site will show 2026-10-01T12:00:00+08:00 (--now)."))

        let index = DataShapedSiteTests.text(try #require(dir.read("site/index.html")))
        #expect(index.contains("Built from 195 Point records 6 Timed habits 10 Targets 47 Weighings 12 To-dos 2 Notes"), "\(index)")
        #expect(dir.read("site/notes/weekly-review.html") == nil && dir.read("site/notes/half-marathon.html") == nil)
        #expect(dir.read("site/notes/training-log.html") != nil && dir.read("site/notes/reading-list.html") != nil)
        let notes = try #require(dir.read("site/notes/index.html"))
        #expect(!notes.contains("weekly-review.html") && !notes.contains("swift-concurrency.html"))

        let targets = DataShapedSiteTests.text(try #require(dir.read("site/targets/index.html")))
        #expect(targets.contains("Upcoming 9") && targets.contains("Done 1"), "\(targets)")
        let meditate = DataShapedSiteTests.text(try #require(dir.read("site/targets/30-meditate-30-days.html")))
        #expect(meditate.contains("in 14 days") && !meditate.contains("Completed") && !meditate.contains("Oct 12"), "\(meditate)")

        // The feed: the training log and the Principles target, its newest entry of Sep 20.
        let feed = try #require(dir.read("site/feed.xml"))
        #expect(feed.components(separatedBy: "<entry>").count - 1 == 2)
        #expect(feed.contains("<updated>2026-09-20T00:00:00+08:00</updated>\n"))
        #expect(!feed.contains("2026-10-") && !feed.contains("2026-11-"), "\(feed)")
    }
}
