import Dispatch
import Synchronization

/// A rebuild of the preview between its compute step and its swap: the new site's pages by name
/// (`PreparedSite`) and those rendered so far. A request for a file of the new site is answered
/// by rendering the page the catalogue says makes it, or by taking what the whole render already
/// made, so an edited page is served before the rest of the site is rendered. A request for a
/// path the new site does not have waits for the end of the rebuild (`wait`). It is the sink the
/// rebuild renders into: the bytes are those a whole build gives, and the validators those the
/// finished snapshot will give them.
final class RebuildInProgress: SiteSink {
    let site: PreparedSite
    /// The rebuild's time: the `Last-Modified` of every file whose bytes it changes.
    let at: Int64
    /// Whether files are served before the swap: only after a good build (a page would carry
    /// the overlay of a failed one, and the first build has nothing to compare with).
    let servesEarly: Bool
    /// The files served until the swap: unchanged bytes keep their validators.
    let previous: SiteSnapshot
    private let rendered = Mutex<[Page: [SiteFile]]>([:])
    /// Held while a request renders a page, so concurrent requests render it once.
    private let onDemand = Mutex(())
    private let finished = DispatchGroup()

    init(_ site: PreparedSite, at: Int64, servesEarly: Bool, previous: SiteSnapshot) {
        self.site = site
        self.at = at
        self.servesEarly = servesEarly
        self.previous = previous
        finished.enter()
    }

    /// The files of `page`: the ones already rendered, else rendered now.
    func files(_ page: Page) throws(BuildFailure) -> [SiteFile] {
        if let files = rendered.withLock({ $0[page] }) { return files }
        let files = try site.render(page)
        // The first result kept is the one every caller gets, so an early page and the swapped
        // snapshot cannot differ even if two renders of a page did.
        return rendered.withLock { pages in
            if pages[page] == nil { pages[page] = files }
            return pages[page] ?? files
        }
    }

    func rendered(_ page: Page) -> [SiteFile]? { rendered.withLock { $0[page] } }

    /// Keeps the first files of a page: a page a request rendered stays what it was served as.
    func put(_ files: [SiteFile], of page: Page) throws(BuildFailure) {
        rendered.withLock { pages in
            if pages[page] == nil { pages[page] = files }
        }
    }

    /// Every file of the rebuild, sorted by path; once the render is done.
    var siteFiles: [SiteFile] { rendered.withLock { $0.values.flatMap { $0 } }.sorted { $0.path < $1.path } }

    /// The file at `path` as the finished rebuild will serve it, when it can be had before the
    /// rebuild ends: a file of the new site. Nil when the request must wait; also when rendering
    /// fails (the rebuild then fails too).
    func entry(_ path: String) -> SiteSnapshot.Entry? {
        guard servesEarly, let page = site.catalogue.page(at: path) else { return nil }
        let files: [SiteFile]? = onDemand.withLock { _ in
            do throws(BuildFailure) { return try self.files(page) } catch { return nil }
        }
        guard let bytes = files?.first(where: { $0.path == path })?.bytes else { return nil }
        if let old = previous[path], SiteSnapshot.same(old.bytes, bytes) { return old }
        return SiteSnapshot.Entry(bytes: bytes, contentType: ContentType.of(path), etag: SiteSnapshot.etag(bytes), lastModified: at)
    }

    /// Marks the rebuild finished (swapped in or failed): waiting requests go on.
    func finish() { finished.leave() }

    /// Waits until the rebuild is finished, at most `seconds`.
    func wait(seconds: Double) { _ = finished.wait(timeout: .now() + seconds) }
}
