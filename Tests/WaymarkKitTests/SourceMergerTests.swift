import Testing
@testable import WaymarkKit

/// Merging the parts of several sources: each rule with records worked out by hand.
struct SourceMergerTests {
    static func at(_ text: String) -> Moment {
        guard case .instant(let s)? = DateTimeText.parse(text) else { return .instant(0) }
        return .instant(s)
    }

    func part(_ kind: String, _ export: Export) -> SourcePart { SourcePart(kind: kind, files: [kind + ".csv"], export: export) }

    @Test func theSameWeighingFromTwoSourcesIsKeptOnce() {
        let a = part("A", Export(weights: [WeightEntry(date: Self.at("2024-01-02T08:00:30Z"), kg: 70.00)]))
        let b = part("B", Export(weights: [
            WeightEntry(date: Self.at("2024-01-02T08:00:10Z"), kg: 70.04),  // same minute, 0.04 kg: the same
            WeightEntry(date: Self.at("2024-01-02T08:00:50Z"), kg: 70.10),  // same minute, 0.10 kg: another
            WeightEntry(date: Self.at("2024-01-02T08:01:00Z"), kg: 70.00),  // next minute: another
        ]))
        let (export, summary) = SourceMerger.merge([a, b], sources: [0, 1])
        #expect(export.weights.map(\.kg) == [70.00, 70.10, 70.00])
        #expect(summary.dropped == [.init(SourceMerger.sameWeighing, 1)])
        // Inside one source, two readings in a minute are the source's own: both kept.
        let c = part("C", Export(weights: [WeightEntry(date: Self.at("2024-01-02T08:00:10Z"), kg: 70.0),
                                           WeightEntry(date: Self.at("2024-01-02T08:00:20Z"), kg: 70.0)]))
        #expect(SourceMerger.merge([c, part("D", Export())], sources: [0, 1]).export.weights.count == 2)
    }

    @Test func theSameFileTwiceAddsNothing() {
        let day = Moment.day(LocalDate(year: 2024, month: 3, day: 1)!)
        let export = Export(points: [PointRecord(point: 1, type: "tag", name: "Run", date: day),
                                     PointRecord(point: 1, type: "tag", name: "Run", date: day)],
                            tags: [Tag(name: "Run")], weights: [WeightEntry(date: day, kg: 60)],
                            notes: [Note(fileName: "a.md", title: "A", body: "text")],
                            skips: [HabitDay(habit: "Run", day: LocalDate(year: 2024, month: 3, day: 2)!)],
                            bodyFat: [BodyFatEntry(date: day, percent: 20)], moods: [MoodEntry(date: day, mood: "good")])
        let (merged, summary) = SourceMerger.merge([part("A", export), part("A again", export)], sources: [0, 1])
        #expect(merged == export)
        #expect(summary.dropped.map(\.count) == [2, 1, 4])
    }

    @Test func habitsWithOneNameMergeAndTheFirstSourceWins() {
        let loop = Tag(name: "Run", color: Color(hex: "#112233"), habit: HabitDetails(frequency: Frequency(numerator: 3, denominator: 7), source: "Loop Habit Tracker"))
        let bull = Tag(name: "Run", describe: "Morning run", color: Color(hex: "#445566"), habit: HabitDetails(category: "Sport"))
        let (export, summary) = SourceMerger.merge([part("Loop", Export(tags: [loop])), part("HabitBull", Export(tags: [bull, Tag(name: "Read")]))], sources: [0, 1])
        #expect(export.tags.map(\.name) == ["Run", "Read"])
        #expect(export.tags[0].color == Color(hex: "#112233"))
        #expect(export.tags[0].describe == "Morning run")
        #expect(export.tags[0].habit?.frequency == Frequency(numerator: 3, denominator: 7))
        #expect(export.tags[0].habit?.category == "Sport")
        #expect(summary.remarks == ["habit “Run” is in Loop and HabitBull: merged into one"])
    }

    @Test func profileFieldsComeFromTheFirstSourceThatHasThem() {
        let a = part("A", Export(profile: Profile(timeZone: "Asia/Shanghai")))
        let b = part("B", Export(profile: Profile(timeZone: "Europe/Berlin", heightCm: 170, goalWeightKg: 60)))
        let profile = SourceMerger.merge([a, b], sources: [0, 1]).export.profile
        #expect(profile == Profile(timeZone: "Asia/Shanghai", heightCm: 170, goalWeightKg: 60))
    }

    @Test func notesWithOneNameAreBothKept() {
        let a = part("A", Export(notes: [Note(fileName: "day.md", body: "one")]))
        let b = part("B", Export(notes: [Note(fileName: "day.md", body: "two"), Note(fileName: "day (2).md", body: "three")]))
        let notes = SourceMerger.merge([a, b], sources: [0, 1]).export.notes
        #expect(notes.map(\.fileName) == ["day.md", "day (2).md", "day (2) (2).md"])
        #expect(notes.map(\.body) == ["one", "two", "three"])
    }

    /// The same note in two sources, private in only one of them, stays private
    /// whichever source comes first; an unrelated note is untouched.
    @Test(arguments: [false, true]) func aNotePrivateInAnySourceStaysPrivate(privateFirst: Bool) {
        var hidden = Note(fileName: "diary.md", title: "Diary", body: "secret")
        hidden.isPrivate = true
        let open = Note(fileName: "diary.md", title: "Diary", body: "secret")
        let other = Note(fileName: "run.md", title: "Run", body: "5 km")
        let a = part("A", Export(notes: [privateFirst ? hidden : open, other]))
        let b = part("B", Export(notes: [privateFirst ? open : hidden]))
        let (merged, summary) = SourceMerger.merge([a, b], sources: [0, 1])
        #expect(merged.notes.map(\.fileName) == ["diary.md", "run.md"])
        #expect(merged.notes.map(\.isPrivate) == [true, false])
        #expect(summary != SourceMerger.Summary())  // the duplicate was counted as dropped
    }

    @Test func oneSourceIsLeftAsItIs() {
        let day = Moment.day(LocalDate(year: 2024, month: 3, day: 1)!)
        let export = Export(tags: [Tag(name: "Run"), Tag(name: "Run")], weights: [WeightEntry(date: day, kg: 60), WeightEntry(date: day, kg: 60)])
        let (merged, summary) = SourceMerger.merge([part("A", export)], sources: [0])
        #expect(merged == export && summary == SourceMerger.Summary())
    }
}
