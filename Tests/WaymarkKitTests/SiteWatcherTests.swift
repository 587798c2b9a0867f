import Foundation
import Synchronization
import Testing
@testable import WaymarkKit

/// `SiteWatcher` with inotify and with polling: a change is reported, once per burst, and only
/// for watched files. How soon is `Scripts/bench-serve`'s business: a stopwatch in a test that
/// shares two cores with the whole suite (and AddressSanitizer) measures the suite.
struct SiteWatcherTests {
    /// Counts calls.
    final class Calls: Sendable {
        let state = Mutex(0)
        func record() { state.withLock { $0 += 1 } }
        var count: Int { state.withLock { $0 } }

        /// Waits up to `timeout` seconds for `count` calls.
        func wait(for count: Int, timeout: Double) -> Bool {
            let start = Date()
            while Date().timeIntervalSince(start) < timeout {
                if self.count >= count { return true }
                usleep(2_000)
            }
            return self.count >= count
        }
    }

    static let methods: [SiteWatcher.Method] = [.native, .polling(interval: 0.25)]

    @Test(arguments: methods) func aChangeInANestedFolderIsReported(method: SiteWatcher.Method) {
        let dir = TemporaryDirectory()
        dir.write("export/notes/a.md", "# A")
        let calls = Calls()
        let watcher = SiteWatcher(paths: [dir.file("export")], method: method) { calls.record() }
        defer { watcher.stop() }
        #if canImport(Glibc)
        #expect(watcher.method == method)
        #endif
        dir.write("export/notes/a.md", "# A, edited")
        #expect(calls.wait(for: 1, timeout: 10))
    }

    @Test(arguments: methods) func newFoldersAreWatchedAndBurstsCountOnce(method: SiteWatcher.Method) {
        let dir = TemporaryDirectory()
        dir.write("export/points.json", "[]")
        let calls = Calls()
        // A quiet period longer than the default 25 ms: on a loaded machine the test's own write
        // and rename can land further apart than that, and then they are rightly two changes.
        let watcher = SiteWatcher(paths: [dir.file("export")], method: method, quietPeriod: 0.5, maxDelay: 2) { calls.record() }
        defer { watcher.stop() }
        // A burst, as an editor saves: a temporary file, then renamed over the real one.
        let start = Date()
        dir.write("export/notes/b.md.tmp", "# B")
        try? FileManager.default.moveItem(atPath: dir.file("export/notes/b.md.tmp"), toPath: dir.file("export/notes/b.md"))
        let burst = Date().timeIntervalSince(start)
        #expect(calls.wait(for: 1, timeout: 5))
        usleep(900_000)
        // inotify sees a burst within the quiet period as one. A scan may fall between the write
        // and the rename, and so may a machine so busy (the whole suite on two cores) that the
        // test's own burst took half the quiet period: then two changes are right.
        if method == .native && burst < 0.25 { #expect(calls.count == 1) } else { #expect((1...2).contains(calls.count)) }
        // The folder made during the burst is watched from then on.
        dir.write("export/notes/b.md", "# B, edited")
        #expect(calls.wait(for: 2, timeout: 2))
    }

    #if canImport(Glibc)
    /// Events only about what is not watched (a hidden scratch file) in the middle of a burst do
    /// not end its quiet period: the save that follows still counts with the change before it.
    /// (They did, and a save whose hidden temporary file was seen apart from its rename made two
    /// rebuilds.)
    @Test func ignoredEventsInABurstDoNotEndItsQuietPeriod() {
        let dir = TemporaryDirectory()
        dir.write("export/notes/a.md", "# A")
        let calls = Calls()
        let watcher = SiteWatcher(paths: [dir.file("export")], method: .native, quietPeriod: 0.5, maxDelay: 3) { calls.record() }
        defer { watcher.stop() }
        let start = Date()
        dir.write("export/notes/a.md", "# A, edited")
        usleep(100_000)
        dir.write("export/notes/.a.md.swp", "scratch")
        usleep(100_000)
        dir.write("export/notes/b.md", "# B")
        let burst = Date().timeIntervalSince(start)
        #expect(calls.wait(for: 1, timeout: 5))
        usleep(900_000)
        // Three writes 0.1 s apart, each well inside the 0.5 s quiet period: one change, unless
        // the machine was so busy that the writes themselves took half the quiet period.
        if burst < 0.25 { #expect(calls.count == 1) } else { #expect((1...2).contains(calls.count)) }
    }
    #endif

    @Test(arguments: methods) func aFileIsWatchedByNameAndOthersBesideItAreNot(method: SiteWatcher.Method) {
        let dir = TemporaryDirectory()
        dir.write("waymark.json", "{}")
        let calls = Calls()
        let watcher = SiteWatcher(paths: [dir.file("waymark.json"), dir.file("missing/theme")], method: method) { calls.record() }
        defer { watcher.stop() }
        dir.write("other.txt", "not watched")
        dir.write(".waymark.json.swp", "editor scratch")
        usleep(600_000)
        #expect(calls.count == 0)
        // Replaced by a rename, as editors save.
        dir.write("waymark.json.new", "{\"title\": \"x\"}")
        try? FileManager.default.removeItem(atPath: dir.file("waymark.json"))
        try? FileManager.default.moveItem(atPath: dir.file("waymark.json.new"), toPath: dir.file("waymark.json"))
        #expect(calls.wait(for: 1, timeout: 2))
    }

    /// A database changed through SQLite's write-ahead log changes only `loop.db-wal`; a file
    /// source that is a link changes where it leads. Both are watched with the name given.
    @Test(arguments: methods) func aDatabasesLogAndALinksTargetAreWatched(method: SiteWatcher.Method) throws {
        let dir = TemporaryDirectory()
        dir.write("elsewhere/real.db", "db")
        dir.write("site/loop.db", "db")
        try FileManager.default.createSymbolicLink(atPath: dir.file("site/link.db"), withDestinationPath: dir.file("elsewhere/real.db"))
        let paths = [dir.file("site/loop.db"), dir.file("site/link.db"), dir.file("site")]
        let real = URL(fileURLWithPath: dir.file("elsewhere/real.db")).resolvingSymlinksInPath().path
        #expect(SiteWatcher.watched(paths) == [dir.file("site/loop.db"), dir.file("site/loop.db-wal"), dir.file("site/link.db"),
                                               dir.file("site/link.db-wal"), real, real + "-wal", dir.file("site")])
        let calls = Calls()
        let watcher = SiteWatcher(paths: [dir.file("site/loop.db"), dir.file("site/link.db")], method: method) { calls.record() }
        defer { watcher.stop() }
        dir.write("site/loop.db-wal", "a page of the log")
        #expect(calls.wait(for: 1, timeout: 2))
        usleep(400_000)
        let first = calls.count
        dir.write("elsewhere/real.db", "db, changed")
        #expect(calls.wait(for: first + 1, timeout: 2))
    }

    @Test func polledScanSeesSizeAndTimeButNotScratchFiles() {
        let dir = TemporaryDirectory()
        dir.write("export/notes/a.md", "# A")
        let watched = PollingChanges(targets: [dir.file("export")], interval: 1, stop: -1)
        let before = watched.scan()
        #expect(Set(before.keys) == [dir.file("export"), dir.file("export/notes"), dir.file("export/notes/a.md")])
        dir.write("export/notes/.a.md.swp", "x")
        dir.write("export/notes/a.md~", "x")
        #expect(Set(watched.scan().keys) == Set(before.keys))
        dir.write("export/notes/a.md", "# A!")
        #expect(watched.scan()[dir.file("export/notes/a.md")]?.size == 4)
    }

    /// Out of descriptors, `pipe` fails: the watcher still watches, and `stop` still returns.
    @Test(arguments: methods) func withoutAPipeItWatchesAndStops(method: SiteWatcher.Method) {
        let dir = TemporaryDirectory()
        dir.write("export/a.md", "# A")
        let calls = Calls()
        let watcher = SiteWatcher.$pipeFails.withValue(true) {
            SiteWatcher(paths: [dir.file("export")], method: method) { calls.record() }
        }
        dir.write("export/a.md", "# A, edited")
        #expect(calls.wait(for: 1, timeout: 2))
        let stopped = DispatchSemaphore(value: 0)
        Thread { watcher.stop(); stopped.signal() }.start()
        #expect(stopped.wait(timeout: .now() + 8) == .success, "stop() hung")
    }

    @Test func stopEndsTheThreadAtOnce() {
        let dir = TemporaryDirectory()
        let watcher = SiteWatcher(paths: [dir.path], method: .polling(interval: 10)) {}
        let start = Date()
        watcher.stop()
        watcher.stop()  // a second stop does nothing
        // Waiting for the next poll would take 10 s; at once is anything well short of that.
        #expect(Date().timeIntervalSince(start) < 5)
    }
}
