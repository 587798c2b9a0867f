import Synchronization

/// Where a process about to end leaves its last build's values instead of freeing them: freeing
/// a decade's site (records, pages' figures, templates) takes a few milliseconds that the
/// process's end does for nothing, as a compiler leaves its memory to the operating system.
/// Held by a global, the values stay reachable (not a leak to a leak checker), and the next
/// build in the same process frees the one before.
enum KeptUntilExit {
    private static let kept = Mutex<(any Sendable)?>(nil)

    /// Keeps `value` until the next call or the process's end; the previous value is freed here.
    static func keep(_ value: any Sendable) {
        let previous = kept.withLock { slot in
            defer { slot = value }
            return slot
        }
        _ = previous
    }

    /// What is kept now.
    static var value: (any Sendable)? { kept.withLock { $0 } }
}
