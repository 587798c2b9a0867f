import Testing
@testable import WaymarkKit

/// The writer cuts paths at their last slash by bytes: a name that begins with a combining mark
/// (one character with the slash before it) or a folder that ends with a prepended sign (one
/// character with the slash after it) keeps every byte on its side.
struct PathSplitTests {
    @Test func theWriterSplitsAPathAtItsLastSlash() {
        let writer = SiteWriter()
        #expect(writer.split("/tmp/\u{301}x") == ("/tmp", "\u{301}x"))
        #expect(writer.split("a/\u{301}b") == ("a", "\u{301}b"))
        #expect(writer.split("\u{600}/b") == ("\u{600}", "b"))
        #expect(writer.split("/site") == ("/", "site"))
        #expect(writer.split("site") == (".", "site"))
        #expect(writer.split("out/site/") == ("out/site", ""))
    }

    @Test func temporariesSitBesideTheirFileAndNameIt() throws {
        let suffix = SiteTemporaries.marker + "42"
        #expect(SiteTemporaries.path(of: "notes/a.html", suffix: suffix) == "notes/.a.html" + suffix)
        #expect(SiteTemporaries.path(of: "index.html", suffix: suffix) == ".index.html" + suffix)
        #expect(SiteTemporaries.path(of: "a/\u{301}b", suffix: suffix) == "a/.\u{301}b" + suffix)
        let back = try #require(SiteTemporaries.original(of: "notes/.a.html" + suffix))
        #expect(back.path == "notes/a.html" && back.suffix == suffix)
        #expect(SiteTemporaries.original(of: "notes/a.html") == nil)
    }
}
