import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets a build that is stopped with Ctrl-C (SIGINT) or SIGTERM tidy up (the writer removes its
/// temporary files, or lets its last renames finish), then ends the process as the signal would
/// have. SIGKILL cannot be caught: what it leaves, the next build removes.
final class SignalCleanup: Sendable {
    static let shared = SignalCleanup()

    private let actions = Mutex<[UInt64: @Sendable () -> Void]>([:])
    private let next = Mutex<UInt64>(0)
    private let installed = Mutex(false)

    /// Runs `action` on SIGINT or SIGTERM, on a thread of its own, before the process ends.
    /// Returns the number that `unregister` takes.
    func register(_ action: @escaping @Sendable () -> Void) -> UInt64 {
        installOnce()
        let id = next.withLock { n -> UInt64 in
            n += 1
            return n
        }
        actions.withLock { $0[id] = action }
        return id
    }

    func unregister(_ id: UInt64) {
        actions.withLock { $0[id] = nil }
    }

    private func installOnce() {
        let first = installed.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        // The self-pipe trick: the handler only writes the signal's number into a pipe (safe in a
        // signal handler); a thread reads it and does the cleanup outside the handler.
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        signalPipe = fds[1]
        let reader = fds[0]
        Thread.detachNewThread { [self] in
            // A process started with the signals blocked (as some launchers do) would never see
            // them: this thread takes them, whatever the other threads block.
            var wanted = sigset_t()
            sigemptyset(&wanted)
            sigaddset(&wanted, SIGINT)
            sigaddset(&wanted, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
            var number: UInt8 = 0
            while read(reader, &number, 1) != 1 {}
            for action in actions.withLock({ Array($0.values) }) { action() }
            _exit(128 + Int32(number))
        }
        for signalNumber in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipe, &byte, 1)
            }
            #else
            action.__sigaction_u.__sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipe, &byte, 1)
            }
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
    }
}

/// The pipe's write end, for the signal handler (which can capture nothing). Set once, before
/// the handlers are installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1
