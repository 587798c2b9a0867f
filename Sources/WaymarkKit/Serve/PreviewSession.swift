import Synchronization

/// The state of one preview: the last good build's files, whether the latest build failed, and
/// the live-reload channel. `rebuild` builds, swaps the snapshot and tells the browsers;
/// `handle` answers requests. While a rebuild renders, a request for a file of the new site is
/// answered from the rebuild at once (its page rendered first), and any other waits for the
/// swap (`RebuildInProgress`). Safe to use from any thread: the server's connection threads read
/// while the watcher's thread rebuilds.
public final class PreviewSession: Sendable {
    /// Reads and computes the site (`BuildPipeline.prepare`); called for every rebuild, which
    /// then renders it into the rebuild in progress (`BuildPipeline.render(_:into:)`).
    public typealias Build = @Sendable () throws(BuildFailure) -> PreparedSite
    /// The longest a request waits for a rebuild in progress before it gets the last good site.
    static let pendingWait = 30.0

    private let build: Build
    private let clock: @Sendable () -> Int64
    private let monotonic: @Sendable () -> Double
    private let log: @Sendable (String) -> Void
    private let quiet: Bool
    private let whileRendering: @Sendable () -> Void
    /// The live-reload channel.
    public let reload: LiveReload
    private let state: Mutex<State>
    /// Held for a whole rebuild: one at a time, so an older build never replaces a newer one.
    private let building = Mutex(())

    struct State {
        var responder: SiteResponder
        var built = false
        var warnings: [String] = []
        /// The rebuild rendering now, if any.
        var pending: RebuildInProgress?
    }

    /// - Parameters:
    ///   - build: prepares the site (`BuildPipeline.prepare`, with the request made afresh each time).
    ///   - log: the terminal (standard error).
    ///   - whileRendering: called by a rebuild just before it renders, with requests already
    ///     answered from it (tests send requests there).
    public init(build: @escaping Build, clock: @escaping @Sendable () -> Int64, monotonic: @escaping @Sendable () -> Double,
                quiet: Bool = false, reload: LiveReload = LiveReload(), log: @escaping @Sendable (String) -> Void,
                whileRendering: @escaping @Sendable () -> Void = {}) {
        self.whileRendering = whileRendering
        self.build = build
        self.clock = clock
        self.monotonic = monotonic
        self.quiet = quiet
        self.reload = reload
        self.log = log
        state = Mutex(State(responder: SiteResponder(snapshot: .empty(), reloadID: reload.currentID)))
    }

    /// Builds once. On success the new files are served and the browsers reload (when anything
    /// changed); on failure the last good files stay served, the error goes to the terminal and
    /// onto every page, and the browsers reload to show it. Returns whether the build succeeded.
    @discardableResult
    public func rebuild() -> Bool {
        building.withLock { _ in rebuildNow() }
    }

    private func rebuildNow() -> Bool {
        let started = monotonic()
        let site: PreparedSite
        do { site = try build() } catch {
            fail(error)
            return false
        }
        let now = clock()
        let pending = state.withLock { s -> RebuildInProgress in
            let pending = RebuildInProgress(site, at: now, servesEarly: s.built && s.responder.failure == nil, previous: s.responder.snapshot)
            s.pending = pending
            return pending
        }
        // Waiting requests go on once the snapshot is swapped or the failure recorded.
        defer { pending.finish() }
        let announced = pending.servesEarly ? announceOpenPages(pending, at: now) : []
        whileRendering()
        do { try BuildPipeline.render(site, into: pending) } catch {
            state.withLock { $0.pending = nil }
            fail(error)
            return false
        }
        let warnings = site.warnings.map { "\($0.severity.rawValue): \($0)\n" }
        let (snapshot, first, recovered, printWarnings) = state.withLock { s -> (SiteSnapshot, Bool, Bool, Bool) in
            let old = s.responder.snapshot
            let snapshot = SiteSnapshot(files: pending.siteFiles, language: site.language, at: now, previous: s.built ? old : nil)
            let recovered = s.responder.failure != nil
            s.responder.snapshot = snapshot
            s.responder.failure = nil
            s.pending = nil
            let changed = snapshot.changed + old.entries.keys.filter { snapshot[$0] == nil }
            if !s.built || recovered || changed.contains(where: PreviewSession.reloadsEveryPage) {
                s.responder.reloadID = reload.publish()
                s.responder.stateChanged = now
            } else if case let rest = changed.filter({ !announced.contains($0) }), !rest.isEmpty {
                s.responder.reloadID = reload.publish(changed: rest)
                s.responder.stateChanged = now
            }
            defer { (s.built, s.warnings) = (true, warnings) }
            return (snapshot, !s.built, recovered, warnings != s.warnings)
        }
        if !quiet {
            if printWarnings { log(warnings.joined()) }
            let seconds = LocaleFormat.fixed(monotonic() - started, places: 2)
            let pages = snapshot.entries.keys.lazy.filter { $0.hasSuffix(".html") }.count
            let changed = "\(snapshot.changed.count) file\(snapshot.changed.count == 1 ? "" : "s") changed"
            log(first ? "Built \(pages) pages in \(seconds) s.\n"
                      : "Rebuilt in \(seconds) s: \(recovered ? "the error is fixed, " : "")\(changed).\n")
        }
        return true
    }

    /// Before the whole site is rendered: renders the pages open in a browser now and tells
    /// those whose bytes changed to reload at once (they are served from the rebuild, as the
    /// finished one will serve them). Returns their paths, which the swap need not announce
    /// again. A page the new site does not have waits for the swap.
    private func announceOpenPages(_ pending: RebuildInProgress, at now: Int64) -> Set<String> {
        var changed: Set<String> = []
        for path in reload.openPages where ContentType.isHTML(ContentType.of(path)) {
            guard let entry = pending.entry(path) else { continue }
            if let old = pending.previous[path], SiteSnapshot.same(old.bytes, entry.bytes) { continue }
            changed.insert(path)
        }
        guard !changed.isEmpty else { return [] }
        state.withLock { s in
            s.responder.reloadID = reload.publish(changed: changed)
            s.responder.stateChanged = now
        }
        return changed
    }

    /// Whether a change to the file at `path` reloads every page: a file pages show or run (a
    /// stylesheet, an image, a font, a script). A page, a feed, `stats.json`, a CSV or a text
    /// file reloads only itself.
    static func reloadsEveryPage(_ path: String) -> Bool {
        let own = ["html", "xml", "json", "csv", "txt"]
        return !own.contains(path.split(separator: ".").last.map { $0.lowercased() } ?? "")
    }

    private func fail(_ error: BuildFailure) {
        let problems = error.diagnostics.filter { $0.severity == .error }.map { "error: \($0)\n" }.joined()
        let message = problems + (error.step == .read ? error.message : "error: \(error.message)")
        let now = clock()
        let first = state.withLock { s in
            s.responder.failure = message
            s.responder.reloadID = reload.publish()
            s.responder.stateChanged = now
            return !s.built
        }
        log(message + "\n" + (first ? "Nothing to serve until the build succeeds; fix the problem and save.\n"
                                     : "Still serving the last good build; fix the problem and save.\n"))
    }

    /// Answers one request: the live-reload stream, or a file of the last good build.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.path == LiveReload.eventsPath, request.method == "GET" {
            let stream = EventStream(reload, since: request.query["since"] ?? "", page: request.query["page"])
            return HTTPResponse(status: 200, headers: [("Content-Type", ContentType.eventStream), ("Cache-Control", "no-cache"),
                                                       ("X-Content-Type-Options", "nosniff")],
                                body: .stream { stream.next() })
        }
        let (responder, pending) = state.withLock { ($0.responder, $0.pending) }
        guard let pending, request.method == "GET" || request.method == "HEAD",
              let path = RequestPath.resolve(request.path) else { return responder.respond(request) }
        if let entry = pending.entry(path) {
            var early = responder
            early.early = (path, entry)
            return early.respond(request)
        }
        // Not a file of the new site (a 404 then), or not served early: the old file might be
        // stale, so wait for the swap.
        pending.wait(seconds: PreviewSession.pendingWait)
        return state.withLock { $0.responder }.respond(request)
    }

    /// The files being served.
    public var snapshot: SiteSnapshot { state.withLock { $0.responder.snapshot } }

    /// What the latest build's failure said; nil after a good build.
    public var failure: String? { state.withLock { $0.responder.failure } }
}
