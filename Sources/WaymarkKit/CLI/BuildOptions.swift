/// The options that make a build, for `build` and `serve` alike (as swift-argument-parser's
/// option groups): their fields, the options bound to them, and how their values become
/// `BuildSettings.Given`.
struct BuildOptions: CommandOptions {
    /// The SOURCE arguments.
    var sources: [String] = []
    var config: String?
    var output: String?
    var now: String?
    var timeZone: String?
    var weightUnit: String?
    var distanceUnit: String?
    var language: String?
    var title: String?
    var baseURL: String?
    var templates: String?
    var force = false
    var skipInvalid = false

    static let configHelp = "Read settings from FILE (default: ./waymark.json when there is one); options given here override it."
    static let baseURLHelp = "Where the site is published, e.g. https://example.org/progress/: canonical links, link previews, feed.xml (default: none; links stay relative)."

    /// The options; `writes` adds those about the output folder (`serve` writes nothing).
    static func options(writes: Bool) -> [CommandSpec<BuildOptions>.Option] {
        var options: [CommandSpec<BuildOptions>.Option] = [.value(["--config"], "FILE", help: configHelp, \.config)]
        if writes {
            options.append(.value(["-o", "--output"], "DIR", help: "Where to write the site (default: ./site, or beside waymark.json).", \.output))
        }
        options += [
            .value(["--now"], "DATE-TIME", help: "The moment statistics are computed for (default: the export's exportedAt or a newer record, else now, or the last day of data older than 30 days).", \.now),
            .value(["--time-zone"], "TZ", help: CommonOptions.timeZoneHelp, \.timeZone),
            .value(["--weight-unit"], "UNIT", help: CommonOptions.weightUnitHelp, \.weightUnit),
            .value(["--distance-unit"], "UNIT", help: CommonOptions.distanceUnitHelp, \.distanceUnit),
            .value(["--lang"], "LANG", help: "Language of the site: en or zh-Hans (default: the profile's, else en).", \.language),
            .value(["--title"], "TEXT", help: "The site's title (default: from the user's name).", \.title),
            .value(["--base-url"], "URL", help: baseURLHelp, \.baseURL),
            .value(["--templates"], "DIR", help: "Use templates and assets from DIR instead of the built-in ones, file by file.", \.templates),
        ]
        if writes {
            options.append(.flag(["--force"], help: "Write into a non-empty folder Waymark did not create (its other files are kept).", \.force))
        }
        options.append(.flag(["--skip-invalid"], help: CommonOptions.skipInvalidHelp, \.skipInvalid))
        return options
    }

    /// The command line's values, checked in the order they are read.
    func given() throws(UsageError) -> BuildSettings.Given {
        var given = BuildSettings.Given()
        given.zone = try CommonOptions.zone(timeZone)
        given.language = try CommonOptions.language(language)
        given.weightUnit = try CommonOptions.weightUnit(weightUnit)
        given.distanceUnit = try CommonOptions.distanceUnit(distanceUnit)
        given.now = try CommonOptions.now(now)
        given.baseURL = try CommonOptions.baseURL(baseURL)
        given.title = try CommonOptions.title(title)
        given.force = force
        given.skipInvalid = skipInvalid
        given.sources = sources
        given.config = config
        given.output = output
        given.templates = templates
        return given
    }
}

extension BuildSettings {
    /// The settings of a command line: its values checked (a wrong one is a usage failure), then
    /// `resolve`.
    static func resolve(_ options: BuildOptions, _ env: CommandEnvironment, directory: String = ".") throws(Failure) -> BuildSettings {
        let given: Given
        do throws(UsageError) { given = try options.given() } catch {
            throw Failure(message: error.message, kind: .usage)
        }
        return try resolve(given, fileSystem: env.fileSystem, directory: directory)
    }
}
