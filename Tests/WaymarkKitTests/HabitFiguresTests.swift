import Testing
@testable import WaymarkKit

/// The figures a habit page and the habits index show: done days of numerical habits, the
/// windows' "asked" counts, the overall strength's habits, and data at the edges.
struct HabitFiguresTests {
    static let today = LocalDate(year: 2024, month: 1, day: 3)!  // a Wednesday
    static let now = Int64(today.dayNumber) * 86_400 + 72_000

    static func board(_ tags: [WaymarkKit.Tag], _ points: [PointRecord]) -> HabitBoard {
        HabitBoard(export: Export(points: points, tags: tags), now: now, zone: .utc)
    }

    static func check(_ name: String, _ day: Int, value: Double? = nil) -> PointRecord {
        PointRecord(point: 1, type: "tag", name: name, date: .day(LocalDate(dayNumber: today.dayNumber - day)), value: value)
    }

    @Test func aNumericalDayIsDoneWhenItMeetsTheTarget() throws {
        // At least 5 km a day: 6 km two days ago (done), 3 km yesterday (not), 5 km today (done).
        let run = WaymarkKit.Tag(name: "Run", habit: HabitDetails(unit: "km", target: 5, targetKind: .atLeast))
        // At most 2 coffees: 3 two days ago (not), 1 yesterday (done), nothing today (not yet).
        let coffee = WaymarkKit.Tag(name: "Coffee", habit: HabitDetails(unit: "cups", target: 2, targetKind: .atMost))
        let b = Self.board([run, coffee], [Self.check("Run", 2, value: 6), Self.check("Run", 1, value: 3), Self.check("Run", 0, value: 5),
                                           Self.check("Coffee", 2, value: 3), Self.check("Coffee", 1, value: 1)])
        let r = try #require(b.habits.first { $0.name == "Run" })
        #expect((0..<3).map { r.isDone($0) } == [true, false, true])
        #expect(r.doneToday && r.week == HabitFigures.Window(done: 2, asked: 7))
        let c = try #require(b.habits.first { $0.name == "Coffee" })
        #expect((0..<3).map { c.isDone($0) } == [false, true, false])
        #expect(!c.doneToday && c.week.done == 1)
    }

    @Test func windowsAskWhatTheFrequencyAsks() {
        // 3 times a week: a week asks 3; January (31 days) asks round(3 × 31 / 7) = round(13.29) = 13.
        let tag = WaymarkKit.Tag(name: "Gym", habit: HabitDetails(frequency: Frequency(numerator: 3, denominator: 7)))
        let h = Self.board([tag], [Self.check("Gym", 0)]).habits[0]
        #expect(h.week == HabitFigures.Window(done: 1, asked: 3))
        #expect(h.month == HabitFigures.Window(done: 1, asked: 13))
        #expect(abs(h.week.share - 1.0 / 3) < 1e-12)
        // A backup may hold any frequency: 2^62 in 2^62 days neither traps nor asks nonsense.
        let huge = WaymarkKit.Tag(name: "Odd", habit: HabitDetails(frequency: Frequency(numerator: 1 << 62, denominator: 1 << 62)))
        #expect(Self.board([huge], [Self.check("Odd", 0)]).habits[0].week == HabitFigures.Window(done: 1, asked: 7))
    }

    @Test func theOverallStrengthLeavesArchivedHabitsOut() {
        // The archived habit started 100 days ago; the counted one 2 days ago, so the line starts there.
        let old = WaymarkKit.Tag(name: "Old", habit: HabitDetails(archived: true))
        let b = Self.board([old, WaymarkKit.Tag(name: "New")], [Self.check("Old", 100), Self.check("New", 2)])
        #expect(b.overallCount == 1 && b.first == Self.today.adding(days: -2))
        #expect(b.overall == b.habits[1].scores)
    }

    @Test func theOverallStrengthLeavesHabitsNotDoneForAYearOut() {
        // Today 2024-01-03. "Year" last done 365 days ago (2023-01-03): counts. "Gone" last done
        // 366 days ago: left out, with the archived one. "Fresh" has no check but was created: it
        // begins today, counts. "Listed" (a HabitBull habit never checked, no creation date): left out.
        let b = Self.board([WaymarkKit.Tag(name: "Gone"), WaymarkKit.Tag(name: "Year"), WaymarkKit.Tag(name: "Fresh", created: .day(Self.today)),
                            WaymarkKit.Tag(name: "Old", habit: HabitDetails(archived: true)),
                            WaymarkKit.Tag(name: "Listed", habit: HabitDetails(source: "HabitBull"))],
                           [Self.check("Gone", 400), Self.check("Gone", 366), Self.check("Year", 365), Self.check("Old", 3)])
        #expect(b.overallCount == 2 && b.overallLeftOut == 3)
        // The line starts at Year's first day; each day the mean of Year's and Fresh's strengths
        // (Fresh's only day, today, is 0).
        #expect(b.first == Self.today.adding(days: -365))
        let year = b.habits[1].scores
        #expect(b.overall.count == 366 && b.overall.last == (year.last ?? -1) / 2 && b.overall.first == year[0] / 2)
    }

    @Test func theHabitsIndexSaysWhichHabitsTheOverallStrengthLeavesOut() throws {
        let export = Export(points: [Self.check("Gone", 400), Self.check("Now", 0)], tags: [WaymarkKit.Tag(name: "Gone"), WaymarkKit.Tag(name: "Now")])
        let en = try renderSite(export, SiteOptions(now: Self.now, zone: .utc, language: .en))
        let html = en.first { $0.path == "habits/index.html" }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        #expect(html.contains("<p class=\"meta\">1 habit not counted: archived or not done for a year.</p>"))
        let zh = try renderSite(export, SiteOptions(now: Self.now, zone: .utc, language: .zhHans))
        let zhHTML = zh.first { $0.path == "habits/index.html" }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        #expect(zhHTML.contains("<p class=\"meta\">1 个习惯未计入：已归档或一年多未完成。</p>"))
        // Loop's wording for a change of strength is a difference of percentages: percentage points.
        let now = en.first { $0.path == "habits/now.html" }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        #expect(now.contains("percentage point"))
    }

    @Test func hugeAmountsAreWrittenWithoutTrapping() {
        #expect(LocaleFormat(.en).decimal(1e20, places: 2) == "100000000000000000000")
        #expect(LocaleFormat(.en).decimal(-9.3e18) == "−9300000000000000000")
        #expect(LocaleFormat(.en).decimal(12.345, places: 2) == "12.35")
    }
}
