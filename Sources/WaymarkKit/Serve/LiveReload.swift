import Foundation

/// The live-reload channel. Every finished build, good or failed, gets a new id, and says which
/// pages it changed: every page (the first build, a failed one, the one that fixes it, a changed
/// stylesheet or image) or only some (`publish(changed:)`). Pages served in preview carry a small
/// script (`script(id:page:)`) that listens on `eventsPath` with server-sent events, naming the
/// build it was served from and its own path, and reloads as soon as a newer build changed that
/// page, so a build that ends between serving a page and its script connecting is not missed, and
/// a page no build changed is left alone.
///
/// The ids start with a token of this run, so pages left open across a restart of `waymark
/// serve` reload too. Built sites never get the script: it is added to responses only.
public final class LiveReload: @unchecked Sendable {
    /// Where the script listens.
    public static let eventsPath = "/_waymark/events"

    /// What a waiting client learns.
    public enum Event: Equatable, Sendable {
        /// A build changed the page: reload.
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
    /// The last build that changed every page.
    private var everyPage = 0
    /// Site path → the last build that changed the file there.
    private var changedAt: [String: Int] = [:]
    /// Site path → streams open for the page there.
    private var open: [String: Int] = [:]
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

    /// A build finished that changed every page: a new id, and every waiting client reloads.
    @discardableResult
    public func publish() -> String {
        condition.lock()
        defer { condition.unlock() }
        generation += 1
        everyPage = generation
        condition.broadcast()
        return id(generation)
    }

    /// A build finished (or got far enough) that changed the files at `paths` (site paths) and
    /// no other: a new id, and the pages at those paths reload.
    @discardableResult
    public func publish(changed paths: some Sequence<String>) -> String {
        condition.lock()
        defer { condition.unlock() }
        generation += 1
        for path in paths { changedAt[path] = generation }
        condition.broadcast()
        return id(generation)
    }

    /// Blocks until a build newer than `since` changed `page` (any newer build when `page` is
    /// nil, or when `since` is of another run), the channel closes, or `timeout` seconds pass.
    public func wait(since: String, page: String? = nil, timeout: Double) -> Event {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if isClosed { return .closed }
            if changed(page, since: since) { return .reload(id: id(generation)) }
            if !condition.wait(until: deadline) { return isClosed ? .closed : .idle }
        }
    }

    /// Whether a build after `since` changed `page`; with the lock held.
    private func changed(_ page: String?, since: String) -> Bool {
        let prefix = token + "-"
        guard let page, since.hasPrefix(prefix), let seen = Int(since.dropFirst(prefix.count)), seen <= generation else {
            return id(generation) != since
        }
        return max(everyPage, changedAt[page] ?? 0) > seen
    }

    /// The pages open in a browser now (their site paths): those with a stream.
    public var openPages: [String] {
        condition.lock()
        defer { condition.unlock() }
        return open.keys.sorted()
    }

    /// A stream for the page at `path` opened (`true`) or closed.
    func watching(_ path: String, _ opened: Bool) {
        condition.lock()
        defer { condition.unlock() }
        let count = (open[path] ?? 0) + (opened ? 1 : -1)
        open[path] = count > 0 ? count : nil
    }

    /// Wakes every waiting client for good (the server is stopping).
    public func close() {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        condition.broadcast()
    }

    private func id(_ generation: Int) -> String { token + "-" + String(generation) }

    /// The script a served page carries: reloads when a build newer than `id` changes the page at
    /// `page` (its site path). Quotes cannot occur in an id (letters, digits and `-`), and the
    /// path is percent-encoded but for letters, digits and `-._~/`, so both are safe inside the
    /// string and the URL.
    public static func script(id: String, page: String) -> String {
        "<script>new EventSource(\"\(eventsPath)?since=\(id)&page=\(encoded(page))\").onmessage=function(){location.reload()}</script>"
    }

    /// `path` percent-encoded but for ASCII letters, digits and `-._~/`.
    static func encoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
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
