import Foundation
import Synchronization
import Testing
@testable import WaymarkKit

/// What a rebuild may never do to a site's folder: move, rename, re-own, re-date or change
/// anything Waymark did not write, whatever its name, also when it appears during the build;
/// and what it must always do: leave nothing of its own behind, whatever stopped the last build.
struct OutputFolderSafetyTests {
    /// Every entry below `root` whose name says it is a temporary, staging or lock file of Waymark's.
    static func waymarkLeftovers(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { path in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return name.contains("waymark-") || name == ".waymark-staging"
        }.sorted()
    }

    /// The files of the site that Waymark wrote: `expected` must be there with their bytes, and
    /// nothing else but `.waymark` and `others` (the user's, by their lossy names).
    static func differences(_ site: String, _ expected: [SiteFile], others: Set<String> = []) -> [String] {
        var problems: [String] = []
        let fm = FileManager.default
        for file in expected where fm.contents(atPath: site + "/" + file.path).map(Array.init) != file.bytes {
            problems.append("\(file.path) is not as built")
        }
        let paths = Set(expected.map(\.path)).union(others).union([SiteManifest.fileName])
        for case let path as String in fm.enumerator(atPath: site)?.allObjects ?? [] {
            var folder: ObjCBool = false
            if fm.fileExists(atPath: site + "/" + path, isDirectory: &folder), !folder.boolValue, !paths.contains(path),
               !others.contains(where: { path.hasPrefix($0 + "/") }) {
                problems.append("\(path) should not be there")
            }
        }
        return problems
    }

    func mtime(_ path: String) -> Int64? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        #if canImport(Glibc)
        return Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        #else
        return Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
        #endif
    }

    /// Folders the user made in the site, and the site folder itself, keep their inode, permissions
    /// and modification time through rebuilds that change most pages; so does the folder the
    /// site is in (nothing is created beside the site, not even a lock file).
    @Test func foldersKeepTheirInodeModeAndTime() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(TestSite.version(1), to: out, force: false)
        let user = UserFiles(root: out)
        user.folder(Array("private".utf8))
        user.file("private/diary.txt", "mine")
        #expect(chmod(out + "/private", 0o700) == 0 && chmod(out, 0o2775) == 0 && chmod(out + "/notes", 0o750) == 0)
        // Dated in the past, so that a changed time cannot be missed.
        var past = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, out + "/private", &past, AT_SYMLINK_NOFOLLOW) == 0)
        #expect(utimensat(AT_FDCWD, dir.path, &past, AT_SYMLINK_NOFOLLOW) == 0)
        user.record()
        let site = FileSystem.local.info(out), notes = FileSystem.local.info(out + "/notes")
        let parentTime = mtime(dir.path), parent = FileSystem.local.info(dir.path)
        for v in [2, 1, 2] {
            let report = try SiteWriter().write(TestSite.version(v), to: out, force: false)
            #expect(report.written > 40 && report.kept == ["private/diary.txt"])
            #expect(user.changes().isEmpty, "\(user.changes())")
            #expect(FileSystem.local.info(out) == site && FileSystem.local.info(out + "/notes") == notes)
            #expect(mtime(dir.path) == parentTime && FileSystem.local.info(dir.path) == parent)
            #expect(Self.differences(out, TestSite.version(v), others: ["private", "private/diary.txt"]).isEmpty)
        }
    }

    /// Run as root (CI is), a rebuild never takes the user's folders: owner and group stay, and the
    /// user can still open a private folder.
    @Test(.enabled(if: getuid() == 0, "changing a folder's owner needs root"))
    func foldersKeepTheirOwnerWhenRootRebuilds() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(TestSite.version(1), to: out, force: false)
        let user = UserFiles(root: out)
        user.folder(Array("private".utf8))
        user.file("private/diary.txt", "mine")
        #expect(chown(out, 1000, 1000) == 0 && chown(out + "/private", 1000, 1000) == 0 && chmod(out + "/private", 0o700) == 0)
        user.record()
        _ = try SiteWriter().write(TestSite.version(2), to: out, force: false)
        #expect(user.changes().isEmpty, "\(user.changes())")
        let site = try #require(FileSystem.local.info(out))
        var st = stat()
        #expect(lstat(out, &st) == 0 && st.st_uid == 1000 && site.group == 1000)
    }

    /// The only renames are of Waymark's temporary files onto their own places: the output
    /// folder and every folder in it stay where they are.
    @Test func onlyTemporariesAreRenamedOntoTheirPlaces() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(TestSite.version(1), to: out, force: false)
        let renames = Mutex<[(String, String)]>([])
        var fs = FileSystem.local
        let rename = fs.rename, noReplace = fs.renameNoReplace
        fs.rename = { (from, to) throws(FileSystemError) in
            renames.withLock { $0.append((from, to)) }
            try rename(from, to)
        }
        fs.renameNoReplace = { (from, to) throws(FileSystemError) in
            renames.withLock { $0.append((from, to)) }
            try noReplace(from, to)
        }
        let before = Set(FileManager.default.enumerator(atPath: out)?.compactMap { $0 as? String } ?? [])
        _ = try SiteWriter(fileSystem: fs).write(TestSite.version(2), to: out, force: false)
        let all = renames.withLock { $0 }
        #expect(all.count > 40)
        for (from, to) in all {
            #expect(from.hasPrefix(out + "/") && to.hasPrefix(out + "/"), "\(from) → \(to)")
            let original = SiteTemporaries.original(of: String(from.dropFirst(out.count + 1)))
            #expect(original?.path == String(to.dropFirst(out.count + 1)), "\(from) → \(to)")
        }
        // The order a reader can see: new files before replaced ones (a new page's links are in
        // place before it is), pages after the rest of each, `index.html` last, by path within.
        let placed = all.map { String($0.1.dropFirst(out.count + 1)) }.filter { $0 != ".waymark" }
        let key = { (path: String) in (before.contains(path) ? 1 : 0, path.hasSuffix(".html") ? 1 : 0, path == "index.html" ? 1 : 0, path) }
        #expect(placed == placed.sorted { key($0) < key($1) })
        #expect(placed.contains { !before.contains($0) } && placed.contains { before.contains($0) })
    }

    /// Renamed on two cores (as `build` does), the tiers a reader can see keep their order: every
    /// new file before any replaced one, within each the other files before the pages, the home
    /// page after everything; within a tier the renames may interleave. Every file is in place.
    @Test func renamesOnTwoCoresKeepTheTiersInOrder() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(TestSite.version(1, notes: 300), to: out, force: false)
        let before = Set(FileManager.default.enumerator(atPath: out)?.compactMap { $0 as? String } ?? [])
        let renames = Mutex<[String]>([])
        var fs = FileSystem.local
        let rename = fs.rename, noReplace = fs.renameNoReplace
        fs.rename = { (from, to) throws(FileSystemError) in
            try rename(from, to)
            renames.withLock { $0.append(String(to.dropFirst(out.count + 1))) }
        }
        fs.renameNoReplace = { (from, to) throws(FileSystemError) in
            try noReplace(from, to)
            renames.withLock { $0.append(String(to.dropFirst(out.count + 1))) }
        }
        let version2 = TestSite.version(2, notes: 600)
        let session = try SiteWriter(fileSystem: fs).begin(out, force: false)
        try session.put(version2)
        let report = try session.finish(parallelism: Parallelism(cores: 2))
        let placed = renames.withLock { $0 }.filter { $0 != ".waymark" }
        // New: 300 notes and 3 other pages; changed: 200 notes (every third is the same), index.html,
        // style.css and feed.xml.
        #expect(placed.count == 303 + 200 + 3)
        #expect(report.written == placed.count)
        let tier = { (path: String) in (before.contains(path) ? 1 : 0) * 4 + (path.hasSuffix(".html") ? 1 : 0) * 2 + (path == "index.html" ? 1 : 0) }
        let tiers = placed.map(tier)
        #expect(tiers == tiers.sorted())
        #expect(Set(tiers) == [2, 4, 6, 7])
        #expect(placed.last == "index.html")
        for file in version2 {
            #expect(FileManager.default.contents(atPath: out + "/" + file.path) == Data(file.bytes), "\(file.path)")
        }
        #expect(Self.waymarkLeftovers(out).isEmpty)
    }

    /// The order cut into its tiers, each a run of one kind, in the order's own order.
    @Test func theOrderIsCutWhereTheTierChanges() {
        let pending = [("a.css", true), ("b.html", true), ("c.html", true), ("a.css", false), ("index.html", false)].map {
            SiteWriteSession.Pending(path: $0.0, isNew: $0.1)
        }
        let tiers = SiteWriteSession.tiers(pending).map { $0.map(\.path) }
        #expect(tiers == [["a.css"], ["b.html", "c.html"], ["a.css"], ["index.html"]])
        #expect(SiteWriteSession.tiers([]).isEmpty)
    }

    /// A temporary of this build's own name left behind (by a killed build whose process number
    /// came round again) is replaced, never written into: the page is whole, nothing is left over.
    @Test func aLeftoverTemporaryOfThisBuildsNameIsReplaced() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(TestSite.version(1), to: out, force: false)
        let leftover = out + "/" + SiteTemporaries.path(of: "feed.xml", suffix: SiteTemporaries.suffix(processID: 0))
        #expect(FileManager.default.createFile(atPath: leftover, contents: Data("a stale leftover, longer than the page".utf8)))
        _ = try SiteWriter().write(TestSite.version(2), to: out, force: false)
        #expect(FileManager.default.contents(atPath: out + "/feed.xml") == Data("<feed>2</feed>".utf8))
        #expect(Self.waymarkLeftovers(out).isEmpty)
    }

    /// A folder that was there before Waymark wrote into it (here with --force) is the user's: when
    /// Waymark's pages leave it, it stays, the same folder.
    @Test func aFolderWaymarkDidNotMakeIsNeverRemoved() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("docs")
        #expect(mkdir(out, 0o755) == 0)
        let user = UserFiles(root: out)
        user.file("README.txt", "the user's")
        user.folder(Array("notes".utf8))
        let inode = FileSystem.local.info(out + "/notes")?.inode
        _ = try SiteWriter().write(TestSite.version(1), to: out, force: true)
        #expect(dir.read("docs/.waymark")?.contains("\nuser-folder notes\n") == true)
        let report = try SiteWriter().write([SiteFile(path: "index.html", text: "no notes")], to: out, force: false)
        #expect(report.kept == ["README.txt"])
        #expect(FileSystem.local.info(out + "/notes")?.inode == inode)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out + "/notes")) == [])
        // Folders Waymark made for version 1 alone are gone with their pages.
        #expect(!FileManager.default.fileExists(atPath: out + "/only-1") && !FileManager.default.fileExists(atPath: out + "/months"))
    }

    /// Files written into the site while rebuilds run (at the top, in Waymark's folders, in the
    /// user's, in folders that the next build removes, under names that are not UTF-8) all stay
    /// where they were written, with their bytes.
    @Test func filesWrittenDuringRebuildsStayInPlace() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(TestSite.version(1, notes: 300), to: out, force: false)
        let user = UserFiles(root: out)
        let places: [[UInt8]] = [[], Array("notes/".utf8), Array("mine/".utf8), Array("only-1/deep/".utf8), Array("only-2/".utf8),
                                 Array("notes/new/".utf8), [0x6E, 0xFF, 0x2F]]
        let stop = Mutex(false)
        let written = Mutex(0)
        let writer = Thread {
            var n = 0
            while !stop.withLock({ $0 }) {
                let name = places[n % places.count] + Array("user-\(n)".utf8) + (n % 5 == 0 ? [0xFE, 0x2E, 0x74] : Array(".txt".utf8))
                user.file(name, Array("written during a build, \(n)".utf8))
                n += 1
                written.withLock { $0 = n }
                usleep(200)
            }
        }
        writer.start()
        for trial in 0..<10 {
            _ = try SiteWriter().write(TestSite.version(trial % 2 == 0 ? 2 : 1, notes: 300), to: out, force: false)
        }
        stop.withLock { $0 = true }
        while !writer.isFinished { usleep(1_000) }
        user.record()
        let missing = user.paths.filter { user.state($0)?.bytes == nil }
        #expect(written.withLock { $0 } > 100)
        #expect(missing.isEmpty, "\(missing.count) of \(user.paths.count) files written during the builds are gone")
        for path in user.paths {
            #expect(user.state(path)?.bytes.map { String(decoding: $0, as: UTF8.self).hasPrefix("written during a build") } == true)
        }
        #expect(Self.waymarkLeftovers(dir.path).isEmpty)
    }

    /// A file that appears at the place of a new page while the site is built is someone else's:
    /// it stays, and the build says so.
    @Test func aFileThatAppearsAtANewPagesPlaceIsKept() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(TestSite.version(1), to: out, force: false)
        var fs = FileSystem.local
        let write = fs.writeFile
        fs.writeFile = { (path, bytes) throws(FileSystemError) in
            if path.hasSuffix("only-2/.page.html.waymark-tmp-0") {
                _ = FileManager.default.createFile(atPath: out + "/only-2/page.html", contents: Data("the user's, just now".utf8))
            }
            try write(path, bytes)
        }
        let report = try SiteWriter(fileSystem: fs).write(TestSite.version(2), to: out, force: false)
        #expect(dir.read("site/only-2/page.html") == "the user's, just now")
        #expect(report.appeared == ["only-2/page.html"])
        #expect(dir.read("site/.waymark")?.contains("\nonly-2/page.html\n") == false)
        #expect(Self.waymarkLeftovers(dir.path).isEmpty)
        let summary = BuildCommand.summary(BuildPipeline.Outcome(report: report, output: "site", files: 1, pages: 1, warnings: [], timings: []), seconds: 0.1)
        #expect(summary.contains("warning: site/only-2/page.html appeared while the site was built and was kept; that page was not written"))
        // It is now a file of the user's like any other: kept, and not overwritten without --force.
        #expect(throws: SiteWriteError.self) { try SiteWriter().write(TestSite.version(2), to: out, force: false) }
    }

    /// A build stopped at any moment, as SIGKILL would stop it (the state of the folder copied
    /// before each change the build makes), is finished by the next build: the site is exactly
    /// the new one, nothing of Waymark's is left, the user's files are as they were, and no
    /// warning calls Waymark's own files someone else's.
    @Test func aBuildKilledAtAnyMomentIsFinishedByTheNext() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("parent/site")
        _ = try SiteWriter().write(TestSite.version(1, notes: 12), to: out, force: false)
        let user = UserFiles(root: out)
        user.file("CNAME", "example.org")
        user.file(Array("notes/".utf8) + [0x6D, 0xFF], Array("mine".utf8))
        user.file("only-1/deep/keep.txt", "in a folder the new site drops")
        let moments = Mutex(0)
        var fs = FileSystem.local
        let base = dir.path
        // Before every change: a copy of the whole parent folder, as a kill would leave it.
        @Sendable func snapshot() {
            let n = moments.withLock { n -> Int in
                n += 1
                return n
            }
            let copy = Process()
            copy.executableURL = URL(fileURLWithPath: "/bin/cp")
            copy.arguments = ["-a", base + "/parent", base + "/killed-\(n)"]
            try? copy.run()
            copy.waitUntilExit()
        }
        let local = FileSystem.local
        fs.writeFile = { (p, b) throws(FileSystemError) in snapshot(); try local.writeFile(p, b) }
        fs.rename = { (a, b) throws(FileSystemError) in snapshot(); try local.rename(a, b) }
        fs.renameNoReplace = { (a, b) throws(FileSystemError) in snapshot(); try local.renameNoReplace(a, b) }
        fs.removeFile = { (p) throws(FileSystemError) in snapshot(); try local.removeFile(p) }
        fs.createDirectory = { (p) throws(FileSystemError) in snapshot(); try local.createDirectory(p) }
        fs.removeEmptyDirectory = { (p) throws(FileSystemError) in snapshot(); try local.removeEmptyDirectory(p) }
        let next = TestSite.version(2, notes: 12)
        _ = try SiteWriter(fileSystem: fs).write(next, to: out, force: false)
        let count = moments.withLock { $0 }
        #expect(count > 30)
        let userNames: Set<String> = ["CNAME", "notes/m\u{FFFD}", "only-1", "only-1/deep", "only-1/deep/keep.txt"]
        for n in 1...count {
            let site = dir.file("killed-\(n)/site")
            let again = UserFiles(root: site)
            for path in user.paths { again.existing(path) }
            again.record()
            // The next build is of either version: the user may have gone back.
            let version = n % 3 == 0 ? TestSite.version(1, notes: 12) : next
            let report = try SiteWriter(processID: 7).write(version, to: site, force: false)
            #expect(report.leftovers.isEmpty && report.appeared.isEmpty, "moment \(n)")
            #expect(report.kept == ["CNAME", "notes/m\u{FFFD}", "only-1/deep/keep.txt"], "moment \(n)")
            #expect(Self.differences(site, version, others: userNames).isEmpty, "moment \(n): \(Self.differences(site, version, others: userNames))")
            #expect(Self.waymarkLeftovers(dir.file("killed-\(n)")).isEmpty, "moment \(n): \(Self.waymarkLeftovers(dir.file("killed-\(n)")))")
            // Waymark's folders: those of the pages, and those of version 1's pages that hold the user's file.
            let folders = SiteManifest.folders(of: version.map(\.path)).union(["only-1", "only-1/deep"])
            #expect(dir.read("killed-\(n)/site/.waymark") == SiteManifest(files: version.map(\.path), folders: folders).text, "moment \(n)")
            #expect(again.changes(ignoringFolderTimes: true).isEmpty, "moment \(n)")
        }
    }
}
