import Foundation
import Testing
@testable import WaymarkKit

/// SIGINT and SIGTERM during rebuilds that change most pages, sent to the real (debug) binary at
/// random moments: the site is then the previous one or the new one, whole, never a mix, and
/// nothing of the build is left, inside the site or beside it.
struct InterruptedBuildTests {
    static let binary = TestPaths.repo.appendingPathComponent(".build/debug/waymark").path
    static let now = "2026-11-28T20:00:00+08:00"

    static func run(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The site's files and their bytes, the user's left out.
    static func site(_ root: String, without user: Set<String>) -> [String: Data] {
        Golden.files(in: root).filter { path, _ in !user.contains(path) }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: binary), "needs the debug binary (swift build)"))
    func aStoppedRebuildLeavesOneWholeSiteAndNothingElse() throws {
        let dir = TemporaryDirectory()
        for (name, seed) in [("a", "7"), ("b", "8")] {
            let sample = try Self.run(["sample", "-q", "-o", dir.file(name), "--years", "3", "--tags", "10", "--seed", seed])
            sample.waitUntilExit()
            let reference = try Self.run(["build", "-q", dir.file(name), "-o", dir.file("ref-" + name), "--now", Self.now])
            reference.waitUntilExit()
        }
        let references = ["a": Self.site(dir.file("ref-a"), without: []), "b": Self.site(dir.file("ref-b"), without: [])]
        #expect(references["a"] != references["b"] && references["a"]?.isEmpty == false)
        let first = try Self.run(["build", "-q", dir.file("a"), "-o", dir.file("site"), "--now", Self.now])
        first.waitUntilExit()
        let user = UserFiles(root: dir.file("site"))
        user.file("CNAME", "example.org")
        user.file(Array("notes/mine".utf8) + [0xFF], Array("mine".utf8))
        user.file("private/diary.txt", "mine")
        user.record()
        let userNames: Set<String> = ["CNAME", "private/diary.txt"]
        // How long an uninterrupted rebuild takes, to aim the signals inside one.
        let began = Date()
        let timing = try Self.run(["build", "-q", dir.file("b"), "-o", dir.file("site"), "--now", Self.now])
        timing.waitUntilExit()
        let duration = Date().timeIntervalSince(began)
        var current = "b", stopped = 0
        for trial in 0..<8 {
            let next = current == "a" ? "b" : "a"
            let signal = trial % 2 == 0 ? SIGINT : SIGTERM
            let build = try Self.run(["build", "-q", dir.file(next), "-o", dir.file("site"), "--now", Self.now])
            usleep(UInt32(Double.random(in: 0.2...0.9) * duration * 1_000_000))
            kill(build.processIdentifier, signal)
            build.waitUntilExit()
            let status = build.terminationStatus
            let interrupted = build.terminationReason == .uncaughtSignal || status == 128 + signal
            #expect(interrupted || status == 0, "trial \(trial): exit \(status)")
            if interrupted { stopped += 1 }
            let now = Self.site(dir.file("site"), without: userNames)
            let whole = [next, current].first { references[$0] == now }
            #expect(whole != nil, "trial \(trial): the site is neither the previous one nor the new one")
            current = whole ?? next
            #expect(OutputFolderSafetyTests.waymarkLeftovers(dir.path).isEmpty, "trial \(trial): \(OutputFolderSafetyTests.waymarkLeftovers(dir.path))")
            #expect(user.changes(ignoringFolderTimes: true).isEmpty, "trial \(trial): \(user.changes())")
        }
        #expect(stopped > 0, "the builds always ended before the signal")
    }
}

