import Synchronization

/// The readers of one archive that no stream is using, each stopped at the entry it read last.
///
/// A reader only moves forward, and a new one starts from the archive's first byte (for a zip,
/// by reading its whole central directory). Opening entry after entry from the top made reading N
/// entries cost N²/2 header reads; taking the reader stopped nearest before the entry wanted and
/// moving it on makes reading the entries in archive order (as the importers do) one pass.
final class ArchiveReaderPool: Sendable {
    /// Readers kept: one per unit read at the same time is plenty.
    static let maxIdle = 4
    private let idle = Mutex<[ArchiveReader]>([])

    /// The idle reader stopped furthest before entry `index`, taken out of the pool.
    func take(before index: Int) -> ArchiveReader? {
        idle.withLock { readers in
            guard let best = readers.indices.filter({ readers[$0].index < index }).max(by: { readers[$0].index < readers[$1].index }) else {
                return nil
            }
            return readers.remove(at: best)
        }
    }

    /// Puts `reader` back for a later entry; a spent one, or one too many, is closed.
    func give(_ reader: ArchiveReader) {
        let kept = !reader.isSpent && idle.withLock { readers in
            guard readers.count < Self.maxIdle else { return false }
            readers.append(reader)
            return true
        }
        if !kept { reader.close() }
    }
}
