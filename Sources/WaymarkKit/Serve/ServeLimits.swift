/// How much the preview server holds at once, and for how long, so that clients which open
/// connections and never finish a request (idle half-open connections, a slowloris sending a
/// byte every few seconds) cannot keep a browser from being served. docs/serve.md lists them.
///
/// Three pools: connections still sending their request head (held by `ConnectionGate`, an
/// open file each and no thread), connections the HTTP library serves (a thread each), and
/// among those the live-reload streams, which stay open for as long as a page does. Each pool
/// is capped below the next so a page request always finds room: a full waiting pool closes
/// the connection that has waited longest, streams take at most half of the served ones.
public struct ServeLimits: Sendable, Equatable {
    /// Seconds from accepting a connection to having its whole request head; then 408 and
    /// closed. A browser sends its head at once; Chrome drops a spare connection it has not
    /// used after 10 s itself.
    public var headTimeout: Double = 10
    /// Seconds a served connection may go without a byte read or written (a client that stops
    /// reading). Live-reload streams write a comment every 15 s, so they stay open.
    public var idleTimeout: Int = 30
    /// Connections still sending their head. When full, the one that has waited longest is
    /// closed to make room for the newest.
    public var waiting: Int
    /// Connections served at once; a request beyond them gets 503.
    public var connections: Int
    /// Live-reload streams at once; one beyond them gets 503.
    public var streams: Int

    /// Descriptors kept for everything else: the files a rebuild reads, the watcher, the terminal.
    static let reserved = 256
    static let maxWaiting = 4_096
    static let maxConnections = 512
    /// The open-file limit at which every cap is at its largest.
    static let wantedDescriptors = reserved + maxWaiting + maxConnections

    public init(headTimeout: Double = 10, idleTimeout: Int = 30, waiting: Int, connections: Int, streams: Int) {
        self.headTimeout = headTimeout
        self.idleTimeout = idleTimeout
        self.waiting = waiting
        self.connections = connections
        self.streams = streams
    }

    /// Caps that fit in `descriptors` open files: a quarter of what is left after the reserve
    /// for served connections (at most 512), half of those for streams, the rest for waiting
    /// ones (at most 4,096). With the usual soft limit of 1,024: 192, 96 and 576.
    public init(descriptors: Int) {
        let budget = max(0, descriptors - ServeLimits.reserved)
        connections = min(ServeLimits.maxConnections, max(8, budget / 4))
        streams = connections / 2
        waiting = min(ServeLimits.maxWaiting, max(8, budget - connections))
    }

    /// The caps for this process, after raising its soft limit on open files as far as the
    /// hard limit allows (4,864 at most).
    public static func forThisProcess() -> ServeLimits {
        ServeLimits(descriptors: OpenFileLimit.raise(to: wantedDescriptors))
    }
}
