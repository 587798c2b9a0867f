import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for Ctrl-C (SIGINT) or SIGTERM. The signals arrive through dispatch sources instead of
/// a signal handler, so the work of stopping runs on an ordinary thread.
enum ShutdownSignal {
    /// Blocks until SIGINT or SIGTERM arrives. From then on a second one ends the process at
    /// once (exit status 128 + the signal's number), even while stopping is stuck waiting for a
    /// rebuild or a connection: the default action is back, and the sources, still listening,
    /// call `force` in case the signal reaches them instead.
    static func wait(force: @escaping @Sendable (Int32) -> Void = { _exit(128 + $0) }) {
        let arrived = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "waymark-signals")
        let first = Mutex(true)
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            // The default action would end the process at once; the source gets the signal instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                guard first.withLock({ was in defer { was = false }; return was }) else { return force(number) }
                signal(SIGINT, SIG_DFL)
                signal(SIGTERM, SIG_DFL)
                arrived.signal()
            }
            source.resume()
            return source
        }
        arrived.wait()
        // Kept alive for a second signal until the process ends (they are never released).
        for source in sources { _ = Unmanaged.passRetained(source as AnyObject) }
    }
}
