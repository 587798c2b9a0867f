/// `waymark serve [SOURCE…]`: builds the site into memory, serves it on this computer and
/// rebuilds it when the sources, the templates or the config change; browsers reload by
/// themselves.
enum ServeCommand {
    static let spec = CommandSpec(
        name: "serve",
        abstract: "Preview the site in a browser, rebuilt as you edit.",
        arguments: [CommonOptions.sources],
        options: [
            .init(names: ["--port"], value: "N", help: "The port to serve on (default: 8080; 0: any free port)."),
            .init(names: ["--host"], value: "ADDR", help: "The address to serve on (default: 127.0.0.1, this computer only). Another address lets other machines read the site."),
            .init(names: ["--now"], value: "DATE-TIME", help: "The moment statistics are computed for (default: the export's exportedAt, else now)."),
            CommonOptions.timeZone,
            CommonOptions.weightUnit,
            .init(names: ["--lang"], value: "LANG", help: "Language of the site: en or zh-Hans (default: the profile's, else en)."),
            .init(names: ["--title"], value: "TEXT", help: "The site's title (default: from the user's name)."),
            .init(names: ["--templates"], value: "DIR", help: "Use templates and assets from DIR instead of the built-in ones, file by file (watched too)."),
            CommonOptions.skipInvalid,
            CommonOptions.quiet,
        ],
        discussion: """
        The site is built into memory and served from there: nothing is written, and no output
        folder is touched (use 'waymark build' for that). The sources, the --templates folder
        and waymark.json are watched; a change rebuilds the site within half a second, and open
        pages reload by themselves (in the preview only: built sites never contain scripts).
        While a rebuild fails, the last good site stays served, with the error on every page and
        in the terminal. Ctrl-C stops the server. See docs/serve.md.
        \(ExitCode.summary)
        """,
        run: { parsed, env in run(parsed, env) }
    )

    static func run(_ parsed: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
        let service: PreviewService
        do {
            service = try start(parsed, env)
        } catch {
            env.standardError("error: \(error.message)\n" + (error.kind == .usage ? "Usage: \(spec.usage)\n" : ""))
            return ExitCode(for: error.kind)
        }
        env.standardError("Serving \(service.url) (Ctrl-C to stop)\n")
        ShutdownSignal.wait()
        service.stop()
        if !parsed.flag("--quiet") { env.standardError("Stopped.\n") }
        return .ok
    }

    /// The request every build of the preview uses. The one place that makes it, so a config
    /// file's settings come in by changing this line.
    static func request(_ parsed: ParsedArguments) throws(UsageError) -> BuildRequest {
        try BuildCommand.request(parsed)
    }

    /// What the watcher watches: the sources, the templates folder and the config file.
    static func watchedPaths(_ parsed: ParsedArguments, _ request: BuildRequest) -> [String] {
        var paths: [String] = []
        if case .paths(let sources) = request.source { paths += sources }
        if let templates = parsed.value("--templates") { paths.append(templates) }
        paths.append("waymark.json")
        return paths
    }

    /// Starts a preview: checks the command line, takes the port, builds once (a failed first
    /// build is served as its error), then serves and watches. Returns once serving; the caller
    /// stops it. Tests start one on port 0.
    static func start(_ parsed: ParsedArguments, _ env: CommandEnvironment, watch: SiteWatcher.Method = .native) throws(ServeError) -> PreviewService {
        let host = parsed.value("--host") ?? ServeAddress.defaultHost
        let port: Int
        let warning: String?
        let initial: BuildRequest
        do {
            port = try ServeAddress.port(parsed.value("--port"))
            warning = try ServeAddress.check(host: host, explicit: parsed.value("--host") != nil)
            initial = try request(parsed)
        } catch {
            throw ServeError(message: error.message, kind: .usage)
        }
        let socket = try ListenSocket.open(host: host, port: port)
        if let warning { env.standardError(warning) }
        let pipeline = env.pipeline
        let fileSystem = env.fileSystem
        let build: PreviewSession.Build = { () throws(BuildFailure) -> BuildPipeline.Built in
            var request: BuildRequest
            do throws(UsageError) { request = try ServeCommand.request(parsed) } catch {
                throw BuildFailure(step: .read, kind: .usage, message: "error: \(error.message)")
            }
            do throws(Theme.LoadError) { _ = try BuildCommand.applyTemplates(parsed, to: &request, fileSystem: fileSystem) } catch {
                throw BuildFailure(step: .render, kind: error.kind, message: "\(error)")
            }
            return try pipeline.build(request)
        }
        let session = PreviewSession(build: build, clock: env.clock, monotonic: env.monotonic, quiet: parsed.flag("--quiet"),
                                     log: env.standardError)
        // Watching starts before the first build, so an edit made while it runs is not missed.
        let watcher = SiteWatcher(paths: watchedPaths(parsed, initial), method: watch) { session.rebuild() }
        session.rebuild()
        let server: PreviewServer
        do { server = try PreviewServer(socket: socket) { session.handle($0) } } catch {
            watcher.stop()
            throw error
        }
        return PreviewService(session: session, server: server, watcher: watcher, url: ServeAddress.url(host: host, port: server.port))
    }
}
