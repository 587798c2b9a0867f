import Synchronization

/// One browser's live-reload stream: a `retry` hint first (reconnect after a second when the
/// server restarts), then a message for every build after the page's own that changed the page
/// (`page`, its site path; any build when nil), and a comment every `keepAlive` seconds so a
/// closed connection is noticed and its thread freed. While it is open, the page counts as open
/// (`LiveReload.openPages`).
final class EventStream: Sendable {
    private let channel: LiveReload
    private let keepAlive: Double
    private let page: String?
    private let state: Mutex<(since: String, started: Bool)>

    init(_ channel: LiveReload, since: String, page: String? = nil, keepAlive: Double = 15) {
        self.channel = channel
        self.keepAlive = keepAlive
        self.page = page
        state = Mutex((since, false))
        if let page { channel.watching(page, true) }
    }

    deinit {
        if let page { channel.watching(page, false) }
    }

    /// The next chunk of the stream, blocking until there is one; nil ends it.
    func next() -> [UInt8]? {
        let (since, started) = state.withLock { s in defer { s.started = true }; return (s.since, s.started) }
        guard started else { return Array("retry: 1000\n\n".utf8) }
        let event = channel.wait(since: since, page: page, timeout: keepAlive)
        switch event {
        case .closed: return nil
        case .idle: break
        case .reload(let id): state.withLock { $0.since = id }
        }
        return Array(LiveReload.message(event).utf8)
    }
}
