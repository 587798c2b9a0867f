import Dispatch
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
    private let installed = Mutex(false)
    /// The signal sources, kept alive for the life of the process.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Starts removing `folder` (a staging folder beside `site`) on SIGINT or SIGTERM.
    func register(_ folder: String, site: String = "") {
        installOnce()
        folders.withLock { $0[folder] = site }
    }

    func unregister(_ folder: String) {
        folders.withLock { $0[folder] = nil }
    }

    private func installOnce() {
        let first = installed.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        var made: [DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            // The default action would end the process before the cleanup could run.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                for (folder, site) in folders.withLock({ $0 }) {
                    SiteLeftovers(fileSystem: .local).remove(folder, site: site)
                }
                _exit(128 + signalNumber)
            }
            source.resume()
            made.append(source)
        }
        // Set once, under the `installed` check above.
        SignalCleanup.sources = made
    }
}
