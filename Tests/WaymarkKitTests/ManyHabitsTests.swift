import Testing
@testable import WaymarkKit

/// Exports with tens of thousands of habits are valid data and build a site: no page may run out
/// of a render budget fixed regardless of its data, and no page may search every habit for each.
struct ManyHabitsTests {
    static let now: Int64 = 1_795_953_600  // 2026-11-29T12:00:00Z
    static let today = 20_786  // 2026-11-29 as a day number

    static func name(_ i: Int) -> String { "Habit " + pad(i, 5) }

    /// `count` habits, habit i done once, at 08:00 on day `today − i % 28` (so every day of the
    /// last four weeks has some), with one of four colours; every 100th has a note.
    static func export(_ count: Int) -> Export {
        let colors = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7"].compactMap(Color.init(hex:))
        return Export(
            points: (0..<count).map { i in
                PointRecord(point: 2, type: "tag", name: name(i), date: .instant(Int64(today - i % 28) * 86_400 + 8 * 3_600))
            },
            tags: (0..<count).map { i in Tag(name: name(i), color: colors[i % 4], point: 2) },
            notes: stride(from: 0, to: count, by: 100).map { i in
                Note(fileName: "n\(i).md", title: "About " + name(i), date: .day(LocalDate(dayNumber: today - 1)), tag: name(i), body: "x")
            })
    }

    /// 25,000 rows of about 45 template nodes each: over a million steps, which a budget fixed at
    /// one million refused ("rendering took more than 1000000 steps").
    @Test func theHabitsIndexOf25000HabitsIsBuilt() throws {
        let content = computeSite(Self.export(25_000), SiteOptions(now: Self.now, zone: .utc, language: .en))
        let catalogue = try SiteCatalogue(content, theme: .embedded)
        let page = String(decoding: try HabitPages.renderIndex(content, catalogue.renderer).bytes, as: UTF8.self)
        #expect(page.components(separatedBy: "<tr><th scope=\"row\">").count - 1 == 25_000)
        for i in [0, 1, 12_345, 24_999] {
            #expect(page.contains(">\(Self.name(i))</a>"), "\(Self.name(i))")
        }
        // Habit 0 was done today: its row says so and its colour is its tag's.
        #expect(page.contains(#"<span class="named"><span class="dot" style="--dot: #e69f00" aria-hidden="true"></span><a href="habit-00000.html">Habit 00000</a></span>"#))
    }

    /// A whole site of 2,000 habits, checked page by page.
    @Test func aSiteOf2000HabitsHasEveryPage() throws {
        let files = try renderSite(Self.export(2_000), SiteOptions(now: Self.now, zone: .utc, language: .en))
        let pages = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.bytes) })
        func page(_ path: String) -> String { pages[path].map { String(decoding: $0, as: UTF8.self) } ?? "" }
        #expect(files.filter { $0.path.hasPrefix("habits/habit-") }.count == 2_000)
        // November holds every check: each habit once, 2 points, in its tag's colour.
        let november = page("points/2026-11.html")
        #expect(november.components(separatedBy: "<tr><th scope=\"row\"><span class=\"named\"><span class=\"dot\"").count - 1 == 2_000)
        #expect(november.contains(#"<span class="dot" style="--dot: #cc79a7" aria-hidden="true"></span><a href="../habits/habit-01999.html">Habit 01999</a></span></th><td>1</td><td>+2</td>"#))
        // Habit 1900's note is listed on its page, and only there.
        #expect(page("habits/habit-01900.html").contains(#"<a href="../notes/n1900.html">About Habit 01900</a>"#))
        #expect(!page("habits/habit-01901.html").contains("About Habit"))
        #expect(page("habits/index.html").components(separatedBy: "<tr><th scope=\"row\">").count - 1 == 2_000)
    }
}
