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
    /// Readers kept by every pool together: a folder of hundreds of zips would otherwise keep a
    /// file open for each after it was read, past the process's limit of open files.
    static let maxIdleInAll = 16
    private static let idleInAll = Atomic<Int>(0)
    private let idle = Mutex<[ArchiveReader]>([])

    /// Its readers close with it (each on its own deinit), and give up their places.
    deinit {
        let count = idle.withLock { $0.count }
        ArchiveReaderPool.idleInAll.subtract(count, ordering: .relaxed)
    }

    /// The idle reader stopped furthest before entry `index`, taken out of the pool.
    func take(before index: Int) -> ArchiveReader? {
        idle.withLock { readers in
            guard let best = readers.indices.filter({ readers[$0].index < index }).max(by: { readers[$0].index < readers[$1].index }) else {
                return nil
            }
            ArchiveReaderPool.idleInAll.subtract(1, ordering: .relaxed)
            return readers.remove(at: best)
        }
    }

    /// Puts `reader` back for a later entry; a spent one, or one too many, is closed.
    func give(_ reader: ArchiveReader) {
        let kept = !reader.isSpent && idle.withLock { readers in
            guard readers.count < Self.maxIdle else { return false }
            // Counted before it is kept, so that two pools never both take the last place.
            guard ArchiveReaderPool.idleInAll.add(1, ordering: .relaxed).newValue <= Self.maxIdleInAll else {
                ArchiveReaderPool.idleInAll.subtract(1, ordering: .relaxed)
                return false
            }
            readers.append(reader)
            return true
        }
        if !kept { reader.close() }
    }
}
