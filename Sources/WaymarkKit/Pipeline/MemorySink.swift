import Synchronization

/// A site rendered into memory: every file put, then `files` sorted by path.
final class MemorySink: SiteSink {
    private let taken = Mutex<[SiteFile]>([])

    func rendered(_ page: Page) -> [SiteFile]? { nil }

    func put(_ files: [SiteFile], of page: Page) throws(BuildFailure) {
        taken.withLock { $0 += files }
    }

    /// Every file put, sorted by path.
    var files: [SiteFile] { taken.withLock { $0 }.sorted { $0.path < $1.path } }
}
