import Testing
@testable import WaymarkKit

/// The paths in the commands Waymark suggests (`Build it with: waymark build …`) paste into a
/// shell as one word each. Expectations by hand; each quoted one was also split back with
/// Python's `shlex.split` to the path itself.
struct ShellWordTests {
    @Test func plainPathsStayAsTheyAre() {
        #expect(Diagnostic.shellWord("site") == "site")
        #expect(Diagnostic.shellWord("../exports/2026-12_a+b,c:d@e%f=g") == "../exports/2026-12_a+b,c:d@e%f=g")
    }

    @Test func othersAreSingleQuoted() {
        #expect(Diagnostic.shellWord("s p/ü 样本") == "'s p/ü 样本'")
        #expect(Diagnostic.shellWord("it's") == #"'it'\''s'"#)
        // Never taken for an option (`waymark build ./-x`, `cd ./-x`), nor expanded by zsh.
        #expect(Diagnostic.shellWord("-x") == "./-x")
        #expect(Diagnostic.shellWord("=ls") == "./=ls")
        #expect(Diagnostic.shellWord("-a b") == "'./-a b'")
        #expect(Diagnostic.shellWord("$HOME/*") == "'$HOME/*'")
        #expect(Diagnostic.shellWord("") == "''")
    }

    /// A control character or a bidi override is never sent to the terminal raw.
    @Test func controlsAreEscapedNotQuoted() {
        #expect(Diagnostic.shellWord("a\nb") == #"a\nb"#)
        #expect(Diagnostic.shellWord("x\u{202E}y") == #"x\u{202E}y"#)
    }

    @Test func suggestedCommandsQuoteTheirPaths() {
        let dir = TemporaryDirectory()
        let out = dir.file("s p/ü 样本")
        let run = CLIRun(["sample", "-o", out, "--years", "1"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.hasSuffix("Build it with: waymark build '\(out)'\n"), "\(run.stderr)")
    }
}
