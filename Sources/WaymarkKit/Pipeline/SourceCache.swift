import Synchronization

/// The read step's results for files that did not change, kept between the builds of one preview
/// (`ReadMemo.Store`): what an importer made of a file (a note, `points.json`, a Loop database),
/// by its path and what shaped the reading, with the identities (`FileIdentity`) the files had
/// before they were read. A result is given back only when every file has the same identity
/// now; a file changed less than `settle` seconds before it was looked at is never kept, as
/// two writes within one tick of the file system's clock could leave the same identity. What
/// a read did not ask for is dropped (`sweep`), so deleted files do not stay in memory.
final class SourceCache: ReadMemo.Store {
    private struct Entry {
        var files: [FileIdentity?]
        var value: any Sendable
        var used: Bool
    }

    /// How long a file must have been left alone before its result is kept.
    let settle: Double
    private let now: @Sendable () -> Int64
    private let entries = Mutex<[ReadMemo.Key: Entry]>([:])
    private let counts = Mutex((reused: 0, read: 0))

    /// - Parameters:
    ///   - settle: seconds; 2 covers the coarsest clock of a common file system (FAT).
    ///   - now: the wall clock in nanoseconds since 1970.
    init(settle: Double = 2, now: @escaping @Sendable () -> Int64 = FileIdentity.wallClock) {
        self.settle = settle
        self.now = now
    }

    func value(for key: ReadMemo.Key, files: [FileIdentity?]) -> (any Sendable)? {
        let value = entries.withLock { entries -> (any Sendable)? in
            guard var entry = entries[key], entry.files == files else { return nil }
            entry.used = true
            entries[key] = entry
            return entry.value
        }
        counts.withLock { value == nil ? ($0.read += 1) : ($0.reused += 1) }
        return value
    }

    func keep(_ value: any Sendable, for key: ReadMemo.Key, files: [FileIdentity?]) {
        let now = now()
        guard files.allSatisfy({ $0?.isSettled(now: now, seconds: settle) ?? true }) else {
            _ = entries.withLock { $0.removeValue(forKey: key) }
            return
        }
        entries.withLock { $0[key] = Entry(files: files, value: value, used: true) }
    }

    /// Drops what the reads since the last sweep did not ask for.
    func sweep() {
        entries.withLock { entries in
            entries = entries.filter { $0.value.used }.mapValues { entry in
                var entry = entry
                entry.used = false
                return entry
            }
        }
    }

    /// Results given back and results made, since the last `resetCounts` (tests).
    var reuse: (reused: Int, read: Int) { counts.withLock { $0 } }

    func resetCounts() { counts.withLock { $0 = (0, 0) } }
}
