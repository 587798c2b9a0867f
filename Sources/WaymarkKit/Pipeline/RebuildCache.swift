/// What the builds of one preview (`waymark serve`) reuse from the one before: the importers'
/// results for unchanged files (`SourceCache`), each note through Markdown (`NoteCache`), the
/// figures computed from unchanged inputs (`ContentCache`) and the pages rendered from unchanged
/// inputs (`PageCache`). Every result is reused only when what
/// it was made from is unchanged, so a build with the cache makes the same files as one without
/// (docs/serve.md says why none can go stale). The pipeline alone uses it; `build` has none.
public final class RebuildCache: Sendable {
    let sources: SourceCache
    let notes = NoteCache()
    let content = ContentCache()
    let pages = PageCache()

    /// An empty cache.
    public convenience init() { self.init(settle: 2) }

    /// `settle`: how long a file must be left alone before what was read of it is kept (`SourceCache`).
    init(settle: Double) {
        sources = SourceCache(settle: settle)
    }

    /// What the read step hands the importers.
    var memo: ReadMemo { ReadMemo(store: sources) }

    /// Resets the tests' counts.
    func resetCounts() {
        sources.resetCounts()
        notes.resetCounts()
        content.resetCounts()
        pages.resetCounts()
    }
}
