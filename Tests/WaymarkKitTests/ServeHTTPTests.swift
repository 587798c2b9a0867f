import Foundation
import Testing
@testable import WaymarkKit

/// `waymark serve` over real HTTP on 127.0.0.1 (libmicrohttpd underneath), with the bundled demo.
struct ServeHTTPTests {
    @Test func servesPagesAndFilesWithTheirTypes() throws {
        let preview = try PreviewHarness(["--lang", "en"])
        #expect(preview.service.url == "http://127.0.0.1:\(preview.service.port)/")
        let home = try #require(preview.http.request("GET", "/"))
        #expect(home.status == 200)
        #expect(home.headers["content-type"] == "text/html; charset=utf-8")
        #expect(home.headers["cache-control"] == "no-cache")
        #expect(home.headers["x-content-type-options"] == "nosniff")
        #expect(home.text.contains("<link rel=\"stylesheet\" href=\"style.css\">"))
        let expected = ["/style.css": "text/css; charset=utf-8", "/favicon.svg": "image/svg+xml", "/stats.json": "application/json",
                        "/weight.csv": "text/csv; charset=utf-8", "/notes/": "text/html; charset=utf-8",
                        "/notes/images/route.png": "image/png"]
        for (path, type) in expected {
            let response = preview.http.request("GET", path)
            #expect(response?.status == 200, "\(path)")
            #expect(response?.headers["content-type"] == type, "\(path)")
        }
        // The served bytes are the built ones.
        let css = try #require(preview.http.request("GET", "/style.css"))
        #expect(css.body == preview.service.session.snapshot["style.css"]?.bytes)
        // HEAD: the same headers, no body.
        let head = try #require(preview.http.request("HEAD", "/"))
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == String(home.body.count))
        #expect(head.headers["etag"] == home.headers["etag"])
        #expect(head.body.isEmpty)
    }

    @Test func conditionalRequestsAnswer304() throws {
        let preview = try PreviewHarness([])
        let css = try #require(preview.http.request("GET", "/style.css"))
        let etag = try #require(css.headers["etag"])
        let modified = try #require(css.headers["last-modified"])
        // The clock says 1_795_953_600: day 20_786 after 1970 (2026-11-29) at 12:00:00.
        #expect(modified == "Sun, 29 Nov 2026 12:00:00 GMT")
        let byTag = try #require(preview.http.request("GET", "/style.css", headers: ["If-None-Match": etag]))
        #expect(byTag.status == 304)
        #expect(byTag.body.isEmpty)
        #expect(byTag.headers["etag"] == etag)
        #expect(preview.http.request("GET", "/style.css", headers: ["If-Modified-Since": modified])?.status == 304)
        #expect(preview.http.request("GET", "/style.css", headers: ["If-Modified-Since": "Sun, 29 Nov 2026 11:59:59 GMT"])?.status == 200)
        #expect(preview.http.request("GET", "/style.css", headers: ["If-None-Match": "\"stale\""])?.status == 200)
        // A page's validators hold its build id: the same page is 304 until the next build.
        let page = try #require(preview.http.request("GET", "/"))
        #expect(preview.http.request("GET", "/", headers: ["If-None-Match": page.headers["etag"] ?? ""])?.status == 304)
    }

    @Test func missingPathsAndOtherMethods() throws {
        let preview = try PreviewHarness(["--lang", "en"])
        let missing = try #require(preview.http.request("GET", "/nope.html"))
        #expect(missing.status == 404)
        #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
        #expect(missing.text.contains("<link rel=\"stylesheet\" href=\"/style.css\">"))
        #expect(missing.text.contains("Nothing is at <code>/nope.html</code> in this site."))
        #expect(missing.text.contains("<a href=\"/\">Back to the overview</a>"))
        for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
            let response = preview.http.request(method, "/")
            #expect(response?.status == 405, "\(method)")
            #expect(response?.headers["allow"] == "GET, HEAD", "\(method)")
        }
        let folder = try #require(preview.http.request("GET", "/notes"))
        #expect(folder.status == 301)
        #expect(folder.headers["location"] == "/notes/")
    }

    /// Paths sent as they are, without a client tidying them: none reaches a file outside the
    /// site, and none is a directory listing.
    @Test func traversalIsRefused() throws {
        let preview = try PreviewHarness([])
        for path in ["/../etc/passwd", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/notes/..%2f..%2fetc/passwd",
                     "/..%5c..%5c", "/..%5c..%5cetc%5cpasswd", "/%252e%252e/%252e%252e/etc/passwd", "/notes/%2e%2e/%2e%2e/etc/passwd",
                     "/./index.html", "//etc/passwd", "/index.html%00.css", "/..", "/notes/.."] {
            let response = try #require(preview.http.request("GET", path), "\(path)")
            #expect(response.status == 400, "\(path)")
            #expect(!response.text.contains("root:"), "\(path)")
        }
        // A folder without an index page is not listed.
        #expect(preview.http.request("GET", "/notes/images/")?.status == 404)
    }

    /// A raw NUL ends the path where a C string would end: `/index.html\0.css` must not be
    /// read as `/index.html`. Sent as raw bytes, as no client library would.
    @Test func aRawNULInTheRequestIs400() throws {
        let preview = try PreviewHarness([])
        for target in ["/index.html\u{0}.css", "/\u{0}", "/notes/\u{0}../../etc/passwd", "/?since=a\u{0}b"] {
            let response = try #require(preview.http.exchange("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
                                        "\(target.debugDescription)")
            #expect(response.status == 400, "\(target.debugDescription)")
            #expect(response.headers["content-type"] == "text/plain; charset=utf-8", "\(target.debugDescription)")
        }
        // In a header's value (RFC 9110, section 5.5: reject or replace).
        let header = try #require(preview.http.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\u{0}evil\r\nConnection: close\r\n\r\n"))
        #expect(header.status == 400)
        #expect(preview.http.request("GET", "/index.html")?.status == 200)
    }

    @Test func aMethodWithANULIs400() throws {
        let preview = try PreviewHarness([])
        for method in ["GET\u{0}", "GE\u{0}T", "\u{0}GET", "HEAD\u{0}"] {
            let response = try #require(preview.http.exchange("\(method) / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
                                        "\(method.debugDescription)")
            #expect(response.status == 400, "\(method.debugDescription)")
        }
        // Not a token at all (RFC 9110, section 9.1): also refused before any method check.
        #expect(preview.http.exchange("G(T / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")?.status == 400)
        #expect(preview.http.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")?.status == 200)
    }

    /// RFC 9112, section 3.2: a request with more than one Host, or an HTTP/1.1 request without
    /// one, gets 400; the first Host must not win (the second may be the one a page of another
    /// site sent).
    @Test func twoHostHeadersAre400() throws {
        let preview = try PreviewHarness([])
        let heads = ["Host: 127.0.0.1\r\nHost: evil.example\r\n", "Host: evil.example\r\nHost: 127.0.0.1\r\n",
                     "Host: 127.0.0.1\r\nhost: 127.0.0.1\r\n",
                     // Hidden second Hosts: white space before the colon (section 5.1), a folded line (5.2).
                     "Host: 127.0.0.1\r\nHost : evil.example\r\n", "X-A: b\r\n Host: evil.example\r\nHost: 127.0.0.1\r\n",
                     // HTTP/1.1 without a Host.
                     ""]
        for head in heads {
            let response = try #require(preview.http.exchange("GET /stats.json HTTP/1.1\r\n\(head)Connection: close\r\n\r\n"), "\(head.debugDescription)")
            #expect(response.status == 400, "\(head.debugDescription)")
            #expect(!response.text.contains("{"), "\(head.debugDescription)")
        }
        // HTTP/1.0 without Host is still served (docs/serve.md, Security).
        #expect(preview.http.exchange("GET /stats.json HTTP/1.0\r\n\r\n")?.status == 200)
    }

    @Test func liveReloadStreamTellsAnOlderPageToReload() throws {
        let preview = try PreviewHarness([])
        let page = try #require(preview.http.request("GET", "/")).text
        let id = try #require(PreviewHarness.reloadID(page))
        #expect(page.contains("<script>new EventSource(\"/_waymark/events?since=\(id)&page=index.html\").onmessage=function(){location.reload()}</script></body>"))
        // A page from an earlier build is told at once; the stream starts with a retry hint.
        let stream = preview.http.readStream("/_waymark/events?since=older", until: "data: \(id)\n\n", timeout: 5)
        #expect(stream.contains("Content-Type: text/event-stream; charset=utf-8"))
        #expect(stream.contains("retry: 1000\n\n"))
        #expect(stream.contains("data: \(id)\n\n"))
    }

    @Test func theBuiltSiteHasNoScript() throws {
        let dir = TemporaryDirectory()
        let run = CLIRun(["build", "-q", "-o", dir.file("site")])
        #expect(run.code == 0)
        let files = Golden.files(in: dir.file("site"))
        #expect(files.count > 30)
        for (path, data) in files {
            #expect(!String(decoding: data, as: UTF8.self).lowercased().contains("<script"), "\(path)")
        }
    }

    @Test func aTakenPortIsNamedWithAHint() throws {
        let first = try PreviewHarness([])
        let port = first.service.port
        let env = CommandEnvironment(standardOutput: { _ in }, standardError: { _ in }, fileSystem: .local, clock: { 0 }, processID: 1)
        #expect {
            _ = try ServeCommand.start(try ServeCommand.spec.parse(["--port", String(port)]), env)
        } throws: { error in
            (error as? ServeError)?.message.hasPrefix("port \(port) on 127.0.0.1 is already in use") == true
                && (error as? ServeError)?.message.contains("--port") == true
        }
    }
}
