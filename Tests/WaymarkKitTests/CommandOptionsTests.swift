import Testing
@testable import WaymarkKit

/// Each command's options are the fields of its own struct, filled by the parser.
struct CommandOptionsTests {
    @Test func buildFillsItsFields() throws {
        let o = try BuildCommand.spec.parse(["a", "--quiet", "--config=w.json", "-o", "out", "--lang", "zh", "--force", "b", "--timings",
                                             "--now", "2026-11-29", "--now", "2026-11-30"])
        #expect(o.quiet && o.timings && o.build.force && !o.build.skipInvalid)
        #expect(o.build.sources == ["a", "b"] && o.build.config == "w.json" && o.build.output == "out" && o.build.language == "zh")
        // Given twice, the last wins.
        #expect(o.build.now == "2026-11-30")
        #expect(o.build.title == nil && o.build.templates == nil)
    }

    @Test func serveHasNoOutputOptions() throws {
        let o = try ServeCommand.spec.parse(["--port", "0", "--host", "::1", "-q", "export"])
        #expect(o.port == "0" && o.host == "::1" && o.quiet && o.build.sources == ["export"])
        let error = #expect(throws: UsageError.self) { try ServeCommand.spec.parse(["--output", "site"]) }
        #expect(error?.message == "unknown option '--output'")
        // A typo of an option the command has is named.
        let typo = #expect(throws: UsageError.self) { try ServeCommand.spec.parse(["--templtes", "t"]) }
        #expect(typo?.message == "unknown option '--templtes'. Did you mean '--templates'?")
        #expect(!ServeCommand.spec.options.contains { $0.long == "--force" })
        #expect(BuildCommand.spec.options.contains { $0.long == "--force" })
    }

    @Test func positionalArguments() throws {
        #expect(try InitCommand.spec.parse([]).directory == nil)
        #expect(try InitThemeCommand.spec.parse(["t", "--force"]).directory == "t")
        #expect(try CheckCommand.spec.parse(["x", "y", "--skip-invalid"]).sources == ["x", "y"])
        let missing = #expect(throws: UsageError.self) { try InitThemeCommand.spec.parse(["--force"]) }
        #expect(missing?.message == "missing DIR")
        let extra = #expect(throws: UsageError.self) { try InitCommand.spec.parse(["a", "b"]) }
        #expect(extra?.message == "unexpected argument 'b'")
        #expect(try InitCommand.spec.parseOrHelp(["--help"]) == nil)
        #expect(try SampleCommand.spec.parse(["--years", "3", "--seed", "7"]).years == "3")
    }
}
