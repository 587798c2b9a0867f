/// The build a command line asks for: `waymark.json` (named by `--config`, else the one in the
/// current folder when there is one) with the command line's options over it, key by key.
/// `waymark build` and `waymark serve` both start here.
public struct BuildSettings: Sendable {
    public var request: BuildRequest
    /// The config file that was read, as found or given; nil when there was none.
    public var configPath: String?
    /// The `--templates` folder, when given (a watcher follows it).
    public var templatesPath: String?
    /// What to tell the user unless `--quiet`: "Using waymark.json", the templates replaced.
    public var notes: [String] = []

    /// Why there is no build to run: the message (with problems in the config file, a summary
    /// such as "2 problems in waymark.json"), those problems, the exit code.
    public struct Failure: Error, Sendable {
        public var message: String
        public var diagnostics: [Diagnostic] = []
        public var exitCode: ExitCode
        /// The command line is at fault: show its usage line.
        public var isUsage: Bool { exitCode == .usage }

        /// What to print: each problem in the config file and a summary, or one error line (with
        /// the command's usage line for a usage error).
        func text(usage: String) -> String {
            if !diagnostics.isEmpty {
                return diagnostics.map { "\($0.severity.rawValue): \($0)\n" }.joined() + message + "; nothing was built.\n"
            }
            return "error: \(message)\n" + (isUsage ? "Usage: \(usage)\n" : "")
        }
    }

    /// The config file looked for in the current folder.
    public static let defaultConfigName = "waymark.json"
    /// A config file larger than this is not a config file.
    static let maxConfigSize = 1 << 20

    static let configOption = CommandSpec.Option(names: ["--config"], value: "FILE",
        help: "Read settings from FILE (default: ./waymark.json when there is one); options given here override it.")
    static let baseURLOption = CommandSpec.Option(names: ["--base-url"], value: "URL",
        help: "Where the site is published, e.g. https://example.org/progress/: canonical links, link previews, feed.xml (default: none; links stay relative).")

    /// The options that make a build, for `build` and `serve` alike.
    static let options: [CommandSpec.Option] = [
        configOption,
        .init(names: ["-o", "--output"], value: "DIR", help: "Where to write the site (default: ./site, or beside waymark.json)."),
        .init(names: ["--now"], value: "DATE-TIME", help: "The moment statistics are computed for (default: the export's exportedAt or a newer record, else now, or the last day of data older than 30 days)."),
        CommonOptions.timeZone,
        CommonOptions.weightUnit,
        .init(names: ["--lang"], value: "LANG", help: "Language of the site: en or zh-Hans (default: the profile's, else en)."),
        .init(names: ["--title"], value: "TEXT", help: "The site's title (default: from the user's name)."),
        baseURLOption,
        .init(names: ["--templates"], value: "DIR", help: "Use templates and assets from DIR instead of the built-in ones, file by file."),
        .init(names: ["--force"], value: nil, help: "Write into a non-empty folder Waymark did not create (its other files are kept)."),
        CommonOptions.skipInvalid,
    ]

    /// Reads the config file, if any, and lays the command line over it. `directory` is where
    /// `waymark.json` is looked for when `--config` is not given (the current folder).
    static func resolve(_ parsed: ParsedArguments, _ env: CommandEnvironment, directory: String = ".") throws(Failure) -> BuildSettings {
        let fs = env.fileSystem
        var request: BuildRequest
        let baseURL: BaseURL?
        do throws(UsageError) {
            request = BuildRequest(zone: try CommonOptions.zone(parsed), language: try CommonOptions.language(parsed),
                                   title: parsed.value("--title"), force: parsed.flag("--force"),
                                   skipInvalid: parsed.flag("--skip-invalid"), weightUnit: try CommonOptions.weightUnit(parsed))
            request.now = try CommonOptions.now(parsed)
            baseURL = try CommonOptions.baseURL(parsed)
        } catch {
            throw Failure(message: error.message, exitCode: .usage)
        }

        var settings = BuildSettings(request: request)
        var config = SiteConfig()
        var configDirectory = "."
        if let path = try configPath(parsed, fs, directory: directory) {
            config = try read(path, fs)
            configDirectory = SiteConfig.directory(of: path)
            config = config.resolvingPaths(against: configDirectory)
            settings.configPath = path
            settings.notes.append("Using \(Diagnostic.path(path))")
        }

        // The command line wins, key by key.
        request.source = !parsed.positionals.isEmpty ? .paths(parsed.positionals) : config.sources.map { .paths($0) } ?? .demo
        request.output = parsed.value("--output") ?? config.output ?? SiteConfig.path("site", against: configDirectory)
        request.zone = request.zone ?? config.timeZone
        request.language = request.language ?? config.language
        request.title = request.title ?? config.title
        request.weightUnit = request.weightUnit ?? config.weightUnit
        request.goalWeightKg = config.goalWeightKg
        request.heightCm = config.heightCm
        request.baseURL = baseURL ?? config.baseURL
        request.sections = config.sections
        request.privacy = config.privacy.privacy

        if let dir = parsed.value("--templates") {
            do {
                let (custom, replaced) = try Theme.embedded.overridden(by: dir, fileSystem: fs)
                request.theme = custom
                request.customTheme = true
                settings.templatesPath = dir
                settings.notes.append("Using \(replaced.count) file(s) from \(Diagnostic.path(dir))")
            } catch {
                throw Failure(message: "\(error)", exitCode: ExitCode(for: error.kind))
            }
        }
        settings.request = request
        return settings
    }

    /// The config file to read: `--config`'s, which must exist, else `waymark.json` in `directory`
    /// when there is one.
    static func configPath(_ parsed: ParsedArguments, _ fs: FileSystem, directory: String) throws(Failure) -> String? {
        if let given = parsed.value("--config") {
            guard fs.kind(given) != nil else { throw Failure(message: "\(Diagnostic.path(given)): no such config file", exitCode: .noInput) }
            return given
        }
        let candidate = SiteConfig.path(defaultConfigName, against: directory)
        guard let kind = fs.canonicalPath(candidate).flatMap(fs.kind), kind == .file else { return nil }
        return candidate
    }

    /// The config file's settings, or every problem in it.
    static func read(_ path: String, _ fs: FileSystem) throws(Failure) -> SiteConfig {
        guard fs.canonicalPath(path).flatMap(fs.kind) == .file else {
            throw Failure(message: "\(Diagnostic.path(path)): not a file; --config names a JSON file such as waymark.json", exitCode: .noInput)
        }
        if let size = fs.fileSize(path), size > maxConfigSize {
            throw Failure(message: "\(Diagnostic.path(path)): \(size >> 20) MiB is too large for a config file", exitCode: .config)
        }
        let bytes: [UInt8]
        do throws(FileSystemError) { bytes = try fs.readFile(path) } catch {
            throw Failure(message: "cannot read \(Diagnostic.path(path)): \(error.detail)", exitCode: .noInput)
        }
        let outcome = SiteConfigReader(file: path).read(bytes)
        let errors = outcome.problems.filter { $0.severity == .error }.count
        guard errors == 0 else {
            throw Failure(message: "\(errors) problem\(errors == 1 ? "" : "s") in \(Diagnostic.path(path))",
                          diagnostics: outcome.problems, exitCode: .config)
        }
        return outcome.config
    }
}
