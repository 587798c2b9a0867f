import Foundation
import Synchronization
import Testing
@testable import WaymarkKit

/// Defects once found in writing a site: each test reproduces one and checks it stays fixed.
struct SiteWriterSafetyTests {
    let files = [SiteFile(path: "index.html", text: "home"), SiteFile(path: "notes/a.html", text: "A")]

    func listing(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
    }

    func mode(_ path: String) -> UInt32? { FileSystem.local.info(path)?.mode }

    /// Defect 1: a second build of the same output while one is writing is refused with a clear
    /// message (exit 75), and never produces empty pages. The lock is on the folder itself, so
    /// nothing is made for it, inside the output or beside it.
    @Test func aSecondBuildOfTheSameOutputIsRefused() throws {
        let dir = TemporaryDirectory()
        #expect(mkdir(dir.file("site"), 0o755) == 0)
        let lock = try #require(try FileSystem.local.lockFolder(dir.file("site"), dir.file("site/.waymark-lock")))
        do {
            _ = try SiteWriter().write(files, to: dir.file("site"), force: false)
            Issue.record("wrote while another build held the lock")
        } catch {
            #expect(error.kind == .busy && ExitCode(for: error.kind).rawValue == 75)
            #expect(error.message.hasPrefix("another waymark build is writing \(dir.file("site"))"))
        }
        #expect(listing(dir.path) == ["site"])
        lock.release()
        _ = try SiteWriter().write(files, to: dir.file("site"), force: false)
        #expect(dir.read("site/index.html") == "home")
        #expect(listing(dir.path) == ["site", "site/.waymark", "site/index.html", "site/notes", "site/notes/a.html"])
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
    /// moved; the files around it are replaced.
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
        _ = try SiteWriter(fileSystem: fs).write([SiteFile(path: "index.html", text: "v2")], to: out, force: false)
        #expect(dir.read("site/media/photo.jpg") == "jpeg")
        #expect(dir.read("site/index.html") == "v2")
        #expect(dir.read("site/notes/a.html") == nil)
        // A page whose folder is the mount is refused, even with --force.
        do {
            _ = try SiteWriter(fileSystem: fs).write([SiteFile(path: "media/x.html", text: "x")], to: out, force: true)
            Issue.record("wrote into a mount")
        } catch {
            #expect(error.exitCode == 73 && error.message.contains("media is another file system mounted in the site"))
        }
        #expect(listing(out) == [".waymark", "index.html", "media", "media/photo.jpg"])
    }

    /// Defect 5: an output folder that is a mount point (a container volume) is written like any
    /// other: it is never renamed, only the files inside it.
    @Test func anOutputThatIsAMountPointIsWritten() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        let inode = FileSystem.local.info(out)?.inode
        var fs = FileSystem.local
        fs.info = { path in
            guard var info = FileSystem.local.info(path) else { return nil }
            if path == out || path.hasPrefix(out + "/") { info.device &+= 7 }
            return info
        }
        let report = try SiteWriter(fileSystem: fs).write([SiteFile(path: "index.html", text: "v2"), files[1]], to: out, force: false)
        #expect(report.written == 1 && report.unchanged == 1)
        #expect(dir.read("site/index.html") == "v2")
        #expect(FileSystem.local.info(out)?.inode == inode)
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

    /// Defect 7: every file is durable before it is renamed into place, `.waymark` (which says
    /// what is Waymark's) before the pages, and the renames are made durable after.
    @Test func filesAreSyncedBeforeTheyAreRenamedAndTheFoldersAfter() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        let log = Mutex<[String]>([])
        var fs = FileSystem.local
        fs.syncTree = { root, paths in log.withLock { $0.append("syncTree \(paths.count)") } }
        fs.sync = { path in log.withLock { $0.append("sync " + path.dropFirst(out.count)) } }
        let rename = FileSystem.local.rename
        fs.rename = { (from, to) throws(FileSystemError) in
            log.withLock { $0.append("rename " + to.dropFirst(out.count)) }
            try rename(from, to)
        }
        _ = try SiteWriter(fileSystem: fs).write([SiteFile(path: "index.html", text: "v2"), SiteFile(path: "notes/a.html", text: "A2")],
                                                 to: out, force: false)
        #expect(log.withLock { $0 } == [
            // `.waymark` names the temporaries before the first is written.
            "rename /.waymark", "sync /.waymark", "sync ",
            // The temporaries, then `.waymark` listing old and new files, then the pages (the
            // home page last), then `.waymark` of the new site and the renames made durable.
            "syncTree 2", "sync /..waymark.waymark-tmp-0", "rename /.waymark", "sync ",
            "rename /notes/a.html", "rename /index.html",
            "sync /..waymark.waymark-tmp-0", "rename /.waymark", "sync ", "sync /notes",
        ])
        #expect(dir.read("site/index.html") == "v2" && dir.read("site/notes/a.html") == "A2")
    }
}
