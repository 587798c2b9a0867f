import Foundation
import Testing
@testable import WaymarkKit

/// The `serve` command line: its help, its usage errors, the warning for a public address, and
/// a clean stop of the real process on Ctrl-C and SIGTERM.
struct ServeCommandTests {
    @Test func helpSaysItServesFromMemory() {
        let help = CLIRun(["serve", "--help"])
        #expect(help.code == 0)
        #expect(help.stdout.contains("USAGE: waymark serve [SOURCE…] [options]"))
        #expect(help.stdout.contains("nothing is written, and no output\nfolder is touched"))
        #expect(help.stdout.contains("--port N"))
        #expect(CLIRun(["--help"]).stdout.contains("serve"))
    }

    @Test func badOptionsAreUsageErrors() {
        let port = CLIRun(["serve", "--port", "99999"])
        #expect(port.code == 64)
        #expect(port.stderr.contains("--port: not a port number (got '99999')"))
        let lang = CLIRun(["serve", "--lang", "fr", "--port", "0"])
        #expect(lang.code == 64)
        #expect(lang.stderr.contains("unknown language 'fr'"))
        #expect(lang.stderr.components(separatedBy: "Usage: waymark serve").count == 2, "the usage line once: \(lang.stderr)")
        let output = CLIRun(["serve", "-o", "site"])
        #expect(output.code == 64)  // serve writes nothing: it has no output folder
    }

    @Test func anExplicitPublicHostIsServedWithAWarning() throws {
        let preview = try PreviewHarness(["--host", "0.0.0.0"])
        #expect(preview.log.value.contains("warning: serving on 0.0.0.0, not only on this computer"))
        #expect(preview.service.url == "http://0.0.0.0:\(preview.service.port)/")
        #expect(preview.http.request("GET", "/")?.status == 200)
    }

    /// Starts the real `waymark serve ARGUMENTS --port 0` in `dir`, its standard error in
    /// `dir/err`; the process and its port once it serves (nil without a debug binary).
    func serveProcess(_ arguments: [String], in dir: TemporaryDirectory) throws -> (Process, Int)? {
        let binary = TestPaths.repo.appendingPathComponent(".build/debug/waymark").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { return nil }
        _ = FileManager.default.createFile(atPath: dir.file("err"), contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve"] + arguments + ["--port", "0"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: dir.file("err")))
        try process.run()
        let start = Date()
        var port: Int?
        while port == nil, Date().timeIntervalSince(start) < 300, process.isRunning {
            if let line = dir.read("err")?.components(separatedBy: "\n").first(where: { $0.hasPrefix("Serving http://127.0.0.1:") }) {
                port = Int(line.dropFirst("Serving http://127.0.0.1:".count).prefix { $0.isNumber })
            }
            usleep(20_000)
        }
        return (process, try #require(port))
    }

    @Test(arguments: [SIGINT, SIGTERM]) func theProcessStopsCleanlyOnASignal(signal: Int32) throws {
        let dir = TemporaryDirectory()
        guard let (process, served) = try serveProcess([], in: dir) else { return }
        #expect(RawHTTP(port: served).request("GET", "/")?.status == 200)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(dir.read("err")?.hasSuffix("(Ctrl-C to stop)\nStopping… (Ctrl-C again to force)\nStopped.\n") == true)
        #expect(RawHTTP(port: served).request("GET", "/") == nil)  // the port is closed
    }

    /// Stopping waits for a rebuild in progress (a decade of data takes seconds in a debug
    /// build); a second Ctrl-C ends the process at once.
    @Test func aSecondCtrlCForcesTheStop() throws {
        let dir = TemporaryDirectory()
        #expect(CLIRun(["sample", "--years", "10", "--tags", "30", "-o", dir.file("export")]).code == 0)
        guard let (process, _) = try serveProcess([dir.file("export")], in: dir) else { return }
        dir.write("export/notes/zz-new.md", "# New")
        // The watcher starts the rebuild within half a second; the stop then waits for it.
        usleep(700_000)
        kill(process.processIdentifier, SIGINT)
        usleep(300_000)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        // 128 + SIGINT from the forced exit, or killed by the default action; a stop that had
        // waited for the rebuild would have said "Stopped.".
        #expect(process.terminationStatus == 130 || (process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT))
        #expect(dir.read("err")?.contains("Stopping… (Ctrl-C again to force)\n") == true)
        #expect(dir.read("err")?.contains("Stopped.") == false)
    }
}
