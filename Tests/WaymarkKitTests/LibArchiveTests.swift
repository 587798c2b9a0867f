import Foundation
import Testing
@testable import WaymarkKit

/// libarchive is found when the first archive is read: on Linux opened then, never linked by
/// the program, so a site built from folders of files does not load it and the libraries behind
/// it.
struct LibArchiveTests {
    /// The library opens and gives every function (the import tests read their zips through it).
    @Test func theLibraryOpensWithEveryFunction() throws {
        let lib = try LibArchive.open(LibArchive.libraryName).get()
        let archive = try #require(lib.readNew())
        #expect(lib.readSupportFormatZip(archive) == 0)
        #expect(lib.readFree(archive) == 0)
        #expect(throws: Never.self) { try LibArchive.shared.get() }
    }

    #if os(Linux)
    /// A library that is not there is named in a message that says how to install it.
    @Test func aMissingLibraryIsNamedWithHowToInstallIt() {
        guard case .failure(let unavailable) = LibArchive.open("libwaymark-absent.so.0") else {
            Issue.record("a missing library opened")
            return
        }
        let error = unavailable.error
        #expect(error.category == .io)
        #expect(error.message.contains("libwaymark-absent.so.0"))
        #expect(error.message.hasPrefix("reading an archive needs libarchive, which could not be loaded"))
        #expect(error.message.contains("apt-get install libarchive13"))
    }

    /// The program does not load the library at its start: `ldd` of the real binary (everything
    /// it loads, and what that loads) names libcmark, which it links, and not libarchive or the
    /// libraries only libarchive brings (Nettle, libacl).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: InterruptedBuildTests.binary), "needs the debug binary"))
    func theProgramDoesNotLoadTheLibraryAtItsStart() throws {
        let listed = try ProtectedFolderTests.librariesLoaded(by: InterruptedBuildTests.binary)
        #expect(listed.contains("libcmark"))
        #expect(!listed.contains("libarchive") && !listed.contains("libnettle") && !listed.contains("libacl"))
    }

    /// The real binary where the library cannot be loaded (in a private mount namespace, the
    /// empty /dev/null mounted over the library's file): a zip export is refused with what it
    /// needs and how to install it (74, nothing written), `init` leaves it out of the config with
    /// the same words, and a folder export builds as ever.
    @Test(.enabled(if: ProtectedFolderTests.canUnshare, "needs root, unshare and the debug binary"))
    func withoutTheLibraryAZipSaysWhatItNeedsAndAFolderStillBuilds() throws {
        let dir = TemporaryDirectory()
        let demo = TestPaths.repo.path + "/Examples/demo"
        TestZip.write(dir.file("export.zip"), [.text("notes/hello.md", "# Hello\n")])
        try FileManager.default.createDirectory(atPath: dir.file("init"), withIntermediateDirectories: true)
        TestZip.write(dir.file("init/export.zip"), [.text("notes/hello.md", "# Hello\n")])
        let script = """
            "$2" build -q "$1/export.zip" -o "$1/zip-site" > "$1/zip-out" 2> "$1/zip-err"
            echo $? > "$1/zip-code"
            "$2" build -q "$3" -o "$1/site"
            echo $? > "$1/build-code"
            cd "$1/init" && "$2" init 2> "$1/init-err" > /dev/null
            echo $? > "$1/init-code"
            """
        #expect(try ProtectedFolderTests.withoutLibrary("libarchive.so.13", script, [dir.path, InterruptedBuildTests.binary, demo]) == 0)
        #expect(dir.read("zip-code") == "74\n")
        let said = dir.read("zip-err") ?? ""
        #expect(said.contains("export.zip: reading an archive needs libarchive, which could not be loaded"), "\(said)")
        #expect(said.contains("apt-get install libarchive13"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("zip-site")))
        #expect(dir.read("build-code") == "0\n")
        #expect(FileManager.default.fileExists(atPath: dir.file("site/index.html")))
        #expect(dir.read("init-code") == "0\n")
        #expect(dir.read("init-err")?.hasPrefix("warning: export.zip: left out: reading an archive needs libarchive, which could not be loaded") == true,
                "\(dir.read("init-err") ?? "")")
        #expect(dir.read("init/waymark.json")?.contains("None was found here") == true)
    }
    #endif
}
