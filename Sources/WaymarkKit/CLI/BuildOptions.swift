/// The options that make a build, for `build` and `serve` alike, and how the command line's
/// values become `BuildSettings.Given`.
enum BuildOptions {
    static let configOption = CommandSpec.Option(names: ["--config"], value: "FILE",
        help: "Read settings from FILE (default: ./waymark.json when there is one); options given here override it.")
    static let baseURLOption = CommandSpec.Option(names: ["--base-url"], value: "URL",
        help: "Where the site is published, e.g. https://example.org/progress/: canonical links, link previews, feed.xml (default: none; links stay relative).")

    static let options: [CommandSpec.Option] = [
        configOption,
        .init(names: ["-o", "--output"], value: "DIR", help: "Where to write the site (default: ./site, or beside waymark.json)."),
        .init(names: ["--now"], value: "DATE-TIME", help: "The moment statistics are computed for (default: the export's exportedAt, else now)."),
        CommonOptions.timeZone,
        CommonOptions.weightUnit,
        .init(names: ["--lang"], value: "LANG", help: "Language of the site: en or zh-Hans (default: the profile's, else en)."),
        .init(names: ["--title"], value: "TEXT", help: "The site's title (default: from the user's name)."),
        baseURLOption,
        .init(names: ["--templates"], value: "DIR", help: "Use templates and assets from DIR instead of the built-in ones, file by file."),
        .init(names: ["--force"], value: nil, help: "Write into a non-empty folder Waymark did not create (its other files are kept)."),
        CommonOptions.skipInvalid,
    ]

    /// The command line's values, checked in the order they are read.
    static func given(_ parsed: ParsedArguments) throws(UsageError) -> BuildSettings.Given {
        var given = BuildSettings.Given()
        given.zone = try CommonOptions.zone(parsed)
        given.language = try CommonOptions.language(parsed)
        given.weightUnit = try CommonOptions.weightUnit(parsed)
        given.now = try CommonOptions.now(parsed)
        given.baseURL = try CommonOptions.baseURL(parsed)
        given.title = parsed.value("--title")
        given.force = parsed.flag("--force")
        given.skipInvalid = parsed.flag("--skip-invalid")
        given.sources = parsed.positionals
        given.config = parsed.value("--config")
        given.output = parsed.value("--output")
        given.templates = parsed.value("--templates")
        return given
    }
}

extension BuildSettings {
    /// The settings of a command line: its values checked (a wrong one is a usage failure), then
    /// `resolve`.
    static func resolve(_ parsed: ParsedArguments, _ env: CommandEnvironment, directory: String = ".") throws(Failure) -> BuildSettings {
        let given: Given
        do throws(UsageError) { given = try BuildOptions.given(parsed) } catch {
            throw Failure(message: error.message, kind: .usage)
        }
        return try resolve(given, fileSystem: env.fileSystem, directory: directory)
    }
}
