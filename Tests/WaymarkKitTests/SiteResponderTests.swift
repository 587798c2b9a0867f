import Testing
@testable import WaymarkKit

/// `SiteResponder` and `SiteSnapshot`: the preview's HTTP rules without a socket.
struct SiteResponderTests {
    static let page = "<!DOCTYPE html><html><body><p>Hi</p></body></html>"
    static let files = [SiteFile(path: "index.html", text: page), SiteFile(path: "style.css", text: "body{}"),
                        SiteFile(path: "notes/index.html", text: page), SiteFile(path: "stats.json", text: "{}")]

    func responder(reloadID: String? = nil, failure: String? = nil) -> SiteResponder {
        SiteResponder(snapshot: SiteSnapshot(files: SiteResponderTests.files, language: .en, at: 1_000_000), failure: failure,
                      reloadID: reloadID, stateChanged: 1_000_500)
    }

    @Test func servesFilesWithTypesAndValidators() {
        let css = responder().respond(HTTPRequest(method: "GET", path: "/style.css"))
        #expect(css.status == 200)
        #expect(css.bytes == Array("body{}".utf8))
        #expect(css.header("Content-Type") == "text/css; charset=utf-8")
        #expect(css.header("Cache-Control") == "no-cache")
        #expect(css.header("X-Content-Type-Options") == "nosniff")
        // 1_000_000 s after 1970 is day 11 (11 × 86400 = 950_400) plus 49_600 s = 13:46:40.
        #expect(css.header("Last-Modified") == "Mon, 12 Jan 1970 13:46:40 GMT")
        // FNV-1a 64 of "body{}" and its length (6).
        #expect(css.header("ETag") == "\"" + hex(FNV1a.hash(Array("body{}".utf8))) + "-6\"")
        #expect(responder().respond(HTTPRequest(method: "GET", path: "/stats.json")).header("Content-Type") == "application/json")
        #expect(responder().respond(HTTPRequest(method: "HEAD", path: "/")).header("Content-Type") == "text/html; charset=utf-8")
    }

    @Test func conditionalRequests() {
        let r = responder()
        let etag = r.respond(HTTPRequest(method: "GET", path: "/style.css")).header("ETag") ?? ""
        func status(_ headers: [String: String]) -> Int { r.respond(HTTPRequest(method: "GET", path: "/style.css", headers: headers)).status }
        #expect(status(["if-none-match": etag]) == 304)
        #expect(status(["if-none-match": "\"other\", W/\(etag)"]) == 304)  // weak comparison, any of a list
        #expect(status(["if-none-match": "*"]) == 304)
        #expect(status(["if-none-match": "\"other\""]) == 200)
        #expect(status(["if-modified-since": "Mon, 12 Jan 1970 13:46:40 GMT"]) == 304)
        #expect(status(["if-modified-since": "Mon, 12 Jan 1970 13:46:39 GMT"]) == 200)
        #expect(status(["if-modified-since": "not a date"]) == 200)
        // If-None-Match decides when present, even if the date alone would say "not modified".
        #expect(status(["if-none-match": "\"other\"", "if-modified-since": "Mon, 12 Jan 1970 13:46:40 GMT"]) == 200)
    }

    @Test func methodsPathsAndMissingFiles() {
        let r = responder()
        let post = r.respond(HTTPRequest(method: "POST", path: "/"))
        #expect(post.status == 405)
        #expect(post.header("Allow") == "GET, HEAD")
        #expect(r.respond(HTTPRequest(method: "GET", path: "/../etc/passwd")).status == 400)
        let folder = r.respond(HTTPRequest(method: "GET", path: "/notes"))
        #expect(folder.status == 301)
        #expect(folder.header("Location") == "/notes/")
        let missing = r.respond(HTTPRequest(method: "GET", path: "/nope.html"))
        #expect(missing.status == 404)
        #expect(missing.header("Content-Type") == "text/html; charset=utf-8")
        #expect(missing.text.contains("<title>Page not found</title>"))
        #expect(missing.text.contains("<link rel=\"stylesheet\" href=\"/style.css\">"))
        #expect(missing.text.contains("Nothing is at <code>/nope.html</code> in this site."))
        #expect(missing.text.contains("<a href=\"/\">Back to the overview</a>"))
        #expect(r.respond(HTTPRequest(method: "GET", path: "/a<b>.html")).status == 400)
        // The 404 page escapes the path it names.
        let page = NotFoundPage.html(path: "/<script>", snapshot: SiteSnapshot(files: [], language: .zhHans, at: 0))
        #expect(page.contains("本网站中没有 <code>/&lt;script&gt;</code>。"))
        #expect(!page.contains("stylesheet"))  // a site without style.css links none
    }

    @Test func pagesGetTheScriptAndOverlayOthersDoNot() {
        let live = responder(reloadID: "t-3", failure: "error: template <broken>")
        let page = live.respond(HTTPRequest(method: "GET", path: "/"))
        // The script names the page's own path, so only a build that changes it reloads it.
        let script = "<script>new EventSource(\"/_waymark/events?since=t-3&page=index.html\").onmessage=function(){location.reload()}</script>"
        #expect(page.text.hasSuffix("<p>Hi</p>" + ErrorOverlay.html("error: template <broken>", language: .en) + script + "</body></html>"))
        #expect(page.text.contains("error: template &lt;broken&gt;"))
        // The served page changes with the build's id; so do its validators.
        #expect(page.header("ETag") == "\"" + hex(FNV1a.hash(Array(SiteResponderTests.page.utf8))) + "-\(String(SiteResponderTests.page.utf8.count, radix: 16))-t-3\"")
        #expect(page.header("Last-Modified") == HTTPDate.format(1_000_500))
        #expect(live.respond(HTTPRequest(method: "GET", path: "/style.css")).bytes == Array("body{}".utf8))
        // A missing page reloads when a build makes a file at its path.
        #expect(live.respond(HTTPRequest(method: "GET", path: "/nope")).text.contains(
            "<script>new EventSource(\"/_waymark/events?since=t-3&page=nope\").onmessage=function(){location.reload()}</script>"))
        #expect(responder().respond(HTTPRequest(method: "GET", path: "/")).text == SiteResponderTests.page)
    }

    @Test func snapshotsKeepTheDateOfUnchangedFiles() {
        let first = SiteSnapshot(files: SiteResponderTests.files, language: .en, at: 100)
        var files = SiteResponderTests.files
        files[1] = SiteFile(path: "style.css", text: "body{color:red}")
        let second = SiteSnapshot(files: files, language: .en, at: 200, previous: first)
        #expect(second.changed == ["style.css"])
        #expect(second["style.css"]?.lastModified == 200)
        #expect(second["index.html"]?.lastModified == 100)
        #expect(second.differs(from: first))
        #expect(!SiteSnapshot(files: files, language: .en, at: 300, previous: second).differs(from: second))
        #expect(SiteSnapshot(files: Array(files.dropLast()), language: .en, at: 300, previous: second).differs(from: second))
    }

    @Test func contentTypes() {
        let expected = ["a.html": "text/html; charset=utf-8", "style.css": "text/css; charset=utf-8", "chart.svg": "image/svg+xml",
                        "stats.json": "application/json", "weight.csv": "text/csv; charset=utf-8", "feed.xml": "application/xml; charset=utf-8",
                        "robots.txt": "text/plain; charset=utf-8", "a.PNG": "image/png", "b.jpg": "image/jpeg", "c.gif": "image/gif",
                        "d.webp": "image/webp", "favicon.ico": "image/x-icon", "f.woff2": "font/woff2", "README": "application/octet-stream",
                        ".hidden": "application/octet-stream", "x.unknown": "application/octet-stream"]
        for (path, type) in expected { #expect(ContentType.of(path) == type, "\(path)") }
    }

    func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension HTTPResponse {
    /// The body as UTF-8 text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
