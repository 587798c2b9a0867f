import Dispatch
import Synchronization

/// Notes rendered through cmark ahead of the build, while the rest of the export (above all
/// `points.json`) is still being decoded: notes depend on nothing else, and this work fills the
/// moments when the decoding leaves a core idle. Hand it to `SiteBuilder.build`, which waits
/// for it; a build without one renders the notes itself, with the same result.
public final class NotesAhead: Sendable {
    /// The notes being rendered, in file order (the build checks they are the export's).
    let fileNames: [String]
    private let group = DispatchGroup()
    private let batches: Mutex<[[(SiteContent.NoteEntry, NoteImages)]?]>

    /// Starts rendering `notes` on other threads and returns at once. `loadExportFile` is asked
    /// for the images the notes show (as in `SiteBuilder.build`).
    public init(_ notes: [Note], loadExportFile: @escaping @Sendable (String) -> [UInt8]? = { _ in nil }) {
        fileNames = notes.map(\.fileName)
        let ranges = stride(from: 0, to: notes.count, by: SiteBuilder.batch).map { $0..<min($0 + SiteBuilder.batch, notes.count) }
        batches = Mutex(Array(repeating: nil, count: ranges.count))
        let plan = SiteContent.notePlan(notes)
        for (b, range) in ranges.enumerated() {
            DispatchQueue.global().async(group: group) { [self] in
                let rendered = SiteContent.renderNotes(notes, plan: plan, range: range, loadExportFile: loadExportFile)
                batches.withLock { $0[b] = rendered }
            }
        }
    }

    /// Every note rendered, in file order, once all are done.
    func wait() -> [(SiteContent.NoteEntry, NoteImages)] {
        group.wait()
        return batches.withLock { $0 }.flatMap { $0 ?? [] }
    }
}
