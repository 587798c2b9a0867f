import Testing
@testable import WaymarkKit

/// What other apps bring beyond the points app's data, on the pages: body fat on the weight page
/// and in stats.json, moods on notes and in stats.json. Figures worked out by hand in comments.
struct ImportedDataPagesTests {
    static func day(_ d: Int) -> LocalDate { LocalDate(dayNumber: 19_723 + d - 1) }  // 2024-01-01 is day 19,723
    static let options = SiteOptions(now: 1_704_412_800, zone: .utc, language: .en)  // 2024-01-05T00:00:00Z

    func page(_ files: [SiteFile], _ path: String) -> String {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    @Test func bodyFatHasItsTrendOnTheWeightPageAndInStats() throws {
        // 20.0 on the 1st, 22.0 on the 3rd; the 2nd is interpolated (21.0). Trend: 20 → 20.1 →
        // 20.1 + 0.1 × (22 − 20.1) = 20.29. A reading after `now` (the 9th) is left out.
        let export = Export(weights: [WeightEntry(date: .day(Self.day(1)), kg: 60)],
                            bodyFat: [BodyFatEntry(date: .day(Self.day(1)), percent: 20), BodyFatEntry(date: .day(Self.day(3)), percent: 22),
                                      BodyFatEntry(date: .day(Self.day(9)), percent: 30)])
        let files = try renderSite(export, Self.options)
        let weight = page(files, "weight/index.html")
        #expect(weight.contains(#"<h2 id="body-fat-title">Body fat</h2>"#))
        #expect(weight.contains(#"<span class="label">Latest</span><span class="value">22.0%</span>"#))
        #expect(weight.contains(#"<span class="label">Trend</span><span class="value">20.3%</span>"#))
        // The month's mean of the two readings (not of the interpolated day): 21.0, from 2.
        #expect(weight.contains("<tr><td><span class=\"date\">January 2024</span></td><td>21.0</td><td>2</td></tr>"))
        #expect(weight.contains("the body fat trend went from 20.0 % to 20.3 % (+0.3 percentage points)"))
        let stats = try JSONParser.parse(files.first { $0.path == "stats.json" }?.bytes ?? [])
        #expect(stats["bodyFat"]?["readings"] == .number("2"))
        #expect(stats["bodyFat"]?["latest"] == .number("22.00"))
        #expect(stats["bodyFat"]?["trend"] == .number("20.29"))
        #expect(stats["bodyFat"]?["change30d"] == .null)
    }

    /// The 30-day change of a share is in percentage points. 20 % on Jan 1 and 23 % on Feb 1,
    /// the days between interpolated (0.1 a day); Python, as the trend is defined
    /// (t = t + 0.1 × (value − t)): 22.162 on Feb 1, 20.010 on Jan 2, so +2.153 points.
    @Test func bodyFatChangeIsInPercentagePoints() throws {
        let export = Export(weights: [WeightEntry(date: .day(Self.day(1)), kg: 60)],
                            bodyFat: [BodyFatEntry(date: .day(Self.day(1)), percent: 20), BodyFatEntry(date: .day(Self.day(32)), percent: 23)])
        for (language, text) in [(Language.en, "+2.2 pp"), (.zhHans, "+2.2 个百分点")] {
            let options = SiteOptions(now: Int64(Self.day(32).dayNumber) * 86_400 + 43_200, zone: .utc, language: language)
            let files = try renderSite(export, options)
            #expect(page(files, "weight/index.html").contains("<span class=\"value\">\(text)</span>"), "\(language)")
            let stats = try JSONParser.parse(files.first { $0.path == "stats.json" }?.bytes ?? [])
            #expect(stats["bodyFat"]?["change30d"] == .number("2.15"))
        }
    }

    @Test func withoutBodyFatOrMoodsNothingChanges() throws {
        let files = try renderSite(Export(weights: [WeightEntry(date: .day(Self.day(1)), kg: 60)]), Self.options)
        #expect(!page(files, "weight/index.html").contains("body-fat"))
        let stats = try JSONParser.parse(files.first { $0.path == "stats.json" }?.bytes ?? [])
        #expect(stats["bodyFat"] == nil && stats["moods"] == nil)
    }

    @Test func moodsAreOnTheirNotesAndInStats() throws {
        let evening = Moment.instant(1_704_231_000)  // 2024-01-02T21:30:00Z
        let export = Export(notes: [Note(fileName: "daylio/2024-01-02 2130.md", title: "Long day", date: evening, mood: "meh", body: "Tired.")],
                            moods: [MoodEntry(date: evening, mood: "meh"), MoodEntry(date: .day(Self.day(1)), mood: "rad"),
                                    MoodEntry(date: .day(Self.day(8)), mood: "later")])
        let files = try renderSite(export, Self.options)
        let note = try #require(files.first { $0.path.hasPrefix("notes/") && $0.path != "notes/index.html" })
        #expect(String(decoding: note.bytes, as: UTF8.self).contains(#" · <span class="mood">Mood: meh</span></p>"#))
        let stats = try JSONParser.parse(files.first { $0.path == "stats.json" }?.bytes ?? [])
        guard case .array(let moods)? = stats["moods"] else { Issue.record("no moods"); return }
        #expect(moods.map { $0["mood"] } == [.string("rad"), .string("meh")])
        #expect(moods.map { $0["date"] } == [.string("2024-01-01"), .string("2024-01-02")])
    }
}
