import Testing
@testable import WaymarkKit

/// `SectionsWithData`: a section only for data that fills it; points only where the source has them.
struct SectionsWithDataTests {
    let day = Moment.day(LocalDate(year: 2026, month: 11, day: 1)!)

    @Test func nothingMakesNoSection() {
        #expect(SectionsWithData.of(Export()).isEmpty)
    }

    @Test func importedHabitsMakeHabitsWithoutPoints() {
        // What the Loop, HabitBull, Daylio and CSV importers write: habits and 0-point checks.
        let export = Export(points: [PointRecord(point: 0, type: "tag", name: "Run", date: day)],
                            tags: [WaymarkKit.Tag(name: "Run", habit: HabitDetails(source: "Loop Habit Tracker"))])
        #expect(SectionsWithData.of(export) == [.habits, .years])
        #expect(!SectionsWithData.hasPoints(export))
    }

    @Test func thePointsAppMakesPointsAndTheOverview() {
        let earned = Export(points: [PointRecord(point: 5, type: "tag", name: "Run", date: day)], tags: [WaymarkKit.Tag(name: "Run", point: 5)])
        #expect(SectionsWithData.of(earned) == [.overview, .points, .habits, .years])
        // A habit with a points value and no record yet still has points to show.
        #expect(SectionsWithData.hasPoints(Export(tags: [WaymarkKit.Tag(name: "Run", point: 5)])))
    }

    @Test func checksOfNoHabitMakeNoHabitsSection() {
        // points.json alone: its "tag" records name habits that tags.json would define. With no
        // habit there is no habit page, so no section, menu entry or "0 Timed habits" count.
        let points = Export(points: [PointRecord(point: 5, type: "tag", name: "Run", date: day)])
        #expect(SectionsWithData.of(points) == [.overview, .points, .years])
        // A habit without a name makes no page either.
        let unnamed = Export(points: [PointRecord(point: 0, type: "tag", name: "Run", date: day)], tags: [WaymarkKit.Tag(name: "")])
        #expect(SectionsWithData.of(unnamed) == [])
    }

    @Test func oneSectionHasNoOverviewTwoHave() {
        let weights = Export(weights: [WeightEntry(date: day, kg: 70)])
        #expect(SectionsWithData.of(weights) == [.weight, .years])
        let todos = Export(todos: [Todo(name: "Call")])
        #expect(SectionsWithData.of(todos) == [.todos])
        var both = weights
        both.todos = todos.todos
        #expect(SectionsWithData.of(both) == [.overview, .weight, .todos, .years])
    }
}
