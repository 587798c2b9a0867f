import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches the files a site is built from (the sources, the templates folder, the config file)
/// and calls `onChange` once per burst of changes, on its own thread. Editors save in bursts (a
/// temporary file, a rename, a change of mode): after the first event the watcher waits until
/// none has come for `quietPeriod` seconds, or `maxDelay` seconds in all, then calls once.
/// Events during a call are kept and cause one more call after it.
public final class SiteWatcher: Sendable {
    /// How changes are noticed.
    public enum Method: Sendable, Equatable {
        /// inotify on Linux; polling where there is none.
        case native
        /// A scan of modification times and sizes every `interval` seconds.
        case polling(interval: Double)
    }

    /// How changes are noticed in fact (`.native` falls back to polling).
    public let method: Method
    private let running = Mutex(true)
    private let stopPipe: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    private let loop: Loop
    /// Set by tests to make `pipe` fail, as it does when the process is out of descriptors.
    @TaskLocal static var pipeFails = false

    /// Starts watching `paths` (folders are watched with everything below them; files and
    /// paths that do not exist yet by name). Watching has begun when this returns.
    public init(paths: [String], method: Method = .native, quietPeriod: Double = 0.025, maxDelay: Double = 0.25,
                onChange: @escaping @Sendable () -> Void) {
        var fds: [Int32] = [-1, -1]
        // Without the pipe, stop() cannot wake the thread: it then looks at a flag every 0.25 s.
        if SiteWatcher.pipeFails || pipe(&fds) != 0 { fds = [-1, -1] }
        stopPipe = (fds[0], fds[1])
        let targets = SiteWatcher.watched(paths.map(SiteWatcher.absolute))
        var source: ChangeSource?
        var used = method
        #if canImport(Glibc)
        if method == .native { source = InotifyChanges(targets: targets, quietPeriod: quietPeriod, stop: fds[0]) }
        #endif
        if source == nil {
            let interval: Double
            if case .polling(let i) = method { interval = i } else { interval = 0.25 }
            used = .polling(interval: interval)
            source = PollingChanges(targets: targets, interval: interval, stop: fds[0])
        }
        self.method = used
        let loop = Loop(source: source, maxDelay: maxDelay, wake: fds[0] >= 0 ? nil : 0.25, onChange: onChange, finished: finished)
        self.loop = loop
        let thread = Thread { loop.run() }
        thread.name = "waymark-watcher"
        thread.start()
    }

    /// Stops watching and waits until a call in progress has returned.
    public func stop() {
        guard running.withLock({ r -> Bool in defer { r = false }; return r }) else { return }
        loop.stopping.withLock { $0 = true }
        var byte: UInt8 = 1
        if stopPipe.write >= 0 { _ = write(stopPipe.write, &byte, 1) }
        finished.wait()
        if stopPipe.read >= 0 { close(stopPipe.read) }
        if stopPipe.write >= 0 { close(stopPipe.write) }
    }

    deinit { stop() }

    /// The paths watched for `paths`: each, and for one that is not a folder what a change to it
    /// may touch instead: the file a link leads to (an export kept elsewhere and linked), and
    /// SQLite's write-ahead log beside a database (`loop.db-wal`), where a program that has it
    /// open writes first, leaving the database itself as it was.
    static func watched(_ paths: [String]) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        func add(_ path: String) { if seen.insert(path).inserted { out.append(path) } }
        for path in paths {
            add(path)
            guard PollingChanges.stamp(path, follow: true)?.isDirectory != true else { continue }
            add(path + "-wal")
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) {
                let target = String(cString: real)
                free(real)
                add(target)
                add(target + "-wal")
            }
        }
        return out
    }

    /// A path as the watcher keeps it: absolute, without a trailing slash.
    static func absolute(_ path: String) -> String {
        var path = path
        if !path.hasPrefix("/") { path = FileManager.default.currentDirectoryPath + "/" + path }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The watching thread's loop. The source is used by this thread alone.
    private final class Loop: @unchecked Sendable {
        let source: ChangeSource?
        let maxDelay: Double
        /// How often to look at `stopping` when no pipe can wake the thread; nil when one can.
        let wake: Double?
        let stopping = Mutex(false)
        let onChange: @Sendable () -> Void
        let finished: DispatchSemaphore

        init(source: ChangeSource?, maxDelay: Double, wake: Double?, onChange: @escaping @Sendable () -> Void, finished: DispatchSemaphore) {
            (self.source, self.maxDelay, self.wake, self.onChange, self.finished) = (source, maxDelay, wake, onChange, finished)
        }

        func run() {
            defer {
                source?.close()
                finished.signal()
            }
            guard let source else { return }
            while true {
                let waited = source.waitForChange(timeout: wake)
                if stopping.withLock({ $0 }) { return }
                switch waited {
                case .stopped: return
                case .timedOut: continue
                case .changed: break
                }
                if source.quietPeriod > 0 {
                    let first = ContinuousClock.now
                    burst: while true {
                        let left = maxDelay - seconds(ContinuousClock.now - first)
                        guard left > 0 else { break }
                        let waited = source.waitForChange(timeout: min(source.quietPeriod, left))
                        if stopping.withLock({ $0 }) { return }
                        switch waited {
                        case .stopped: return
                        case .timedOut: break burst
                        case .changed: continue
                        }
                    }
                }
                onChange()
            }
        }

        func seconds(_ duration: Duration) -> Double {
            let (s, attoseconds) = duration.components
            return Double(s) + Double(attoseconds) / 1e18
        }
    }
}
