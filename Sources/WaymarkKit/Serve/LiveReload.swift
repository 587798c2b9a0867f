import Foundation

/// The live-reload channel. Every finished build, good or failed, gets a new id. Pages served in
/// preview carry a small script (`script(id:)`) that listens on `eventsPath` with server-sent
/// events and reloads the page as soon as the id differs from the one it was served with, so a
/// build that ends between serving a page and its script connecting is not missed.
///
/// The ids start with a token of this run, so pages left open across a restart of `waymark
/// serve` reload too. Built sites never get the script: it is added to responses only.
public final class LiveReload: @unchecked Sendable {
    /// Where the script listens.
    public static let eventsPath = "/_waymark/events"

    /// What a waiting client learns.
    public enum Event: Equatable, Sendable {
        /// A build finished: reload.
        case reload(id: String)
        /// Nothing yet; the stream sends a comment so a closed connection is noticed.
        case idle
        /// The server is stopping.
        case closed
    }

    private let token: String
    // Guarded by `condition`: NSCondition is the lock and the wait in one.
    private let condition = NSCondition()
    private var generation = 0
    private var isClosed = false

    public init(token: String = String(UInt32.random(in: 0...UInt32.max), radix: 36)) {
        self.token = token
    }

    /// The id of the current build.
    public var currentID: String {
        condition.lock()
        defer { condition.unlock() }
        return id(generation)
    }

    /// A build finished: a new id, and every waiting client wakes up.
    @discardableResult
    public func publish() -> String {
        condition.lock()
        defer { condition.unlock() }
        generation += 1
        condition.broadcast()
        return id(generation)
    }

    /// Blocks until the current id differs from `since`, the channel closes, or `timeout`
    /// seconds pass.
    public func wait(since: String, timeout: Double) -> Event {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if isClosed { return .closed }
            if id(generation) != since { return .reload(id: id(generation)) }
            if !condition.wait(until: deadline) { return isClosed ? .closed : .idle }
        }
    }

    /// Wakes every waiting client for good (the server is stopping).
    public func close() {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        condition.broadcast()
    }

    private func id(_ generation: Int) -> String { token + "-" + String(generation) }

    /// The script a served page carries: reloads when a build newer than `id` finishes. Quotes
    /// cannot occur in an id (letters, digits and `-`), so it is safe inside the string.
    public static func script(id: String) -> String {
        "<script>new EventSource(\"\(eventsPath)?since=\(id)\").onmessage=function(){location.reload()}</script>"
    }

    /// The stream's text for one event, in the `text/event-stream` format.
    static func message(_ event: Event) -> String {
        switch event {
        case .reload(let id): return "data: \(id)\n\n"
        case .idle: return ": waiting\n\n"
        case .closed: return ""
        }
    }
}
