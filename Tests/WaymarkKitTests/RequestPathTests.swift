import Testing
@testable import WaymarkKit

/// `RequestPath`: which request paths name a file of the site, and which are refused.
struct RequestPathTests {
    @Test func foldersNameTheirIndexPage() {
        #expect(RequestPath.resolve("/") == "index.html")
        #expect(RequestPath.resolve("/notes/") == "notes/index.html")
        #expect(RequestPath.resolve("/notes/half-marathon.html") == "notes/half-marathon.html")
        #expect(RequestPath.resolve("/notes/half-marathon.html?x=1#top") == "notes/half-marathon.html")
        // An encoded letter is decoded once: %61 is "a".
        #expect(RequestPath.resolve("/%61.html") == "a.html")
    }

    @Test func traversalIsRefusedBeforeAndAfterDecoding() {
        for path in ["/../etc/passwd", "/notes/../../etc/passwd", "/./index.html", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E/x",
                     "/.%2e/x", "/notes/..%2f..%2fetc/passwd", "/notes%2findex.html", "/..%5c..%5cwindows", "/a\\b",
                     "/%252e%252e/etc/passwd", "/a%00.html", "/a%zz.html", "/a%2", "//etc/passwd", "/notes//index.html",
                     "etc/passwd", "*", "http://example.com/index.html", "/%C3%28.html"] {
            #expect(RequestPath.resolve(path) == nil, "\(path)")
        }
    }

    @Test func namesASitePathCannotHoldAreRefused() {
        // Site paths are letters, digits, ".", "-" and "_" (SitePath.isSafe); a space or a
        // non-ASCII letter cannot name a file Waymark wrote.
        #expect(RequestPath.resolve("/a%20b.html") == nil)
        #expect(RequestPath.resolve("/%E6%99%A8.html") == nil)
    }
}
