#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a command may touch: output streams, the file system, the clock and the process id.
/// Tests pass their own to run commands without a process.
public struct CommandEnvironment: Sendable {
    public var standardOutput: @Sendable (String) -> Void
    public var standardError: @Sendable (String) -> Void
    public var fileSystem: FileSystem
    /// Seconds since 1970-01-01T00:00:00Z.
    public var clock: @Sendable () -> Int64
    public var processID: Int32
    /// A monotonic clock in seconds, for "built in 0.31 s".
    public var monotonic: @Sendable () -> Double
    /// Whether a build removes its staging folder when the process gets SIGINT or SIGTERM (the
    /// real process; tests run builds inside the test runner and leave its signals alone).
    public var cleansUpOnSignals = false
    /// stderr is a terminal: long imports show a progress line there.
    public var standardErrorIsTerminal = false

    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void,
                fileSystem: FileSystem, clock: @escaping @Sendable () -> Int64, processID: Int32,
                monotonic: @escaping @Sendable () -> Double = { 0 }) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.fileSystem = fileSystem
        self.clock = clock
        self.processID = processID
        self.monotonic = monotonic
    }

    /// The build pipeline on this environment's file system and clocks.
    var pipeline: BuildPipeline {
        var pipeline = BuildPipeline(fileSystem: fileSystem, clock: clock, monotonic: monotonic, processID: processID)
        if cleansUpOnSignals {
            pipeline.signalCleanup = .shared
            pipeline.leavesSiteToExit = true
        }
        return pipeline
    }

    /// The real process: stdout, stderr, the local disk and the system clock.
    public static var process: CommandEnvironment {
        var env = CommandEnvironment(
            standardOutput: { text in writeAll(1, text) },
            standardError: { text in writeAll(2, text) },
            fileSystem: .local,
            clock: { Int64(time(nil)) },
            processID: getpid(),
            monotonic: {
                var ts = timespec()
                clock_gettime(CLOCK_MONOTONIC, &ts)
                return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
            }
        )
        env.cleansUpOnSignals = true
        env.standardErrorIsTerminal = isatty(2) == 1
        return env
    }
}

/// Writes all of `text` to a file descriptor, retrying short writes.
private func writeAll(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { raw in raw.baseAddress.map { write(fd, $0 + offset, raw.count - offset) } ?? 0 }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        offset += n
    }
}
