/// A running preview: the session with the site, the HTTP server and the watcher.
public final class PreviewService: Sendable {
    /// The site and its state.
    public let session: PreviewSession
    /// The HTTP server.
    public let server: PreviewServer
    /// The watcher that starts rebuilds.
    public let watcher: SiteWatcher
    /// The address to open in a browser.
    public let url: String

    init(session: PreviewSession, server: PreviewServer, watcher: SiteWatcher, url: String) {
        self.session = session
        self.server = server
        self.watcher = watcher
        self.url = url
    }

    /// The port served (the system's choice for port 0).
    public var port: Int { server.port }

    /// Stops watching (after a rebuild in progress), ends the live-reload streams, then stops
    /// the server and waits for its connections.
    public func stop() {
        watcher.stop()
        session.reload.close()
        server.stop()
    }
}
