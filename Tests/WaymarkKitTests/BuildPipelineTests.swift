import Foundation
import Testing
@testable import WaymarkKit

/// The build pipeline's steps, its failures and the exit codes they map to.
struct BuildPipelineTests {
    let pipeline = BuildPipeline(fileSystem: .local, clock: { 1_795_953_600 })

    /// Every step's output is a value: the demo goes through all four and every file has bytes.
    @Test func theDemoGoesThroughEveryStep() throws {
        let dir = TemporaryDirectory()
        let outcome = try pipeline.run(BuildRequest(source: .demo, output: dir.file("site")))
        #expect(outcome.timings.map(\.part) == ["read", "compute", "render and write"])
        // 29 pages, 6 habit pages, the habits index, years/2026 and years/index; 44 files with
        // robots.txt.
        #expect(outcome.pages == 38 && outcome.files == 44)
        #expect(outcome.report.written == 44)
        let sizes = Golden.files(in: dir.file("site")).filter { $0.key != ".waymark" }.mapValues(\.count)
        #expect(sizes.count == 44 && sizes.values.allSatisfy { $0 > 0 })
    }

    /// The steps one by one give the same files as the whole run.
    @Test func stepsComposeToTheRun() throws {
        let request = BuildRequest(source: .demo, output: "unused", language: .zhHans)
        let (read, noteFiles) = pipeline.readSources(request)
        #expect(read.errors.isEmpty && read.result.export.points.count == 407)
        #expect(pipeline.read(request).result.export == read.result.export)
        let options = try pipeline.checkedSiteOptions(request, read.result.export)
        #expect(options.language == .zhHans && options.zone.identifier == "Asia/Shanghai")
        let content = pipeline.compute(read.result.export, noteFiles: noteFiles, options: options)
        #expect(content.notes.count == 5 && content.points.months.count == 4)
        let site = try pipeline.prepare(content, theme: request.theme, customTheme: false)
        let files = try BuildPipeline.built(site).files
        let dir = TemporaryDirectory()
        _ = try pipeline.run(BuildRequest(source: .demo, output: dir.file("site"), language: .zhHans))
        #expect(files.count == 44)  // with robots.txt
        for file in files { #expect(FileManager.default.contents(atPath: dir.file("site/" + file.path)).map { Array($0) } == file.bytes, "\(file.path)") }
    }

    /// The command line's build leaves its site to the process's end: the files are the same,
    /// the site is still held after `run`, and what is kept next frees what was kept before.
    /// `KeptUntilExit` is the process's: this is the only test that keeps anything in it (no
    /// other runs a pipeline with `leavesSiteToExit`), so nothing replaces the marker meanwhile.
    @Test func aBuildThatLeavesItsSiteToTheExitWritesTheSameFiles() throws {
        var leaving = pipeline
        leaving.leavesSiteToExit = true
        let plain = TemporaryDirectory(), left = TemporaryDirectory()
        _ = try pipeline.run(BuildRequest(source: .demo, output: plain.file("site")))
        _ = try leaving.run(BuildRequest(source: .demo, output: left.file("site")))
        #expect(KeptUntilExit.value is PreparedSite)
        let files = Golden.files(in: plain.file("site")).filter { $0.key != ".waymark" }
        #expect(files.count == 44 && Golden.files(in: left.file("site")).filter { $0.key != ".waymark" } == files)
        final class Marker: Sendable {}
        weak var first: Marker?
        do {
            let marker = Marker()
            first = marker
            KeptUntilExit.keep(marker)
        }
        #expect(first != nil)
        KeptUntilExit.keep(0)
        #expect(first == nil && KeptUntilExit.value as? Int == 0)
    }

    /// How many cores a build uses changes nothing in it: the demo built on one core is the
    /// demo built on every core, file by file.
    @Test func oneCoreBuildsTheSameSite() throws {
        let request = BuildRequest(source: .demo, output: "unused")
        let serial = try BuildPipeline(clock: { 1_795_953_600 }, parallelism: .serial).build(request).files
        let parallel = try BuildPipeline(clock: { 1_795_953_600 }, parallelism: Parallelism(cores: 4)).build(request).files
        #expect(serial.count == 44)
        #expect(serial.map(\.path) == parallel.map(\.path))
        #expect(serial.map(\.bytes) == parallel.map(\.bytes))
    }

    /// A theme file with the path of a page is named, not "internal error" (defect 12).
    @Test func aThemeFileInAPagesPlaceIsNamed() throws {
        var theme = Theme.embedded
        theme.assets["index.html"] = Array("mine".utf8)
        do {
            _ = try pipeline.run(BuildRequest(source: .demo, output: TemporaryDirectory().file("site"), theme: theme, customTheme: true))
            Issue.record("built over the theme's index.html")
        } catch {
            #expect(error.step == .render && error.kind == .badData)
            #expect(error.message == "the theme's file index.html has the path of a page Waymark builds; rename it in the theme folder")
        }
    }

    /// A broken built-in template is a bug (70); a broken template of the user's theme is bad data (65).
    @Test func templateErrorsAreBugsOnlyInTheBuiltInTheme() throws {
        var theme = Theme.embedded
        theme.templates["todos"] = "{{#open}}"
        for custom in [false, true] {
            do {
                _ = try pipeline.run(BuildRequest(source: .demo, output: TemporaryDirectory().file("site"), theme: theme, customTheme: custom))
                Issue.record("rendered a broken template")
            } catch {
                #expect(ExitCode(for: error.kind) == (custom ? .dataError : .software))
                #expect(error.message.hasPrefix("template todos.mustache:1:1: unclosed section"))
            }
        }
    }

    /// One mapping from kinds to sysexits codes.
    @Test func exitCodesComeFromKinds() {
        let codes: [(ErrorKind, Int32)] = [(.usage, 64), (.badData, 65), (.missingInput, 66), (.internalError, 70),
                                          (.refused, 73), (.cannotCreate, 73), (.io, 74), (.busy, 75)]
        for (kind, code) in codes { #expect(ExitCode(for: kind).rawValue == code, "\(kind)") }
        let help = CLIRun(["--help"]).stdout
        #expect(help.contains("70 internal error") && help.contains("75 output busy") && help.contains("78 config file wrong"))
    }

    /// Every command runs its own code: the registry is the only list, and `help NAME` and
    /// dispatch both use it.
    @Test func commandsAreRegisteredOnce() {
        #expect(WaymarkCLI.registry.map(\.name) == ["build", "serve", "check", "init", "init-theme", "sample"])
        for spec in WaymarkCLI.registry { #expect(CLIRun(["help", spec.name]).stdout == spec.help) }
        let unknown = CLIRun(["bild"])
        #expect(unknown.code == 64 && unknown.stderr.hasPrefix("error: unknown command 'bild'. Did you mean 'build'?"))
        // `sample --help` is the sample command's help, not another command's.
        #expect(CLIRun(["sample", "--help"]).stdout.hasPrefix("OVERVIEW: Write a realistic synthetic export"))
    }

    /// `.markdown` and `.md` notes get the same kind of slug (defect 11).
    @Test func bothMarkdownExtensionsAreStripped() {
        let notes = ["walk.markdown", "run.md", "Up.MD", "Swim.Markdown", ".md"].map { Note(fileName: $0, body: "") }
        #expect(NoteRendering.plan(notes).slugs == ["walk", "run", "up", "swim", "md"])
        #expect(NoteRendering.stem("walk.markdown") == "walk" && NoteRendering.stem("notes.txt") == "notes.txt")
    }
}
