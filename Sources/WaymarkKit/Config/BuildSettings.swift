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
    /// such as "2 problems in waymark.json"), those problems, and the kind of failure.
    public struct Failure: Error, Sendable {
        public var message: String
        public var diagnostics: [Diagnostic] = []
        public var kind: ErrorKind
        /// The command line is at fault: show its usage line.
        public var isUsage: Bool { kind == .usage }

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

    /// What the command line gave, its values already checked: each one set overrides its key
    /// of the config file.
    public struct Given: Sendable {
        /// The SOURCE arguments; none leaves the sources to the config file, else the demo.
        public var sources: [String] = []
        /// `--config FILE`; nil looks for `waymark.json` in the folder given to `resolve`.
        public var config: String?
        public var output: String?
        public var now: DateTimeText.Parsed?
        public var zone: Zone?
        public var language: Language?
        public var title: String?
        public var weightUnit: WeightUnit?
        /// `--distance-unit`: the unit of distances in files that do not say.
        public var distanceUnit: DistanceUnit?
        public var baseURL: BaseURL?
        /// `--templates DIR`.
        public var templates: String?
        public var force = false
        public var skipInvalid = false

        public init() {}
    }

    /// Reads the config file, if any, and lays the command line over it. `directory` is where
    /// `waymark.json` is looked for when `--config` is not given (the current folder).
    public static func resolve(_ given: Given, fileSystem fs: FileSystem, directory: String = ".") throws(Failure) -> BuildSettings {
        var request = BuildRequest(zone: given.zone, language: given.language, title: given.title, force: given.force,
                                   skipInvalid: given.skipInvalid, weightUnit: given.weightUnit)
        request.now = given.now
        request.distanceUnit = given.distanceUnit
        var settings = BuildSettings(request: request)
        var config = SiteConfig()
        var configDirectory = "."
        if let path = try configPath(given.config, fs, directory: directory) {
            config = try read(path, fs)
            configDirectory = SiteConfig.directory(of: path)
            config = config.resolvingPaths(against: configDirectory)
            settings.configPath = path
            settings.notes.append("Using \(Diagnostic.path(path))")
        }

        // The command line wins, key by key.
        request.source = !given.sources.isEmpty ? .paths(given.sources) : config.sources.map { .paths($0) } ?? .demo
        request.output = given.output ?? config.output ?? SiteConfig.path("site", against: configDirectory)
        request.zone = request.zone ?? config.timeZone
        request.language = request.language ?? config.language
        request.title = request.title ?? config.title
        request.weightUnit = request.weightUnit ?? config.weightUnit
        // A source's own units belong to the list; SOURCE arguments replace it, so however a path
        // is spelled there, it is read with the command line's units.
        request.sourceSettings = given.sources.isEmpty ? config.sourceSettings : [:]
        request.goalWeightKg = config.goalWeightKg
        request.goalDirection = config.goalDirection
        request.heightCm = config.heightCm
        request.habitPoints = config.habitPoints
        request.configFile = settings.configPath
        request.baseURL = given.baseURL ?? config.baseURL
        request.sections = config.sections
        request.privacy = config.privacy.privacy

        if let dir = given.templates {
            do {
                let (custom, replaced) = try Theme.embedded.overridden(by: dir, fileSystem: fs)
                request.theme = custom
                request.customTheme = true
                settings.templatesPath = dir
                settings.notes.append("Using \(replaced.count) file(s) from \(Diagnostic.path(dir))")
                for unused in custom.unusedTemplates(over: .embedded) {
                    let file = Diagnostic.path(dir + "/" + unused.name + ".mustache")
                    settings.notes.append("warning: \(file): replaces no built-in template, and no template uses it as a partial"
                                          + (unused.guess.map { "; did you mean \($0).mustache?" } ?? ""))
                }
            } catch {
                throw Failure(message: "\(error)", kind: error.kind)
            }
        }
        settings.request = request
        return settings
    }

    /// The config file to read: `--config`'s, which must exist, else `waymark.json` in `directory`
    /// when there is one.
    static func configPath(_ given: String?, _ fs: FileSystem, directory: String) throws(Failure) -> String? {
        if let given {
            guard fs.kind(given) != nil else { throw Failure(message: "\(Diagnostic.path(given)): no such config file", kind: .missingInput) }
            return given
        }
        let candidate = SiteConfig.path(defaultConfigName, against: directory)
        guard let kind = fs.canonicalPath(candidate).flatMap(fs.kind), kind == .file else { return nil }
        return candidate
    }

    /// The config file's settings, or every problem in it.
    static func read(_ path: String, _ fs: FileSystem) throws(Failure) -> SiteConfig {
        guard fs.canonicalPath(path).flatMap(fs.kind) == .file else {
            throw Failure(message: "\(Diagnostic.path(path)): not a file; --config names a JSON file such as waymark.json", kind: .missingInput)
        }
        if let size = fs.fileSize(path), size > maxConfigSize {
            throw Failure(message: "\(Diagnostic.path(path)): \(size >> 20) MiB is too large for a config file", kind: .config)
        }
        let bytes: [UInt8]
        do throws(FileSystemError) { bytes = try fs.readFile(path) } catch {
            throw Failure(message: "cannot read \(Diagnostic.path(path)): \(error.detail)", kind: .missingInput)
        }
        let outcome = SiteConfigReader(file: path).read(bytes)
        let errors = outcome.problems.filter { $0.severity == .error }.count
        guard errors == 0 else {
            throw Failure(message: "\(errors) problem\(errors == 1 ? "" : "s") in \(Diagnostic.path(path))",
                          diagnostics: outcome.problems, kind: .config)
        }
        return outcome.config
    }
}
