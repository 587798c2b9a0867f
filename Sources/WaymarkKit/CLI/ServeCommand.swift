import Synchronization

/// `waymark serve [SOURCE…]`: builds the site into memory, serves it on this computer and
/// rebuilds it when the sources, the templates or the config change; browsers reload by
/// themselves.
enum ServeCommand {
    struct Options: CommandOptions {
        var port: String?
        var host: String?
        var build = BuildOptions()
        var quiet = false
    }

    static let spec = CommandSpec<Options>(
        name: "serve",
        abstract: "Preview the site in a browser, rebuilt as you edit.",
        arguments: [.many("SOURCE", help: CommonOptions.sourcesHelp, optional: true, \.build.sources)],
        // The build's options, less those about the output folder: the preview writes nothing.
        options: [
            .value(["--port"], "N", help: "The port to serve on (default: 8080; 0: any free port).", \.port),
            .value(["--host"], "ADDR", help: "The address to serve on (default: 127.0.0.1, this computer only). Another address lets other machines read the site.", \.host),
        ] + BuildOptions.options(writes: false).map { $0.within(\Options.build) } + [
            .flag(["-q", "--quiet"], help: CommonOptions.quietHelp, \.quiet),
        ],
        discussion: """
        The site is built into memory and served from there: nothing is written, and no output
        folder is touched (use 'waymark build' for that). Settings come from waymark.json as for
        'waymark build'. The sources, the --templates folder and the config file are watched; a change rebuilds the site within half a second, and open
        pages reload by themselves (in the preview only: built sites never contain scripts).
        While a rebuild fails, the last good site stays served, with the error on every page and
        in the terminal. Ctrl-C stops the server. See docs/serve.md.
        \(ExitCode.summary)
        """,
        run: { options, env in run(options, env) }
    )

    static func run(_ options: Options, _ env: CommandEnvironment) -> ExitCode {
        let service: PreviewService
        do {
            service = try start(options, env)
        } catch {
            // As `build` prints it: each problem in the config with its severity, then the error.
            BuildCommand.report(error.diagnostics, quiet: false, env)
            env.standardError((error.diagnostics.isEmpty ? "error: " : "") + error.message + "\n"
                              + (error.kind == .usage ? "Usage: \(spec.usage)\n" : ""))
            return ExitCode(for: error.kind)
        }
        env.standardError("Serving \(service.url) (Ctrl-C to stop)\n")
        ShutdownSignal.wait()
        // Stopping waits for a rebuild in progress and for open connections; a second Ctrl-C
        // ends the process at once (ShutdownSignal restored the default action).
        if !options.quiet { env.standardError("Stopping… (Ctrl-C again to force)\n") }
        service.stop()
        if !options.quiet { env.standardError("Stopped.\n") }
        return .ok
    }

    /// The settings every build of the preview uses: `waymark.json` under the command line, read
    /// again for each build so an edited config takes effect. The one place that makes them.
    static func settings(_ options: Options, _ env: CommandEnvironment) throws(BuildSettings.Failure) -> BuildSettings {
        try BuildSettings.resolve(options.build, env)
    }

    /// What the watcher watches: the sources, the templates folder and the config file (or
    /// `waymark.json`, so one created later is noticed).
    static func watchedPaths(_ settings: BuildSettings) -> [String] {
        var paths: [String] = []
        if case .paths(let sources) = settings.request.source { paths += sources }
        if let templates = settings.templatesPath { paths.append(templates) }
        paths.append(settings.configPath ?? BuildSettings.defaultConfigName)
        return paths
    }

    /// Starts a preview: checks the command line, takes the port, builds once (a failed first
    /// build is served as its error), then serves and watches. Returns once serving; the caller
    /// stops it. Tests start one on port 0.
    static func start(_ options: Options, _ env: CommandEnvironment, watch: SiteWatcher.Method = .native) throws(ServeError) -> PreviewService {
        // Only --host can name another address than 127.0.0.1 (waymark.json has no host key), so
        // a public address is always the user's explicit choice: it is served, with a warning.
        let host = options.host ?? ServeAddress.defaultHost
        let port: Int
        let initial: BuildSettings
        port = try ServeAddress.port(options.port)
        do throws(BuildSettings.Failure) { initial = try settings(options, env) } catch {
            throw error.serveError
        }
        let quiet = options.quiet
        if !quiet { env.standardError(initial.notes.map { $0 + "\n" }.joined()) }
        let watched = watchedPaths(initial)
        // The HTTP library is looked for first: a preview that cannot serve says so before it
        // builds anything.
        if case .failure(let error) = MicroHTTPD.shared { throw error }
        let socket = try ListenSocket.open(host: host, port: port)
        if let warning = ServeAddress.warning(host: host, isLoopback: socket.isLoopback) { env.standardError(warning) }
        let pipeline = env.pipeline
        let noticed = Mutex(false)
        // The settings' notes (the theme's files, a template that replaces nothing) were printed
        // above; a rebuild prints them again when a save changes them.
        let printedNotes = Mutex(initial.notes)
        // What each rebuild may reuse from the one before (unchanged files, notes, figures).
        let cache = RebuildCache()
        let build: PreviewSession.Build = { () throws(BuildFailure) -> PreparedSite in
            let settings: BuildSettings
            do throws(BuildSettings.Failure) { settings = try ServeCommand.settings(options, env) } catch {
                throw error.rebuildFailure
            }
            // The watcher keeps the paths it started with; say so once when the config names others.
            if !quiet, watchedPaths(settings) != watched, !noticed.withLock({ let was = $0; $0 = true; return was }) {
                env.standardError("note: the config now names other sources or templates; restart 'waymark serve' to watch them (they are built)\n")
            }
            if !quiet, printedNotes.withLock({ printed in
                defer { printed = settings.notes }
                return printed != settings.notes
            }) {
                env.standardError(settings.notes.map { $0 + "\n" }.joined())
            }
            return try pipeline.prepare(settings.request, reusing: cache)
        }
        let session = PreviewSession(build: build, clock: env.clock, monotonic: env.monotonic, quiet: quiet,
                                     log: env.standardError)
        // Watching starts before the first build, so an edit made while it runs is not missed.
        let watcher = SiteWatcher(paths: watched, method: watch) { session.rebuild() }
        session.rebuild()
        let server: PreviewServer
        let answer: @Sendable (HTTPRequest) -> HTTPResponse = { request in
            HostHeader.allows(request.headers["host"], served: host) ? session.handle(request) : HostHeader.refused
        }
        do { server = try PreviewServer(socket: socket, handler: answer) } catch {
            watcher.stop()
            throw error
        }
        return PreviewService(session: session, server: server, watcher: watcher, url: ServeAddress.url(host: host, port: server.port))
    }
}
