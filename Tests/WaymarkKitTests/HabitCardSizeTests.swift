import Testing
@testable import WaymarkKit

/// A habit card's figure that cannot wrap is given a length class, so it shrinks with its card.
struct HabitCardSizeTests {
    func size(_ value: String) -> String? {
        guard case .object(let o) = HabitPages.sizedByLength(["label": "L", "value": .string(value)]),
              case .string(let s)? = o["size"] else { return nil }
        return s
    }

    @Test func theLongestRunBetweenSpacesChoosesTheClass() {
        #expect(size("46%") == nil && size("3/7") == nil && size("4,804 h 30 min") == nil)
        #expect(size("12,345/70") == "long")                 // 9 characters
        #expect(size("2,310/70,000 步") == "long")           // "2,310/70,000": 12
        #expect(size("173,066/310,000 steps") == "longer")   // 15
        #expect(size("1,234,567/3,100,000 steps") == "longest")  // 19
        #expect(size("12345678") == nil)                     // 8
        // A wide character is two columns; a zero-width space parts runs as a space does.
        #expect(size("2026年11月") == "long")                // 4 + 2 + 2 + 2 = 10
        #expect(size("64小时30分钟") == "long" && size("64小时\u{200B}30分钟") == nil)  // 12, or 6 and 6
        #expect(size("连续获得积分连续") == "longer" && size("连续获得积分连续获得") == "longest")  // 16 columns, 20
    }

    /// Google Fit's steps habit at the end of March 2020 (the Takeout in ../shared): this week's
    /// and this month's goals, done/asked in steps, carry their classes on the page.
    @Test(.enabled(if: TestPaths.hasShared, "../shared is absent"))
    func googleFitsStepsCardsAreSized() throws {
        let dir = TemporaryDirectory()
        let source = TestPaths.shared.appendingPathComponent("real-exports/google-fit-takeout-more").path
        let run = CLIRun(["build", source, "-q", "-o", dir.file("site"), "--time-zone", "UTC"])
        #expect(run.code == 0, "\(run.stderr)")
        let page = try #require(dir.read("site/habits/steps.html"))
        #expect(page.contains(#"<span class="value long">2,310/70,000 steps</span>"#))
        #expect(page.contains(#"<span class="value longer">173,066/310,000 steps</span>"#))
    }
}
