import Foundation
import Testing
@testable import WaymarkKit

struct InitCommandTests {
    static let demo = TestPaths.repo.path + "/Examples/demo"
    static let now = "2026-11-28T20:00:00+08:00"

    /// A Loop Habit Tracker CSV export: Habits.csv and a folder per habit.
    private func writeLoop(_ dir: TemporaryDirectory, at folder: String) {
        dir.write(folder + "/Habits.csv", "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color\n001,Run,YES_NO,,,1,1,#00897B\n")
        dir.write(folder + "/001 Run/Checkmarks.csv", "Date,Value,Notes\n2026-11-03,YES_MANUAL,\n2026-11-02,NO,\n")
    }

    private func copyDemo(to path: String) throws {
        try FileManager.default.copyItem(atPath: Self.demo, toPath: path)
    }

    /// The config reads back with no problem, and against the schema's keys.
    private func readBack(_ folder: String) throws -> SiteConfig {
        let bytes = try #require(FileManager.default.contents(atPath: folder + "/waymark.json"))
        let outcome = SiteConfigReader(file: "waymark.json").read(Array(bytes))
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(FileManager.default.contents(atPath: folder + "/waymark.schema.json").map(Array.init) == ConfigSchema.bytes)
        return outcome.config
    }

    @Test func aDemoExportFolderIsItsOwnSource() throws {
        let dir = TemporaryDirectory()
        try copyDemo(to: dir.file("d"))
        let run = CLIRun(["init", dir.file("d")])
        #expect(run.code == 0)
        #expect(run.stderr == """
            Found 1 source:
              .  Waymark export
            Wrote \(dir.file("d"))/waymark.json and \(dir.file("d"))/waymark.schema.json.
            Next: cd \(dir.file("d")) && waymark build (or cd \(dir.file("d")) && waymark serve to preview while you edit).

            """)
        let config = try readBack(dir.file("d"))
        #expect(config.sources == ["."] && config.output == "site")
        #expect(config.privacy.privacy == Privacy())  // the defaults, spelled out
        // The config builds what the command line builds, and the export ignores the two files.
        let fromFile = CLIRun(["build", "--config", dir.file("d/waymark.json"), "--now", Self.now])
        #expect(fromFile.code == 0 && !fromFile.stderr.contains("ignored"))
        #expect(CLIRun(["build", Self.demo, "-o", dir.file("cli"), "--now", Self.now, "-q"]).code == 0)
        #expect(Golden.files(in: dir.file("d/site")) == Golden.files(in: dir.file("cli")))
    }

    @Test func twoDifferentSourcesAreMerged() throws {
        let dir = TemporaryDirectory()
        try copyDemo(to: dir.file("export"))
        writeLoop(dir, at: "loop")
        // A site Waymark built is no source, though it holds CSV and JSON files.
        dir.write("site-old/.waymark", "")
        dir.write("site-old/weight.csv", "date,weight\n2026-01-01,70\n")
        dir.write("notes.txt", "not an export")
        let run = CLIRun(["init", dir.path])
        #expect(run.code == 0)
        #expect(run.stderr.hasPrefix("Found 2 sources:\n  export  Waymark export\n  loop    Loop Habit Tracker (CSV export)\n"))
        #expect(try readBack(dir.path).sources == ["export", "loop"])
        #expect(CLIRun(["build", "--config", dir.file("waymark.json"), "--now", Self.now, "-q"]).code == 0)
        #expect(CLIRun(["build", dir.file("export"), dir.file("loop"), "-o", dir.file("cli"), "--now", Self.now, "-q"]).code == 0)
        let fromFile = Golden.files(in: dir.file("site"))
        #expect(fromFile == Golden.files(in: dir.file("cli")))
        // The Loop habit made it in: a habit page for "Run".
        #expect(fromFile.keys.contains { $0.hasPrefix("habits/") && $0.contains("run") })
    }

    @Test func noSourcesStillWritesAConfigThatReadsBack() throws {
        let dir = TemporaryDirectory()
        dir.write("readme.txt", "hello")
        let run = CLIRun(["init", dir.path])
        #expect(run.code == 0)
        #expect(run.stderr.hasPrefix("Found no exports in \(dir.path)."))
        let config = try readBack(dir.path)
        #expect(config.sources == nil && config.output == "site")
        #expect(dir.read("waymark.json")?.contains(#"// "sources": ["path/to/export"],"#) == true)
    }

    @Test func anExistingConfigIsNeverLost() throws {
        let dir = TemporaryDirectory()
        dir.write("waymark.json", "{\"title\": \"mine\"}")
        let refused = CLIRun(["init", dir.path])
        #expect(refused.code == 73)
        #expect(refused.stderr == "error: \(dir.file("waymark.json")) already exists; edit it, or add --force to write a new one (the old one is kept as .bak)\n")
        #expect(dir.read("waymark.json") == "{\"title\": \"mine\"}")
        #expect(dir.read("waymark.schema.json") == nil)

        let forced = CLIRun(["init", dir.path, "--force"])
        #expect(forced.code == 0 && forced.stderr.contains("Kept the old waymark.json as waymark.json.bak.\n"))
        #expect(dir.read("waymark.json.bak") == "{\"title\": \"mine\"}")
        _ = try readBack(dir.path)
        // Again: the first backup stays, the next one gets the next name; the schema, being ours, is left alone.
        let again = CLIRun(["init", dir.path, "--force"])
        #expect(again.stderr.contains("Kept the old waymark.json as waymark.json.1.bak.\n") && !again.stderr.contains("schema.json as"))
        #expect(dir.read("waymark.json.bak") == "{\"title\": \"mine\"}")

        // A schema file that is not Waymark's needs --force too.
        let other = TemporaryDirectory()
        other.write("waymark.schema.json", "{}")
        #expect(CLIRun(["init", other.path]).code == 73)
        #expect(CLIRun(["init", other.path, "--force"]).stderr.contains("Kept the old waymark.schema.json as waymark.schema.json.bak."))
        #expect(other.read("waymark.schema.json.bak") == "{}")
    }

    @Test func aMissingFolderIsAnError() {
        let run = CLIRun(["init", "/nonexistent/folder"])
        #expect(run.code == 66 && run.stderr == "error: /nonexistent/folder: does not exist\n")
    }

    @Test func sourceNamesAreEscapedInTheConfig() throws {
        let dir = TemporaryDirectory()
        try copyDemo(to: dir.file("my \"export\" \\ 1"))
        #expect(CLIRun(["init", dir.path, "-q"]).code == 0)
        #expect(try readBack(dir.path).sources == ["my \"export\" \\ 1"])
    }
}
