import Dispatch
import Synchronization

/// A rebuild of the preview between its compute step and its swap: the prepared site and the
/// jobs rendered so far. A request for a page the last complete build made with the same job
/// (and the job list is unchanged) is answered by rendering that job now, or by taking what the
/// whole render already made, so an edited page is served before the rest of the site is
/// rendered. Every other request waits for the end of the rebuild (`wait`). The bytes are those
/// a whole build gives (`BuildPipeline.complete` renders through `files` too), and the
/// validators those the finished snapshot will give them.
final class PendingBuild: Sendable {
    let site: PreparedSite
    /// The rebuild's time: the `Last-Modified` of every file whose bytes it changes.
    let at: Int64
    /// Site path → index of the job that made it in the last complete build; nil when that
    /// build's job list differs from this one's (a note added, a section hidden), or there was
    /// no good build, or it failed since.
    let jobOfPath: [String: Int]?
    /// The files served until the swap: unchanged bytes keep their validators.
    let previous: SiteSnapshot
    private let rendered: Mutex<[[SiteFile]?]>
    /// Held while a request renders a job, so concurrent requests render it once.
    private let onDemand = Mutex(())
    private let finished = DispatchGroup()

    init(_ site: PreparedSite, at: Int64, jobOfPath: [String: Int]?, previous: SiteSnapshot) {
        self.site = site
        self.at = at
        self.jobOfPath = jobOfPath
        self.previous = previous
        rendered = Mutex(Array(repeating: nil, count: site.jobs.count))
        finished.enter()
    }

    /// Job `index`'s pages: the ones already rendered, else rendered now.
    func files(_ index: Int) throws(BuildFailure) -> [SiteFile] {
        if let files = rendered.withLock({ $0[index] }) { return files }
        let files = try site.render(index)
        // The first result kept is the one every caller gets, so an early page and the swapped
        // snapshot cannot differ even if two renders of a job did.
        return rendered.withLock { slots in
            if slots[index] == nil { slots[index] = files }
            return slots[index] ?? files
        }
    }

    /// Site path → job index, for the next rebuild; call once every job is rendered.
    func pathsByJob() -> [String: Int] {
        var map: [String: Int] = [:]
        for (index, files) in rendered.withLock({ $0 }).enumerated() {
            for file in files ?? [] { map[file.path] = index }
        }
        return map
    }

    /// The file at `path` as the finished rebuild will serve it, when it can be had before the
    /// rebuild ends: a page of a known job. Nil when the request must wait; also when rendering
    /// fails (the rebuild then fails too).
    func entry(_ path: String) -> SiteSnapshot.Entry? {
        guard let jobOfPath else { return nil }
        // Other files (assets, images, sitemap.xml) wait: a page of the new build may take
        // an image's path, and the sitemap needs every page.
        guard let index = jobOfPath[path] else { return nil }
        let files: [SiteFile]? = onDemand.withLock { _ in
            do throws(BuildFailure) { return try self.files(index) } catch { return nil }
        }
        // A page that moved to another job (a note renamed) is not guessed at.
        guard let bytes = files?.first(where: { $0.path == path })?.bytes else { return nil }
        if let old = previous[path], SiteSnapshot.same(old.bytes, bytes) { return old }
        return SiteSnapshot.Entry(bytes: bytes, contentType: ContentType.of(path), etag: SiteSnapshot.etag(bytes), lastModified: at)
    }

    /// Marks the rebuild finished (swapped in or failed): waiting requests go on.
    func finish() { finished.leave() }

    /// Waits until the rebuild is finished, at most `seconds`.
    func wait(seconds: Double) { _ = finished.wait(timeout: .now() + seconds) }
}
