import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for Ctrl-C (SIGINT) or SIGTERM. The signals arrive through dispatch sources instead of
/// a signal handler, so the work of stopping runs on an ordinary thread.
enum ShutdownSignal {
    /// Blocks until SIGINT or SIGTERM arrives.
    static func wait() {
        let arrived = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "waymark-signals")
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            // The default action would end the process at once; the source gets the signal instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { arrived.signal() }
            source.resume()
            return source
        }
        arrived.wait()
        for source in sources { source.cancel() }
    }
}
