import Foundation
import Testing
@testable import WaymarkKit

/// The preview's HTTP library is found when a server starts: on Linux opened then, never linked,
/// so the other commands do not load it and the libraries behind it.
struct MicroHTTPDTests {
    /// The library opens and gives every function; the first server then serves (the other
    /// serve tests start many).
    @Test func theLibraryOpensWithEveryFunction() throws {
        let http = try MicroHTTPD.open(MicroHTTPD.libraryName).get()
        #expect(http.table.start_daemon != nil && http.table.queue_response != nil)
        #expect(try MicroHTTPD.shared.get().table.stop_daemon != nil)
    }

    #if os(Linux)
    /// A library that is not there is named in a message that says how to install it.
    @Test func aMissingLibraryIsNamedWithHowToInstallIt() {
        guard case .failure(let error) = MicroHTTPD.open("libwaymark-absent.so.0") else {
            Issue.record("a missing library opened")
            return
        }
        #expect(error.kind == .io)
        #expect(error.message.contains("libwaymark-absent.so.0"))
        #expect(error.message.contains("needs libmicrohttpd") && error.message.contains("apt-get install libmicrohttpd12"))
    }

    /// Nothing links the library: the test binary (WaymarkKit and everything it uses) does not
    /// name it among the libraries it loads at its start, as `ldd` lists them, while it names
    /// libcmark, which it links.
    @Test func nothingLinksTheLibrary() throws {
        let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let listed = try ProtectedFolderTests.librariesLoaded(by: binary)
        #expect(listed.contains("libcmark"))
        #expect(!listed.contains("libmicrohttpd") && !listed.contains("libgnutls"))
    }

    /// The real binary where the library cannot be loaded (in a private mount namespace, the
    /// empty /dev/null mounted over the library's file): `serve` says what it needs and how to
    /// install it before it builds anything (exit 74), and `build` makes the site as ever.
    @Test(.enabled(if: ProtectedFolderTests.canUnshare, "needs root, unshare and the debug binary"))
    func withoutTheLibraryServeSaysWhatItNeedsAndBuildStillWorks() throws {
        let dir = TemporaryDirectory()
        let demo = TestPaths.repo.path + "/Examples/demo"
        let script = """
            timeout 20 "$2" serve "$3" --port 0 > "$1/serve-out" 2> "$1/serve-err"
            echo $? > "$1/serve-code"
            "$2" build -q "$3" -o "$1/site"
            echo $? > "$1/build-code"
            """
        #expect(try ProtectedFolderTests.withoutLibrary("libmicrohttpd.so.12", script, [dir.path, InterruptedBuildTests.binary, demo]) == 0)
        #expect(dir.read("serve-code") == "74\n")
        let said = dir.read("serve-err") ?? ""
        #expect(said.contains("needs libmicrohttpd, which could not be loaded") && said.contains("apt-get install libmicrohttpd12"))
        #expect(!said.contains("Built") && dir.read("serve-out") == "")
        #expect(dir.read("build-code") == "0\n")
        #expect(FileManager.default.fileExists(atPath: dir.file("site/index.html")))
    }
    #endif
}
