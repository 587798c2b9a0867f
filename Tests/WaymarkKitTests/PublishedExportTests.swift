import Foundation
import Testing
@testable import WaymarkKit

/// `PublishedExport`: what of an export a site may show, rule by rule, on `PrivacyFixture`'s
/// export (60 "Morning run" checks at 5 points, 30 "Glockenspielx" checks at 3, a target's
/// 4,321, a shop's −37, a game's 7,777; 60 weighings; 2 notes, one private).
struct PublishedExportTests {
    typealias F = PrivacyFixture
    let all = Set(SiteSection.allCases)

    @Test func everythingBuiltDropsOnlyPrivateNotes() {
        let export = F.export()
        let shown = PublishedExport(sections: all, weight: .full).apply(export)
        #expect(shown.notes.map(\.fileName) == ["public.md"])
        var expected = export
        expected.notes = [export.notes[0]]
        #expect(shown == expected)
        #expect(PublishedExport.privateNotes(export.notes) == 1)
    }

    @Test func hiddenHabitsKeepTheirPointsWithoutNames() {
        let shown = PublishedExport(sections: all.subtracting([.habits]), weight: .full).apply(F.export())
        #expect(shown.tags.isEmpty && shown.skips.isEmpty)
        // 60 + 30 habit checks, the target, the shop and the game: 93 records, the points unchanged.
        #expect(shown.points.count == 93)
        // 60 × 5 + 30 × 3 + 4,321 − 37 + 7,777 = 12,451
        let total = shown.points.reduce(0) { $0 + $1.point }
        #expect(total == 12_451)
        #expect(shown.points.filter { $0.type == "tag" }.allSatisfy { $0.name == nil && $0.describe == nil && $0.value == nil })
        #expect(shown.points.contains { $0.name == F.targetName })
        #expect(shown.notes.map(\.tag) == [nil] && shown.notes.map(\.target) == [F.targetName])
    }

    @Test func hiddenTargetsKeepTheirPointsWithoutNames() {
        let shown = PublishedExport(sections: all.subtracting([.targets]), weight: .full).apply(F.export())
        #expect(shown.targets.isEmpty)
        let target = shown.points.filter { $0.type == "target" }
        #expect(target.count == 1 && target[0].point == 4321 && target[0].name == nil && target[0].describe == nil)
        #expect(shown.notes.map(\.target) == [nil] && shown.notes.map(\.tag) == [F.habitName])
    }

    /// Without points only the habit checks stay, worth nothing, and no habit or target has a worth.
    @Test func hiddenPointsKeepOnlyHabitChecks() {
        let shown = PublishedExport(sections: all.subtracting([.points]), weight: .full).apply(F.export())
        #expect(shown.points.count == 90)
        #expect(shown.points.allSatisfy { $0.type == "tag" && $0.point == 0 })
        #expect(shown.points.filter { $0.name == F.habitName }.count == 30)
        #expect(shown.tags.allSatisfy { $0.point == nil } && shown.targets.allSatisfy { $0.point == nil })
        let neither = PublishedExport(sections: all.subtracting([.points, .habits]), weight: .full).apply(F.export())
        #expect(neither.points.isEmpty)
    }

    @Test func weightRules() {
        let export = F.export()
        let hidden = PublishedExport(sections: all.subtracting([.weight]), weight: .full).apply(export)
        #expect(hidden.weights.isEmpty && hidden.bodyFat.isEmpty)
        #expect(hidden.profile.goalWeightKg == nil && hidden.profile.heightCm == nil)
        let changes = PublishedExport(sections: all, weight: .changes).apply(export)
        #expect(changes.weights == export.weights)
        #expect(changes.bodyFat.isEmpty && changes.profile.goalWeightKg == nil && changes.profile.heightCm == nil)
        #expect(changes.profile.weightUnit == .kg)
    }

    @Test func notesTodosAndMoods() {
        let export = F.export()
        let noNotes = PublishedExport(sections: all.subtracting([.notes]), weight: .full).apply(export)
        #expect(noNotes.notes.isEmpty && noNotes.moods.isEmpty && noNotes.todos.count == 1)
        let noTodos = PublishedExport(sections: all.subtracting([.todos]), weight: .full).apply(export)
        #expect(noTodos.todos.isEmpty && noTodos.moods.count == 1)
        // Years and the overview are views of the rest: they drop no data.
        var expected = export
        expected.notes = [export.notes[0]]
        #expect(PublishedExport(sections: all.subtracting([.years, .overview]), weight: .full).apply(export) == expected)
    }

    /// The request's sections less the hidden ones, as `SiteOptions` has them.
    @Test func aRequestsSections() {
        var request = BuildRequest()
        request.sections = [.notes, .weight, .targets]
        request.privacy = Privacy(hidden: [.weight], weight: .changes)
        let published = PublishedExport(request)
        #expect(published.sections == [.notes, .targets] && published.weight == .changes)
        #expect(PublishedExport(BuildRequest()).sections == all)
    }

    /// The front matter's `private`: true and yes hide; false and no do not; anything else hides,
    /// with a warning, so a typo never publishes a note.
    @Test(arguments: [("true", true, false), ("yes", true, false), ("True", true, false), ("false", false, false), ("no", false, false),
                      ("treu", true, true)])
    func privateFrontMatter(value: String, isPrivate: Bool, warns: Bool) throws {
        var diagnostics: [Diagnostic] = []
        let note = try #require(NotesReader.parse("---\ntitle: A\nprivate: \(value)\n---\nBody\n", fileName: "a.md", file: "notes/a.md",
                                                  zone: .utc, diagnostics: &diagnostics))
        #expect(note.isPrivate == isPrivate)
        #expect(diagnostics.map(\.message) == (warns ? ["private: expected true or false (got \"\(value)\"); the note is kept private"] : []))
    }

    /// A site whose chosen sections hold nothing says it is the settings' choice: the sources
    /// do hold notes. Without a choice, an empty site says the sources hold nothing.
    @Test func aSiteLeftEmptyBySettingsSaysSo() throws {
        let dir = TemporaryDirectory()
        dir.write("e/notes/open.md", "---\ntitle: Open\n---\nShown.\n")
        dir.write("empty/notes/.keep", "")
        let pipeline = BuildPipeline(fileSystem: .local, clock: { F.now })
        func index(_ source: String, sections: Set<SiteSection>? = nil, hide: Set<SiteSection> = []) throws -> String {
            var request = BuildRequest(source: .paths([dir.file(source)]), output: dir.file("site-\(source)-\(sections?.count ?? -1)-\(hide.count)"))
            (request.sections, request.privacy.hidden, request.language) = (sections, hide, .en)
            let built = try pipeline.build(request)
            return String(decoding: try #require(built.files.first { $0.path == "index.html" }).bytes, as: UTF8.self)
        }
        let chosen = "Nothing to show: the sections this site builds (the config&#39;s sections, less privacy.hide) hold nothing in these sources."
        let nothing = "These sources hold nothing Waymark shows yet"
        let activityOnly = try index("e", sections: [.activity])
        #expect(activityOnly.contains(chosen) && !activityOnly.contains(nothing))
        let notesHidden = try index("e", hide: [.notes])
        #expect(notesHidden.contains(chosen) && !notesHidden.contains(nothing))
        #expect(!(try index("e")).contains("<p class=\"empty\">"))
        let empty = try index("empty")
        #expect(empty.contains(nothing) && !empty.contains(chosen))
    }

    /// Through the build: a private note of an export folder is never rendered, the build says
    /// how many were left out, and the other notes are built.
    @Test func theBuildNeverRendersAPrivateNote() throws {
        let dir = TemporaryDirectory()
        dir.write("e/notes/open.md", "---\ntitle: Open\n---\nShown.\n")
        dir.write("e/notes/secret.md", "---\ntitle: Hush\nprivate: true\n---\nZanzibarquux.\n\n![x](media/p.png)\n")
        dir.write("e/notes/media/p.png", ImageValidatorTests.png)
        let pipeline = BuildPipeline(fileSystem: .local, clock: { F.now })
        let request = BuildRequest(source: .paths([dir.file("e")]), output: dir.file("site"))
        let (read, noteFiles) = pipeline.readSources(request)
        #expect(read.privateNotes == 1)
        #expect(read.result.export.notes.map(\.fileName) == ["open.md"])
        #expect(pipeline.renderNotes(read.result.export.notes, loadExportFile: noteFiles).count == 1)
        let outcome = try pipeline.run(request)
        #expect(outcome.privateNotes == 1)
        #expect(BuildCommand.summary(outcome, seconds: 0).contains("Left out 1 private note (private: true).\n"))
        let check = CLIRun(["check", dir.file("e")])
        #expect(check.code == 0 && check.stderr.contains("1 private note (private: true): never published\n"))
        #expect(!check.stderr.contains("Hush") && !check.stderr.contains("Zanzibarquux"))
        let built = Golden.files(in: dir.file("site"))
        #expect(built.keys.contains("notes/open.html") && !built.keys.contains { $0.contains("p.png") || $0.contains("secret") })
        #expect(!built.values.contains { String(decoding: $0, as: UTF8.self).contains("Zanzibarquux") })
    }

    /// `check` reads through the build's own read step (`BuildPipeline.read`), so both see the
    /// same records: a private note is left out of both, for one export folder and for two
    /// merged, and `check` counts it as the build does.
    @Test(arguments: [1, 2])
    func checkAndBuildSeeTheSameRecords(folders: Int) throws {
        let dir = TemporaryDirectory()
        let names = (1...folders).map { "e\($0)" }
        for name in names {
            dir.write("\(name)/points.json", #"[{"id":"\#(name)","point":"5","pointType":"tag","pointName":"Run \#(name)","pointDate":"2026-03-02T07:00:00"}]"#)
            // Dated before the fixture's clock (Mar 31): a note after it would not be published.
            dir.write("\(name)/notes/open-\(name).md", "---\ntitle: Open \(name)\ndate: 2026-03-02\n---\nShown.\n")
            dir.write("\(name)/notes/secret-\(name).md", "---\ntitle: Hush \(name)\ndate: 2026-03-03\nprivate: true\n---\nZanzibarquux \(name).\n")
        }
        let pipeline = BuildPipeline(fileSystem: .local, clock: { F.now })
        let request = BuildRequest(source: .paths(names.map(dir.file)), output: dir.file("site"))
        let read = pipeline.read(request)
        #expect(read.errors.isEmpty)
        #expect(read.privateNotes == folders)
        #expect(read.result.export.notes.map(\.fileName).sorted() == names.map { "open-\($0).md" })
        #expect(read.result.export.points.count == folders)

        let outcome = try pipeline.run(request)
        #expect(outcome.privateNotes == read.privateNotes)
        let built = Golden.files(in: dir.file("site"))
        let notePages = built.keys.filter { $0.hasPrefix("notes/") && $0 != "notes/index.html" }.sorted()
        #expect(notePages == names.map { "notes/open-\($0).html" })
        #expect(!built.values.contains { String(decoding: $0, as: UTF8.self).contains("Zanzibarquux") })

        let check = CLIRun(["check"] + names.map(dir.file))
        #expect(check.code == 0)
        #expect(check.stderr.contains("\(folders) private note\(folders == 1 ? "" : "s") (private: true): never published\n"))
        #expect(!check.stderr.contains("Hush") && !check.stderr.contains("Zanzibarquux"))
    }
}
