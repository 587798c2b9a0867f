import Foundation
import Testing
@testable import WaymarkKit

/// The watcher follows the tree as it changes: a source folder made after the start, a watched
/// file deleted and made again, a folder renamed or moved out, a link out of the tree.
struct WatcherTreeTests {
    typealias Calls = SiteWatcherTests.Calls
    static let methods = SiteWatcherTests.methods

    /// Waits for one more call than `calls` had, then for the burst to settle; the count then.
    func nextCall(_ calls: Calls, after count: Int) -> Int? {
        guard calls.wait(for: count + 1, timeout: 2) else { return nil }
        usleep(350_000)
        return calls.count
    }

    /// rename(2): replaces what is at `to`, as editors' saves do (FileManager's move would not).
    func move(_ dir: TemporaryDirectory, _ from: String, _ to: String) {
        #expect(rename(dir.file(from), dir.file(to)) == 0)
    }

    @Test(arguments: methods) func aSourceFolderMadeAfterTheStartIsWatchedWithEverythingBelowIt(method: SiteWatcher.Method) throws {
        let dir = TemporaryDirectory()
        dir.write("demo/notes/x.md", "# X")
        let calls = Calls()
        let watcher = SiteWatcher(paths: [dir.file("ex")], method: method) { calls.record() }
        defer { watcher.stop() }
        // `cp -r demo ex`
        try FileManager.default.copyItem(atPath: dir.file("demo"), toPath: dir.file("ex"))
        let copied = try #require(nextCall(calls, after: 0))
        dir.write("ex/notes/x.md", "# X, edited")
        #expect(nextCall(calls, after: copied) != nil, "an edit inside the new folder started no rebuild")
        // A folder made inside it later is watched too.
        dir.write("ex/notes/new/y.md", "# Y")
        let made = try #require(nextCall(calls, after: copied + 1))
        dir.write("ex/notes/new/y.md", "# Y, edited")
        #expect(nextCall(calls, after: made) != nil)
    }

    @Test(arguments: methods) func aWatchedFileDeletedAndMadeAgainStaysWatched(method: SiteWatcher.Method) throws {
        let dir = TemporaryDirectory()
        dir.write("waymark.json", "{}")
        let calls = Calls()
        let watcher = SiteWatcher(paths: [dir.file("waymark.json")], method: method) { calls.record() }
        defer { watcher.stop() }
        try FileManager.default.removeItem(atPath: dir.file("waymark.json"))
        let deleted = try #require(nextCall(calls, after: 0))
        dir.write("waymark.json", "{\"title\": \"a\"}")
        let made = try #require(nextCall(calls, after: deleted))
        // Written elsewhere and renamed over it, twice, as editors save.
        for round in 1...2 {
            dir.write("tmp.json", "{\"title\": \"\(round)\"}")
            move(dir, "tmp.json", "waymark.json")
            #expect(nextCall(calls, after: made + round - 1) != nil, "save \(round) was not seen")
        }
    }

    @Test(arguments: methods) func aRenamedFolderIsWatchedUnderItsNewName(method: SiteWatcher.Method) throws {
        let dir = TemporaryDirectory()
        dir.write("export/notes/images/a.png", "png")
        let calls = Calls()
        let watcher = SiteWatcher(paths: [dir.file("export")], method: method) { calls.record() }
        defer { watcher.stop() }
        move(dir, "export/notes/images", "export/notes/img2")
        let renamed = try #require(nextCall(calls, after: 0))
        try FileManager.default.createDirectory(atPath: dir.file("export/notes/img2/new"), withIntermediateDirectories: false)
        let made = try #require(nextCall(calls, after: renamed))
        dir.write("export/notes/img2/new/a.txt", "x")
        #expect(nextCall(calls, after: made) != nil, "a file in a folder made inside the renamed one started no rebuild")
    }

    @Test(arguments: methods) func aFolderMovedOutOfTheTreeIsNoLongerWatched(method: SiteWatcher.Method) throws {
        let dir = TemporaryDirectory()
        dir.write("export/notes/old/a.md", "# A")
        dir.write("export/gone/b.md", "# B")
        dir.write("outside/keep.txt", "")
        let calls = Calls()
        let watcher = SiteWatcher(paths: [dir.file("export")], method: method) { calls.record() }
        defer { watcher.stop() }
        move(dir, "export/notes/old", "outside/old")
        let movedOut = try #require(nextCall(calls, after: 0))
        // The target folder itself, moved away: its tree is left too.
        move(dir, "export", "export.old")
        let targetMoved = try #require(nextCall(calls, after: movedOut))
        dir.write("outside/old/a.md", "# A, edited out of the tree")
        dir.write("export.old/gone/b.md", "# B, edited out of the tree")
        usleep(700_000)
        #expect(calls.count == targetMoved, "edits out of the tree started a rebuild")
    }

    @Test(arguments: methods) func linksOutOfTheTreeAreNotFollowed(method: SiteWatcher.Method) throws {
        let dir = TemporaryDirectory()
        dir.write("export/a.md", "# A")
        dir.write("outside/b.md", "# B")
        dir.write("later/c.md", "# C")
        try FileManager.default.createSymbolicLink(atPath: dir.file("export/link"), withDestinationPath: dir.file("outside"))
        let calls = Calls()
        let watcher = SiteWatcher(paths: [dir.file("export")], method: method) { calls.record() }
        defer { watcher.stop() }
        try FileManager.default.createSymbolicLink(atPath: dir.file("export/later"), withDestinationPath: dir.file("later"))
        let linked = try #require(nextCall(calls, after: 0))
        dir.write("outside/b.md", "# B, edited")
        dir.write("later/c.md", "# C, edited")
        usleep(700_000)
        #expect(calls.count == linked)
    }
}
