import Foundation
import Testing
@testable import WaymarkKit

/// Names of files, zip entries and folders reach the terminal in every command's summary and
/// errors. A name can hold escape sequences that clear the screen, plant a hyperlink or move
/// the cursor; each is printed escaped, as diagnostics print names (`Diagnostic.shorten`).
struct TerminalOutputTests {
    /// ESC [ 2 J (clear the screen), an OSC 8 hyperlink around "link", BEL, CR and the C1
    /// control U+009B (CSI on its own). No "/" in it, so it can be one file's name.
    static let hostile = "w\u{1B}[2J\u{1B}]8;;https:evil\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{07}\r\u{9B}"
    /// The same as `Diagnostic.shorten` prints it, worked out by hand from its rules: each
    /// control as `\u{HEX}`, CR as `\r`, a backslash doubled.
    static let escaped = #"w\u{1B}[2J\u{1B}]8;;https:evil\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{7}\r\u{9B}"#

    static let weights = "date,weight\n2024-01-05,70.5\n2024-01-06,70.1\n"

    /// Fails for any character a terminal acts on: C0 controls but the line feed, DEL, C1
    /// controls, and the bidi controls that reorder what follows.
    static func expectSafe(_ text: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let unsafe = text.unicodeScalars.filter { s in
            (s.value < 0x20 && s != "\n") || (0x7F..<0xA0).contains(s.value) || (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
        }
        #expect(unsafe.isEmpty, "\(what) printed raw \(unsafe.map { "U+" + String($0.value, radix: 16, uppercase: true) }): \(text.debugDescription)",
                sourceLocation: sourceLocation)
    }

    @Test func checkEscapesAFileName() {
        let dir = TemporaryDirectory()
        dir.write("exp/\(Self.hostile).csv", Self.weights)
        let run = CLIRun(["check", dir.file("exp")])
        #expect(run.code == 0)
        Self.expectSafe(run.stderr + run.stdout, "check")
        #expect(run.stderr.contains("  Weights CSV (date, weight, unit): \(dir.file("exp"))/\(Self.escaped).csv\n"), "\(run.stderr)")
    }

    @Test func checkEscapesAZipEntryName() {
        let dir = TemporaryDirectory()
        TestZip.write(dir.file("export.zip"), [.text("\(Self.hostile).csv", Self.weights)])
        let run = CLIRun(["check", dir.file("export.zip")])
        #expect(run.code == 0)
        Self.expectSafe(run.stderr + run.stdout, "check")
        #expect(run.stderr.contains("\(Self.escaped).csv\n"), "\(run.stderr)")
    }

    /// A header the importer reads its unit from is quoted in a remark (without the CR, which
    /// would end the header line for the format's detection).
    @Test func checkEscapesAHeaderQuotedInARemark() {
        let dir = TemporaryDirectory()
        let header = Self.hostile.replacingOccurrences(of: "\r", with: "")
        let escaped = Self.escaped.replacingOccurrences(of: #"\r"#, with: "")
        dir.write("weight.csv", "Date,\"Weight (\(header))(lb)\",Fat mass (lb)\n2023-01-05 07:32:11,154.0,30.1\n")
        let run = CLIRun(["check", dir.file("weight.csv")])
        #expect(run.code == 0, "\(run.stderr)")
        Self.expectSafe(run.stderr + run.stdout, "check")
        #expect(run.stderr.contains("note: weights read as pounds, as the header says (\"Weight (\(escaped))(lb)\")\n"), "\(run.stderr)")
    }

    /// The source as given, and "the same as …, given earlier".
    @Test func checkEscapesTheSourcesAsGiven() {
        let dir = TemporaryDirectory()
        dir.write("\(Self.hostile).csv", Self.weights)
        let run = CLIRun(["check", dir.file("\(Self.hostile).csv"), dir.file("\(Self.hostile).csv")])
        Self.expectSafe(run.stderr + run.stdout, "check")
        #expect(run.stderr.contains("\(Self.escaped).csv\n"), "\(run.stderr)")
    }

    @Test func buildEscapesTheOutputFolder() {
        let dir = TemporaryDirectory()
        dir.write("exp/\(Self.hostile).csv", Self.weights)
        let run = CLIRun(["build", dir.file("exp"), "-o", dir.file(Self.hostile)])
        #expect(run.code == 0)
        Self.expectSafe(run.stderr + run.stdout, "build")
        #expect(run.stderr.contains("into \(dir.path)/\(Self.escaped)/ "), "\(run.stderr)")
        #expect(run.stderr.contains("Open \(dir.path)/\(Self.escaped)/index.html in a browser."), "\(run.stderr)")
    }

    @Test func errorsEscapeThePathsTheyName() {
        let dir = TemporaryDirectory()
        let missing = dir.file(Self.hostile)
        let runs = [
            ["check", missing], ["build", missing, "-o", dir.file("site")], ["build", "--config", missing],
            ["build", "--templates", missing, "-o", dir.file("site")], ["init", missing], ["serve", "--config", missing, "--port", "0"],
        ]
        for arguments in runs {
            let run = CLIRun(arguments)
            #expect(run.code != 0, "\(arguments)")
            Self.expectSafe(run.stderr + run.stdout, "\(arguments.prefix(2))")
            #expect(run.stderr.contains(Self.escaped), "\(arguments): \(run.stderr)")
        }
        // A file where a folder must be.
        dir.write(Self.hostile, "x")
        for arguments in [["sample", "-o", missing], ["init-theme", missing]] {
            let run = CLIRun(arguments)
            #expect(run.code == 73, "\(arguments)")
            Self.expectSafe(run.stderr + run.stdout, "\(arguments.prefix(1))")
            #expect(run.stderr.contains(Self.escaped), "\(arguments): \(run.stderr)")
        }
    }

    @Test func initSampleAndInitThemeEscapeTheFolder() {
        let dir = TemporaryDirectory()
        dir.write("\(Self.hostile)/\(Self.hostile).csv", Self.weights)
        let folder = dir.file(Self.hostile)
        for arguments in [["init", folder], ["sample", "-o", dir.file("s-" + Self.hostile)], ["init-theme", dir.file("t-" + Self.hostile)]] {
            let run = CLIRun(arguments)
            #expect(run.code == 0, "\(arguments): \(run.stderr)")
            Self.expectSafe(run.stderr + run.stdout, "\(arguments.prefix(1))")
            #expect(run.stderr.contains(Self.escaped), "\(arguments): \(run.stderr)")
        }
    }

    @Test func serveEscapesWhatItPrints() throws {
        let dir = TemporaryDirectory()
        dir.write("exp/\(Self.hostile).csv", "date,weight\n2024-01-05,heavy\n")
        // A first build that fails names the file; the preview serves the error.
        let preview = try PreviewHarness([dir.file("exp")])
        Self.expectSafe(preview.log.value, "serve")
        #expect(preview.log.value.contains(Self.escaped), "\(preview.log.value)")
        // The config in use is named on start.
        dir.write("\(Self.hostile).json", "{\"language\": \"en\"}")
        let named = try PreviewHarness(["--config", dir.file("\(Self.hostile).json"), dir.file("exp")])
        Self.expectSafe(named.log.value, "serve --config")
        #expect(named.log.value.contains("Using \(dir.path)/\(Self.escaped).json\n"), "\(named.log.value)")
        let host = CLIRun(["serve", "--host", Self.hostile, "--port", "0"])
        #expect(host.code == 64)
        Self.expectSafe(host.stderr, "serve --host")
    }
}
