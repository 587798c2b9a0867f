import Foundation
import Synchronization
import Testing
@testable import WaymarkKit

/// Issue 10's defects in writing a site: each test reproduces one and checks it stays fixed.
struct SiteWriterSafetyTests {
    let files = [SiteFile(path: "index.html", text: "home"), SiteFile(path: "notes/a.html", text: "A")]

    func listing(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
    }

    func mode(_ path: String) -> UInt32? { FileSystem.local.info(path)?.mode }

    /// Defect 1: a second build of the same output while one is writing is refused with a clear
    /// message (exit 75), and never produces empty pages.
    @Test func aSecondBuildOfTheSameOutputIsRefused() throws {
        let dir = TemporaryDirectory()
        let lock = try #require(try FileSystem.local.lock(dir.file(".site.waymark-lock")))
        do {
            _ = try SiteWriter().write(files, to: dir.file("site"), force: false)
            Issue.record("wrote while another build held the lock")
        } catch {
            #expect(error.kind == .busy && ExitCode(for: error.kind).rawValue == 75)
            #expect(error.message.hasPrefix("another waymark build is writing \(dir.file("site"))"))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.file("site")))
        lock.release()
        _ = try SiteWriter().write(files, to: dir.file("site"), force: false)
        #expect(dir.read("site/index.html") == "home")
        #expect(!FileManager.default.fileExists(atPath: dir.file(".site.waymark-lock")))
    }

    /// Defect 1 as reported: the output folder appears (empty) while the build writes. The site
    /// is complete afterwards, every page with its bytes.
    @Test func anOutputCreatedDuringTheBuildStillGetsAWholeSite() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        var fs = FileSystem.local
        let real = FileSystem.local.writeFile
        let once = Mutex(false)
        fs.writeFile = { (path, bytes) throws(FileSystemError) in
            if once.withLock({ done in defer { done = true }; return !done }) { mkdir(out, 0o755) }
            try real(path, bytes)
        }
        let many = (0..<200).map { SiteFile(path: "p/\($0).html", text: "page \($0)") }
        _ = try SiteWriter(fileSystem: fs).write(many, to: out, force: false)
        for i in 0..<200 { #expect(dir.read("site/p/\(i).html") == "page \(i)") }
    }

    /// Defect 1, concurrently: many builds of one new output at once. Each either writes the whole
    /// site or is refused as busy; the result is always complete.
    @Test func concurrentFirstBuildsNeverLeaveEmptyPages() throws {
        for trial in 0..<10 {
            let dir = TemporaryDirectory()
            let out = dir.file("site")
            let many = (0..<50).map { SiteFile(path: "p/\($0).html", text: "page \($0) of trial \(trial)") }
            let outcomes = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { i in
                do throws(SiteWriteError) {
                    _ = try SiteWriter(processID: Int32(100 + i)).write(many, to: out, force: false)
                    outcomes.withLock { $0.append("ok") }
                } catch {
                    outcomes.withLock { $0.append(error.kind == .busy ? "busy" : "error: \(error.message)") }
                }
            }
            let results = outcomes.withLock { $0 }
            #expect(results.allSatisfy { $0 == "ok" || $0 == "busy" } && results.contains("ok"), "\(results)")
            for i in 0..<50 { #expect(dir.read("site/p/\(i).html") == "page \(i) of trial \(trial)") }
            #expect(listing(dir.path).filter { $0.hasPrefix(".site.") }.isEmpty)
        }
    }

    /// Defect 4: a file any depth down that Waymark did not write stays, with its content.
    @Test func aFileSeventyFoldersDeepIsKept() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        let deep = (0..<70).map { "d\($0)" }.joined(separator: "/") + "/keep.txt"
        dir.write("site/" + deep, "deep")
        let report = try SiteWriter().write([SiteFile(path: "index.html", text: "v2")], to: out, force: false)
        #expect(report.kept == [deep])
        #expect(dir.read("site/" + deep) == "deep")
        #expect(dir.read("site/index.html") == "v2")
    }

    /// Defect 4: the site's folders keep their permissions (a shared 2775 site, a private 700 folder).
    @Test func folderModesAreKept() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        #expect(chmod(out, 0o2775) == 0 && chmod(out + "/notes", 0o700) == 0)
        _ = try SiteWriter().write([SiteFile(path: "index.html", text: "v2"), SiteFile(path: "notes/a.html", text: "A2")], to: out, force: false)
        #expect(mode(out) == 0o2775)
        #expect(mode(out + "/notes") == 0o700)
        #expect(dir.read("site/notes/a.html") == "A2")
    }

    /// Defect 4: a user's folder beside the output that only looks like Waymark's is never removed;
    /// real leftovers of killed builds are (defect 6).
    @Test func onlyRealLeftoversBesideTheOutputAreRemoved() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        dir.write(".site.waymark-old-backup/mine.txt", "mine")
        // A staging folder of a build killed while writing: marked, no manifest.
        dir.write(".site.waymark-new-123/" + SiteLeftovers.marker, "")
        dir.write(".site.waymark-new-123/index.html", "half")
        // The old site of a build killed after the swap: its manifest lists its files.
        dir.write(".site.waymark-old-77/.waymark", "waymark-site 1\nindex.html\n")
        dir.write(".site.waymark-old-77/index.html", "old")
        // ... and one that also holds a file nobody carried: kept, and reported.
        dir.write(".site.waymark-old-78/.waymark", "waymark-site 1\nindex.html\n")
        dir.write(".site.waymark-old-78/index.html", "old")
        dir.write(".site.waymark-old-78/unknown.txt", "someone's")
        let report = try SiteWriter().write([SiteFile(path: "index.html", text: "v2")], to: out, force: false)
        #expect(dir.read(".site.waymark-old-backup/mine.txt") == "mine")
        #expect(!FileManager.default.fileExists(atPath: dir.file(".site.waymark-new-123")))
        #expect(!FileManager.default.fileExists(atPath: dir.file(".site.waymark-old-77")))
        #expect(dir.read(".site.waymark-old-78/unknown.txt") == "someone's")
        #expect(dir.read(".site.waymark-old-78/index.html") == nil)
        #expect(report.leftovers == [dir.file(".site.waymark-old-78")])
    }

    /// Defects 4 and 5: a file system mounted inside the site is never entered, emptied or
    /// swapped away; the files around it are replaced in place.
    @Test func aMountInsideTheSiteIsLeftAlone() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        dir.write("site/media/photo.jpg", "jpeg")
        var fs = FileSystem.local
        let media = out + "/media"
        // Everything at and below site/media reports another device, as a mount does.
        fs.info = { path in
            guard var info = FileSystem.local.info(path) else { return nil }
            if path == media || path.hasPrefix(media + "/") { info.device &+= 1 }
            return info
        }
        let report = try SiteWriter(fileSystem: fs).write([SiteFile(path: "index.html", text: "v2")], to: out, force: false)
        #expect(report.inPlace && report.inPlaceReason == "media inside it is another file system")
        #expect(dir.read("site/media/photo.jpg") == "jpeg")
        #expect(dir.read("site/index.html") == "v2")
        #expect(dir.read("site/notes/a.html") == nil)
    }

    /// Defect 5: an output folder that is a mount point (a container volume) cannot be renamed;
    /// its files are replaced in place and the summary says so.
    @Test func anOutputThatIsAMountPointIsWrittenInPlace() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        var fs = FileSystem.local
        fs.info = { path in
            guard var info = FileSystem.local.info(path) else { return nil }
            if path == out || path.hasPrefix(out + "/") { info.device &+= 7 }
            return info
        }
        let report = try SiteWriter(fileSystem: fs).write([SiteFile(path: "index.html", text: "v2"), files[1]], to: out, force: false)
        #expect(report.inPlace && report.inPlaceReason == "\(out) is a mount point")
        #expect(report.written == 1 && report.unchanged == 1)
        #expect(dir.read("site/index.html") == "v2")
        #expect(listing(dir.path).filter { $0.contains("waymark-") }.isEmpty)
        let summary = BuildCommand.summary(BuildPipeline.Outcome(report: report, output: "site", files: 2, pages: 2, warnings: [], timings: []),
                                           seconds: 0.5)
        #expect(summary.contains("Replaced the files inside site/ one by one, because \(out) is a mount point"))
    }

    /// Defect 5: when the rename itself fails across devices (EXDEV/EBUSY), the build still
    /// succeeds in place, and the message is not worded backwards.
    @Test func aRenameThatCannotCrossDevicesFallsBackToInPlace() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        var fs = FileSystem.local
        fs.exchange = nil
        let real = FileSystem.local.rename
        fs.rename = { (from, to) throws(FileSystemError) in
            if to.hasSuffix("waymark-old-0") { throw FileSystemError(path: from, operation: "rename it to \(to)", reason: .crossDevice, detail: "Device or resource busy") }
            try real(from, to)
        }
        let report = try SiteWriter(fileSystem: fs).write([SiteFile(path: "index.html", text: "v2")], to: out, force: false)
        #expect(report.inPlace && report.inPlaceReason == "\(out) cannot be renamed (Device or resource busy)")
        #expect(dir.read("site/index.html") == "v2")
        #expect(listing(dir.path).filter { $0.contains("waymark-") }.isEmpty)
    }

    /// Defect 6: temporaries of an interrupted in-place write are removed by the next build.
    @Test func temporariesOfAnInterruptedInPlaceWriteAreRemoved() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        dir.write("site/notes/.a.html.waymark-tmp-999", "half")
        let report = try SiteWriter().write(files, to: out, force: false)
        #expect(report.upToDate && report.kept.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: out + "/notes/.a.html.waymark-tmp-999"))
    }

    /// Defect 7: the new site is synced before it is swapped in, and the parent folder after.
    @Test func theSiteIsSyncedBeforeTheSwapAndTheParentAfter() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        let log = Mutex<[String]>([])
        var fs = FileSystem.local
        fs.syncTree = { root, paths in log.withLock { $0.append("syncTree \(root.hasSuffix(".site.waymark-new-0")) \(paths.count)") } }
        let parent = dir.path
        fs.sync = { path in log.withLock { $0.append("sync \(path == parent)") } }
        let rename = FileSystem.local.rename
        fs.rename = { (from, to) throws(FileSystemError) in
            log.withLock { $0.append("rename") }
            try rename(from, to)
        }
        _ = try SiteWriter(fileSystem: fs).write(files, to: out, force: false)
        #expect(log.withLock { $0 } == ["syncTree true 2", "rename", "sync true"])
        #expect(dir.read("site/index.html") == "home")
    }

    /// Defect 6, for real: Ctrl-C while a build writes removes its staging folder.
    @Test func aBuildStoppedWithSIGINTLeavesNothingBehind() throws {
        let binary = TestPaths.repo.appendingPathComponent(".build/debug/waymark").path
        guard FileManager.default.isExecutableFile(atPath: binary) else { return }
        let dir = TemporaryDirectory()
        let sample = Process()
        sample.executableURL = URL(fileURLWithPath: binary)
        sample.arguments = ["sample", "-q", "-o", dir.file("export"), "--years", "3", "--tags", "10"]
        try sample.run()
        sample.waitUntilExit()
        for _ in 0..<3 {
            let build = Process()
            build.executableURL = URL(fileURLWithPath: binary)
            build.arguments = ["build", "-q", dir.file("export"), "-o", dir.file("site")]
            try build.run()
            var interrupted = false
            // Wait for the staging folder, then interrupt the build while it writes.
            while build.isRunning {
                if listing(dir.path).contains(where: { $0.hasPrefix(".site.waymark-new-") }) {
                    kill(build.processIdentifier, SIGINT)
                    interrupted = true
                    break
                }
                usleep(200)
            }
            build.waitUntilExit()
            if interrupted {
                #expect(build.terminationStatus == 130 || build.terminationStatus == 0)
                #expect(listing(dir.path).filter { $0.hasPrefix(".site.") && !$0.hasSuffix("lock") }.isEmpty, "\(listing(dir.path).filter { $0.hasPrefix(".") })")
                return
            }
            try? FileManager.default.removeItem(atPath: dir.file("site"))
        }
        Issue.record("the build was always done before it could be interrupted")
    }
}
