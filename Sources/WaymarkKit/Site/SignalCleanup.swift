import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the staging folder of a build that is stopped with Ctrl-C (SIGINT) or SIGTERM, then
/// ends the process as the signal would have. Without it the half-made site would stay beside
/// the output until the next build cleans it up.
final class SignalCleanup: Sendable {
    static let shared = SignalCleanup()

    private let folders = Mutex<[String: String]>([:])
    private let files = Mutex<Set<String>>([])
    private let installed = Mutex(false)

    /// Starts removing `folder` (a staging folder beside `site`) on SIGINT or SIGTERM.
    func register(_ folder: String, site: String = "") {
        installOnce()
        folders.withLock { $0[folder] = site }
    }

    func unregister(_ folder: String) {
        folders.withLock { $0[folder] = nil }
    }

    /// Removes the file `path` (a lock file this process made) on SIGINT or SIGTERM.
    func registerFile(_ path: String) {
        installOnce()
        files.withLock { _ = $0.insert(path) }
    }

    func unregisterFile(_ path: String) {
        files.withLock { _ = $0.remove(path) }
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
            var number: UInt8 = 0
            while read(reader, &number, 1) != 1 {}
            for (folder, site) in folders.withLock({ $0 }) {
                SiteLeftovers(fileSystem: .local).remove(folder, site: site)
            }
            for file in files.withLock({ $0 }) { unlink(file) }
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
