import Foundation
import Testing
@testable import WaymarkKit

struct BuildSettingsTests {
    private let env = CommandEnvironment(standardOutput: { _ in }, standardError: { _ in }, fileSystem: .local,
                                         clock: { 0 }, processID: 1)

    private func resolve(_ args: [String], in dir: String = "/nonexistent-dir") throws -> BuildSettings {
        try BuildSettings.resolve(try BuildCommand.spec.parse(args).build, env, directory: dir)
    }

    private func failure(_ args: [String], in dir: String = "/nonexistent-dir") throws -> BuildSettings.Failure {
        do {
            _ = try BuildSettings.resolve(try BuildCommand.spec.parse(args).build, env, directory: dir)
        } catch let error as BuildSettings.Failure {
            return error
        }
        Issue.record("no failure for \(args)")
        throw CancellationError()
    }

    private static let full = """
        {
          "sources": ["export", "/abs/loop.db"], "output": "public", "title": "From file",
          "language": "zh-Hans", "timeZone": "Asia/Shanghai", "weightUnit": "lb",
          "goalWeightKg": 70, "heightCm": 180, "baseURL": "https://example.org/me/",
          "sections": ["overview", "weight"],
          "privacy": {"public": true, "hide": ["notes"], "weight": "changes"}
        }
        """

    @Test func theFileAloneGivesEveryKeyWithPathsBesideIt() throws {
        let dir = TemporaryDirectory()
        dir.write("proj/waymark.json", Self.full)
        let settings = try resolve(["--config", dir.file("proj/waymark.json")])
        let r = settings.request
        #expect(settings.configPath == dir.file("proj/waymark.json"))
        #expect(settings.notes == ["Using \(dir.file("proj/waymark.json"))"])
        #expect(r.source == .paths([dir.file("proj/export"), "/abs/loop.db"]))
        #expect(r.output == dir.file("proj/public"))
        #expect(r.title == "From file" && r.language == .zhHans && r.zone?.identifier == "Asia/Shanghai" && r.weightUnit == .lb)
        #expect(r.goalWeightKg == 70 && r.heightCm == 180 && r.baseURL?.text == "https://example.org/me/")
        #expect(r.sections == [.overview, .weight])
        #expect(r.privacy == Privacy(isPublic: true, hidden: [.notes], weight: .changes))
    }

    @Test func theCommandLineOverridesKeyByKey() throws {
        let dir = TemporaryDirectory()
        dir.write("proj/waymark.json", Self.full)
        let r = try resolve(["--config", dir.file("proj/waymark.json"), "a", "b", "-o", "out", "--lang", "en", "--title", "CLI",
                             "--time-zone", "Europe/Berlin", "--weight-unit", "kg", "--base-url", "https://other.example/"]).request
        // Positionals replace the whole list, relative to the current folder, not the file's.
        #expect(r.source == .paths(["a", "b"]))
        #expect(r.output == "out")
        #expect(r.language == .en && r.title == "CLI" && r.zone?.identifier == "Europe/Berlin" && r.weightUnit == .kg)
        #expect(r.baseURL?.text == "https://other.example/")
        // Keys with no option stay as the file says.
        #expect(r.goalWeightKg == 70 && r.sections == [.overview, .weight] && r.privacy.hidden == [.notes])
    }

    /// A source given as an object keeps its own units, by its path beside the file; the
    /// command line's `--distance-unit` is for every other source.
    @Test func aSourcesOwnUnitsAndTheDistanceUnitReachTheRequest() throws {
        let dir = TemporaryDirectory()
        dir.write("proj/waymark.json", #"{"sources": ["export", {"path": "Activities.csv", "distanceUnit": "mi", "weightUnit": "lb"}]}"#)
        let r = try resolve(["--config", dir.file("proj/waymark.json"), "--distance-unit", "km"]).request
        #expect(r.source == .paths([dir.file("proj/export"), dir.file("proj/Activities.csv")]))
        #expect(r.distanceUnit == .km && r.weightUnit == nil)
        #expect(r.sourceSettings == [dir.file("proj/Activities.csv"): SourceSettings(weightUnit: .lb, distanceUnit: .mi)])
        // SOURCE arguments replace the list, the file's units with it, however they name a file.
        let given = try resolve(["--config", dir.file("proj/waymark.json"), dir.file("proj/Activities.csv")]).request
        #expect(given.source == .paths([dir.file("proj/Activities.csv")]) && given.sourceSettings.isEmpty)
        let wrong = try failure(["--distance-unit", "yards"])
        #expect(wrong.isUsage && wrong.message == "unknown distance unit 'yards'; use km or mi")
    }

    @Test func withoutAFileTheDefaultsAreAsBefore() throws {
        let settings = try resolve(["--now", "2026-11-29T12:00:00Z"])
        #expect(settings.configPath == nil && settings.notes.isEmpty)
        let r = settings.request
        #expect(r.source == .demo && r.output == "site" && r.language == nil && r.zone == nil && r.baseURL == nil)
        #expect(r.sections == nil && r.privacy == Privacy() && r.now != nil)
    }

    @Test func waymarkJSONInTheFolderIsFoundAndItsOutputDefaultsBesideIt() throws {
        let dir = TemporaryDirectory()
        dir.write("waymark.json", #"{"sources": ["export"]}"#)
        let settings = try resolve([], in: dir.path)
        #expect(settings.configPath == dir.file("waymark.json"))
        #expect(settings.request.source == .paths([dir.file("export")]))
        #expect(settings.request.output == dir.file("site"))
        // In the current folder itself, paths stay as written.
        #expect(SiteConfig.path("site", against: ".") == "site")
    }

    @Test func problemsAndMissingFilesFail() throws {
        let dir = TemporaryDirectory()
        let missing = try failure(["--config", dir.file("nope.json")])
        #expect(missing.exitCode == .noInput && missing.message == "\(dir.file("nope.json")): no such config file")
        // A missing ./waymark.json is no error (the folder holds none).
        #expect(try resolve([], in: dir.path).configPath == nil)

        dir.write("waymark.json", #"{"titel": "x", "language": 3}"#)
        let bad = try failure([], in: dir.path)
        #expect(bad.exitCode == .config)
        #expect(bad.diagnostics.map(\.description) == [
            #"\#(dir.file("waymark.json")):1:2: $.titel: unknown key "titel"; did you mean "title"?"#,
            #"\#(dir.file("waymark.json")):1:28: $.language: expected a string, got a number (3)"#,
        ])
        #expect(bad.message == "2 problems in \(dir.file("waymark.json"))")

        let url = try failure(["--base-url", "example.org"])
        #expect(url.exitCode == .usage && url.message == "--base-url: must start with https:// or http:// (got 'example.org')")
        // A bad option is reported before the file is read.
        #expect(try failure(["--lang", "xx"], in: dir.path).exitCode == .usage)
    }

    @Test func theCommandExitsWithEXCONFIGAndListsEveryProblem() {
        let dir = TemporaryDirectory()
        dir.write("c.json", "{\n  \"output\": 1,\n  \"privacy\": {\"weight\": \"none\"}\n}")
        let run = CLIRun(["build", "--config", dir.file("c.json")])
        #expect(run.code == 78)
        #expect(run.stderr == """
            error: \(dir.file("c.json")):2:13: $.output: expected a string, got a number (1)
            error: \(dir.file("c.json")):3:25: $.privacy.weight: unknown weight setting "none"; use "full", "changes"
            2 problems in \(dir.file("c.json")); nothing was built.

            """)
        let missing = CLIRun(["build", "--config", dir.file("none.json")])
        #expect(missing.code == 66 && missing.stderr == "error: \(dir.file("none.json")): no such config file\n")
    }

    @Test func aBuildFromTheFileEqualsOneFromTheCommandLine() throws {
        let dir = TemporaryDirectory()
        dir.write("w.json", """
            // the demo export under another title, in Chinese
            {"sources": ["\(TestPaths.repo.path)/Examples/demo"], "output": "from-file", "title": "T", "language": "zh-Hans"}
            """)
        let now = "2026-11-28T20:00:00+08:00"
        let a = CLIRun(["build", "--config", dir.file("w.json"), "--now", now, "-q"])
        let b = CLIRun(["build", TestPaths.repo.path + "/Examples/demo", "-o", dir.file("from-cli"), "--title", "T", "--lang", "zh-Hans", "--now", now, "-q"])
        #expect(a.code == 0 && b.code == 0)
        let fromFile = Golden.files(in: dir.file("from-file")), fromCLI = Golden.files(in: dir.file("from-cli"))
        #expect(fromFile.count > 30)
        #expect(fromFile == fromCLI)
        #expect(String(decoding: fromFile["index.html"] ?? Data(), as: UTF8.self).contains("lang=\"zh-Hans\""))
    }
}
