import Synchronization

/// The notes through Markdown, kept between the builds of one preview: each note's rendering with
/// the note as read (its front matter and Markdown) and its slug, with the files of the export it
/// asked for (its images) and what it got. A rendering is reused only when the note is equal,
/// the links between notes (file name → slug, for every note) are those it was made with, and
/// each file it asked for gives the same bytes now (or is still missing). Renderings of notes a
/// build no longer has are dropped.
final class NoteCache: Sendable {
    struct Entry: Sendable {
        /// What the rendering was made from: the note and its slug.
        var note: Note
        var slug: String
        var rendered: NoteRendering.Rendered
        /// The export's files the rendering asked for, and what each gave.
        var loads: [Load]
    }

    struct Load: Sendable, Equatable {
        var path: String
        var bytes: [UInt8]?
    }

    /// The renderings by the note's file name (hashing a name is cheap; a whole note, Markdown
    /// and all, is not): an entry counts only when its note and slug are equal.
    private struct State {
        var links: [String: String] = [:]
        var entries: [String: Entry] = [:]
    }

    /// Notes a core takes at a time: enough to outweigh handing them over.
    static let batch = 40
    private let state = Mutex(State())
    private let counts = Mutex((reused: 0, rendered: 0))

    /// The notes through Markdown as `render` does it for one note, each from the cache when
    /// it may be; every note's result is kept for the next build.
    func render(_ notes: [Note], plan: NoteRendering.Plan, parallelism: Parallelism,
                loadExportFile: @escaping @Sendable (String) -> [UInt8]?) -> [NoteRendering.Rendered] {
        let kept = state.withLock { s -> [String: Entry] in s.links == plan.links ? s.entries : [:] }
        let batches = stride(from: 0, to: notes.count, by: NoteCache.batch).map { $0..<min($0 + NoteCache.batch, notes.count) }
        let results = parallelism.map(batches) { range in
            range.map { i -> (Entry, reused: Bool) in
                let note = notes[i], slug = plan.slugs[i]
                if let entry = kept[note.fileName], entry.note == note, entry.slug == slug,
                   entry.loads.allSatisfy({ loadExportFile($0.path) == $0.bytes }) {
                    return (entry, true)
                }
                let recorder = LoadRecorder(loadExportFile)
                let rendered = NoteRendering.render(notes, plan: plan, range: i..<(i + 1), loadExportFile: recorder.load)
                return (Entry(note: note, slug: slug, rendered: rendered[0], loads: recorder.loads), false)
            }
        }.flatMap { $0 }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(results.count)
        for (entry, _) in results { entries[entry.note.fileName] = entry }
        state.withLock { $0 = State(links: plan.links, entries: entries) }
        let reused = results.lazy.filter(\.reused).count
        counts.withLock { $0.reused += reused; $0.rendered += results.count - reused }
        return results.map(\.0.rendered)
    }

    /// Renderings reused and made, since the last `resetCounts` (tests).
    var reuse: (reused: Int, rendered: Int) { counts.withLock { $0 } }

    func resetCounts() { counts.withLock { $0 = (0, 0) } }

    /// Reads through a loader and remembers what each read gave.
    private final class LoadRecorder: Sendable {
        private let loader: @Sendable (String) -> [UInt8]?
        private let taken = Mutex<[Load]>([])

        init(_ loader: @escaping @Sendable (String) -> [UInt8]?) { self.loader = loader }

        var load: @Sendable (String) -> [UInt8]? {
            { [self] path in
                let bytes = loader(path)
                taken.withLock { $0.append(Load(path: path, bytes: bytes)) }
                return bytes
            }
        }

        var loads: [Load] { taken.withLock { $0 } }
    }
}
