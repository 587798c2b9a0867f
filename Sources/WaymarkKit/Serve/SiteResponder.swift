/// Answers a request for a file from one state of the preview: the preview server's HTTP rules
/// in a pure function (no I/O, no clock), so tests can check them without a socket.
///
/// GET and HEAD only; conditional requests by `ETag`/`If-None-Match` and
/// `Last-Modified`/`If-Modified-Since` (RFC 9110, section 13); `Cache-Control: no-cache`, so a
/// browser asks again every time and sees edits at once; no directory listings.
struct SiteResponder: Sendable {
    var snapshot: SiteSnapshot
    /// What the last rebuild's failure said, while it is the latest build.
    var failure: String?
    /// The current build's id, for the live-reload script; nil serves pages exactly as built.
    var reloadID: String?
    /// When the build state (the script's id, the overlay) last changed: a served page is no
    /// older than that.
    var stateChanged: Int64 = 0
    /// A file of a rebuild in progress, served instead of the snapshot's (`RebuildInProgress`).
    var early: (path: String, entry: SiteSnapshot.Entry)?

    static let allowed = "GET, HEAD"

    func respond(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return plain(405, "Method not allowed: the preview serves GET and HEAD only.\n", extra: [("Allow", SiteResponder.allowed)])
        }
        guard let path = RequestPath.resolve(request.path) else {
            return plain(400, "Bad request: that path cannot name a file of the site.\n")
        }
        guard let entry = early.flatMap({ $0.path == path ? $0.entry : nil }) ?? snapshot[path] else {
            // A folder asked for without its slash: its relative links need the slash.
            if !path.hasSuffix("index.html"), snapshot[path + "/index.html"] != nil {
                return HTTPResponse(status: 301, headers: [("Location", "/" + path + "/")] + common(ContentType.plainText))
            }
            return notFound(String(request.path.prefix { $0 != "?" }), page: path)
        }
        var bytes = entry.bytes
        var etag = entry.etag
        var lastModified = entry.lastModified
        if ContentType.isHTML(entry.contentType), let page = decorate(path) {
            bytes = PageInjection.inject(page.extra, into: bytes)
            // The served page holds the build's id: it changes with every build.
            etag = String(etag.dropLast()) + "-" + page.id + "\""
            lastModified = max(lastModified, stateChanged)
        }
        let validators = [("ETag", etag), ("Last-Modified", HTTPDate.format(lastModified))]
        if notModified(request, etag: etag, lastModified: lastModified) {
            return HTTPResponse(status: 304, headers: validators + [("Cache-Control", "no-cache")])
        }
        return HTTPResponse(status: 200, headers: common(entry.contentType) + validators, body: .bytes(bytes))
    }

    /// The script and the overlay the page at site path `page` gets, with the id they belong to.
    func decorate(_ page: String) -> (extra: String, id: String)? {
        guard let reloadID else { return nil }
        let overlay = failure.map { ErrorOverlay.html($0, language: snapshot.language, hasSite: !snapshot.entries.isEmpty) } ?? ""
        return (overlay + LiveReload.script(id: reloadID, page: page), reloadID)
    }

    /// RFC 9110, section 13.2.2: `If-None-Match` decides when present (a weak comparison, any of
    /// a list, or `*`); only without it does `If-Modified-Since` count (at one-second precision).
    func notModified(_ request: HTTPRequest, etag: String, lastModified: Int64) -> Bool {
        if let match = request.headers["if-none-match"] {
            let tags = match.split(separator: ",").map { raw -> Substring in
                var tag = raw.drop { $0 == " " || $0 == "\t" }
                while tag.last == " " || tag.last == "\t" { tag = tag.dropLast() }
                return tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
            }
            return tags.contains { $0 == "*" || $0 == etag }
        }
        if let since = request.headers["if-modified-since"].flatMap(HTTPDate.parse) {
            return lastModified <= since
        }
        return false
    }

    /// The 404 page, naming the path as the browser sent it; it reloads when a build makes a
    /// file at the site path `page`.
    func notFound(_ path: String, page sitePath: String) -> HTTPResponse {
        var page = Array(NotFoundPage.html(path: path, snapshot: snapshot).utf8)
        if let extra = decorate(sitePath)?.extra { page = PageInjection.inject(extra, into: page) }
        return HTTPResponse(status: 404, headers: common(ContentType.html), body: .bytes(page))
    }

    func plain(_ status: Int, _ text: String, extra: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: common(ContentType.plainText) + extra, body: .bytes(Array(text.utf8)))
    }

    /// The headers every response with a body carries.
    func common(_ type: String) -> [(name: String, value: String)] {
        [("Content-Type", type), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")]
    }
}
