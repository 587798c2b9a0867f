import Synchronization

/// A held lock; released by `release()` or when the value goes away, once.
public final class FileLock: Sendable {
    private let action: Mutex<(@Sendable () -> Void)?>

    public init(release: @escaping @Sendable () -> Void) {
        action = Mutex(release)
    }

    public func release() {
        let pending = action.withLock { action -> (@Sendable () -> Void)? in
            defer { action = nil }
            return action
        }
        pending?()
    }

    deinit { release() }
}
