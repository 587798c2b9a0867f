import Foundation
import Testing
@testable import WaymarkKit

struct SiteWriterTests {
    let files = [SiteFile(path: "index.html", text: "home"), SiteFile(path: "notes/a.html", text: "A")]

    func inode(_ path: String) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? UInt64
    }

    func listing(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func writesANewSiteWithAManifest() throws {
        let dir = TemporaryDirectory()
        let report = try SiteWriter().write(files, to: dir.file("out/site"), force: false)
        #expect(report.written == 2 && report.unchanged == 0 && !report.upToDate)
        #expect(dir.read("out/site/index.html") == "home")
        #expect(dir.read("out/site/notes/a.html") == "A")
        #expect(dir.read("out/site/.waymark")?.hasPrefix("waymark-site 1\n") == true)
        #expect(dir.read("out/site/.waymark")?.hasSuffix("index.html\nnotes/a.html\n") == true)
        // Nothing is left beside it.
        #expect(listing(dir.file("out")) == listing(dir.file("out")).filter { !$0.hasPrefix(".") })
    }

    /// An output named through folders that do not exist and `..` makes only the folders it
    /// ends in: `new/../site` is `site`, with no empty `new` left beside it.
    @Test func dotDotThroughAMissingFolderMakesNoFolderOnTheWay() throws {
        let dir = TemporaryDirectory()
        let report = try SiteWriter().write(files, to: dir.file("new/../out/deeper/../site"), force: false)
        #expect(report.written == 2)
        #expect(dir.read("out/site/index.html") == "home")
        #expect(listing(dir.path).filter { !$0.hasPrefix("out/site/") } == ["out", "out/site"])
    }

    @Test func refusesAForeignFolderUnlessForced() throws {
        let dir = TemporaryDirectory()
        dir.write("site/CNAME", "example.org")
        dir.write("site/index.html", "theirs")
        do {
            _ = try SiteWriter().write(files, to: dir.file("site"), force: false)
            Issue.record("wrote into a foreign folder")
        } catch {
            #expect(error.exitCode == 73)
            #expect(error.message.contains("Waymark did not create it"))
        }
        #expect(dir.read("site/index.html") == "theirs")
        let report = try SiteWriter().write(files, to: dir.file("site"), force: true)
        #expect(report.kept == ["CNAME"] && report.replaced == ["index.html"])
        let summary = BuildCommand.summary(BuildPipeline.Outcome(report: report, output: "site", files: 2, pages: 2, warnings: [], timings: []), seconds: 0.1)
        #expect(summary.contains("Kept 1 file(s) Waymark did not write.\nReplaced 1 file(s) Waymark did not write at the places of its pages, as --force allows: index.html.\n"))
        #expect(dir.read("site/CNAME") == "example.org")
        #expect(dir.read("site/index.html") == "home")
    }

    @Test func anEmptyFolderIsAdopted() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("site"), withIntermediateDirectories: true)
        _ = try SiteWriter().write(files, to: dir.file("site"), force: false)
        #expect(dir.read("site/index.html") == "home")
    }

    @Test func unchangedFilesKeepTheirInodeAndTime() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        let before = inode(out + "/notes/a.html")
        let again = try SiteWriter().write(files, to: out, force: false)
        #expect(again.upToDate)
        #expect(inode(out + "/notes/a.html") == before)

        var changed = files
        changed[0] = SiteFile(path: "index.html", text: "home v2")
        let report = try SiteWriter().write(changed, to: out, force: false)
        #expect(report.written == 1 && report.unchanged == 1)
        #expect(inode(out + "/notes/a.html") == before)  // not touched
        #expect(dir.read("site/index.html") == "home v2")
    }

    @Test func filesAddedByTheUserAreKeptAndNeverOverwritten() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        dir.write("site/CNAME", "example.org")
        dir.write("site/extra/keep.txt", "mine")
        let report = try SiteWriter().write([SiteFile(path: "index.html", text: "v2")], to: out, force: false)
        #expect(report.kept == ["CNAME", "extra/keep.txt"])
        #expect(dir.read("site/CNAME") == "example.org")
        #expect(dir.read("site/extra/keep.txt") == "mine")
        #expect(dir.read("site/notes/a.html") == nil)  // Waymark's own old page is gone

        // A user file where Waymark now wants to write: refused without --force.
        do {
            _ = try SiteWriter().write([SiteFile(path: "CNAME", text: "x")], to: out, force: false)
            Issue.record("overwrote a user's file")
        } catch {
            #expect(error.exitCode == 73)
        }
        #expect(dir.read("site/CNAME") == "example.org")
    }

    /// Into a folder with no site of Waymark's, a failure speaks of no previous site, and a
    /// refused write says to check the folder's permissions.
    @Test func aFailureInAFolderWithoutASiteSaysNoSiteWasWritten() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("empty")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var refusing = FileSystem.local
        refusing.writeFile = { (path, _) throws(FileSystemError) in
            throw FileSystemError(path: path, operation: "write", reason: .permissionDenied, detail: "Permission denied")
        }
        do {
            _ = try SiteWriter(fileSystem: refusing).write(files, to: out, force: false)
            Issue.record("no error")
        } catch {
            #expect(error.exitCode == 73)
            #expect(error.message.hasSuffix("; check that you may write to \(out); no site was written"), "\(error.message)")
            #expect(!error.message.contains("previous site"))
        }
    }

    @Test func aFailureLeavesThePreviousSiteUntouched() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        var failing = FileSystem.local
        let real = FileSystem.local.writeFile
        failing.writeFile = { (path, bytes) throws(FileSystemError) in
            if path.contains("b.html") { throw FileSystemError(path: path, operation: "write", reason: .noSpace, detail: "No space left on device") }
            try real(path, bytes)
        }
        do {
            _ = try SiteWriter(fileSystem: failing).write([SiteFile(path: "index.html", text: "new"), SiteFile(path: "notes/b.html", text: "B")],
                                                          to: out, force: false)
            Issue.record("no error")
        } catch {
            #expect(error.exitCode == 74)
            #expect(error.message.hasSuffix("the previous site was left as it was"))
        }
        #expect(dir.read("site/index.html") == "home")
        #expect(dir.read("site/notes/a.html") == "A")
        #expect(listing(dir.path).filter { $0.contains("waymark-tmp") }.isEmpty)
        #expect(dir.read("site/.waymark") == "waymark-site 1\n# Written by Waymark. Files listed here are replaced on every build; others are kept.\nindex.html\nnotes/a.html\n")
    }

    /// A FIFO (something that is neither file, folder nor link) is left where it is.
    @Test func aFIFOStaysWhereItIs() throws {
        let dir = TemporaryDirectory()
        let out = dir.file("site")
        _ = try SiteWriter().write(files, to: out, force: false)
        #expect(mkfifo(out + "/pipe", 0o644) == 0)
        let report = try SiteWriter().write([SiteFile(path: "index.html", text: "v2")], to: out, force: false)
        #expect(report.written == 1 && report.kept == ["pipe"])
        #expect(dir.read("site/index.html") == "v2")
        #expect(dir.read("site/notes/a.html") == nil)  // Waymark's old page is gone, and its empty folder
        #expect(!FileManager.default.fileExists(atPath: out + "/notes"))
        var st = stat()
        #expect(lstat(out + "/pipe", &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO)
        #expect(dir.read("site/.waymark")?.hasSuffix("\nindex.html\n") == true)
        #expect(listing(dir.path).filter { $0.contains("waymark") && !$0.hasSuffix(".waymark") }.isEmpty)
    }

    @Test func outputThatIsAFileIsRefused() throws {
        let dir = TemporaryDirectory()
        dir.write("site", "a file")
        #expect(throws: SiteWriteError.self) { try SiteWriter().write(files, to: dir.file("site"), force: true) }
        #expect(dir.read("site") == "a file")
    }

    /// The folders of a site's files, worked out once for each folder's files, are those of every
    /// file, in any order.
    @Test func theFoldersOfFilesAreThoseOfEveryFile() {
        var random = SampleRandom(seed: 5)
        let parts = ["a", "b", "notes", "habits", "x-1"]
        for _ in 0..<300 {
            let files = (0..<random.int(40)).map { _ in (0...random.int(4)).map { _ in random.pick(parts) }.joined(separator: "/") + ".html" }
            #expect(SiteManifest.folders(of: files) == Set(files.flatMap(SiteWriter.directories(of:))), "\(files)")
        }
        #expect(SiteManifest.folders(of: ["a/b/c.html", "e.html", "a/d.html", "a/b/f.html"]) == ["a", "a/b"])
    }

    /// A file at the place of another file's folder is refused, whichever file of that folder
    /// comes first; folders shared by many files are not.
    @Test func aFileWhereAFolderIsIsRefused() throws {
        for paths in [["a/b", "a/b/c.html"], ["a/b/c.html", "a/b"], ["a/b/c.html", "a/b/d.html", "a"], ["x/y.html", "x/z.html", "x/y.html/q"]] {
            #expect(throws: SiteWriteError.self, "\(paths)") { try SiteWriter.check(paths) }
        }
        do {
            try SiteWriter.check(["x/y.html", "x/z.html", "x/y.html/q"])
            Issue.record("not refused")
        } catch {
            #expect(error.message.contains("x/y.html") && error.message.contains("x/y.html/q"), "\(error.message)")
        }
        try SiteWriter.check(["a/b/c.html", "a/b/d.html", "a/e.html", "f.html"])
    }

    @Test func unsafePathsAreRejected() {
        for bad in ["../x.html", "/etc/passwd", "a/../../b", "a//b", "", "notes/晨跑.html", "a/.", "x\u{0}y", "a/", ".", "..",
                    "./a", "a/..", String(repeating: "a", count: 121), String(repeating: "a/", count: 121) + "b", "a b", "a\\b"] {
            #expect(!SitePath.isSafe(bad), "\(bad)")
        }
        for good in ["notes/half-marathon.html", "...", "a/.../b", ".well-known/x", "a.b_c-D9/e", String(repeating: "a", count: 120)] {
            #expect(SitePath.isSafe(good), "\(good)")
        }
        #expect(SitePath.root(from: "notes/a.html") == "../")
        #expect(SitePath.root(from: "a/b/c.html") == "../../")
        #expect(SitePath.root(from: "index.html") == "")
    }
}
