/// `waymark build [SOURCE…]`: read → compute → render → write.
enum BuildCommand {
    static let spec = CommandSpec(
        name: "build",
        abstract: "Build the static site from exports, merged.",
        arguments: [CommonOptions.sources],
        options: [
            .init(names: ["-o", "--output"], value: "DIR", help: "Where to write the site (default: ./site)."),
            .init(names: ["--now"], value: "DATE-TIME", help: "The moment statistics are computed for (default: the export's exportedAt, else now)."),
            CommonOptions.timeZone,
            CommonOptions.weightUnit,
            .init(names: ["--lang"], value: "LANG", help: "Language of the site: en or zh-Hans (default: the profile's, else en)."),
            .init(names: ["--title"], value: "TEXT", help: "The site's title (default: from the user's name)."),
            .init(names: ["--base-url"], value: "URL", help: "Where the site is published, e.g. https://example.org/progress/ (canonical links, link previews, feed.xml)."),
            .init(names: ["--templates"], value: "DIR", help: "Use templates and assets from DIR instead of the built-in ones, file by file."),
            .init(names: ["--force"], value: nil, help: "Write into a non-empty folder Waymark did not create (its other files are kept)."),
            CommonOptions.skipInvalid,
            CommonOptions.quiet,
            .init(names: ["--timings"], value: nil, help: "Print how long reading, building and writing took."),
        ],
        discussion: """
        With no SOURCE, the bundled demo export is built. Each SOURCE is recognised by its
        names and contents; several are merged into one site (docs/import.md).
        The site is built beside the output folder and swapped in only when complete; files that
        did not change keep their modification time. One build at a time writes an output folder.
        \(ExitCode.summary)
        """,
        run: { parsed, env in run(parsed, env) }
    )

    static func run(_ parsed: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
        let started = env.monotonic()
        let quiet = parsed.flag("--quiet")
        var request: BuildRequest
        do {
            request = try self.request(parsed)
        } catch {
            env.standardError("error: \(error.message)\nUsage: \(spec.usage)\n")
            return .usage
        }
        if let dir = parsed.value("--templates") {
            do {
                let (custom, replaced) = try Theme.embedded.overridden(by: dir, fileSystem: env.fileSystem)
                request.theme = custom
                request.customTheme = true
                if !quiet { env.standardError("Using \(replaced.count) file(s) from \(dir)\n") }
            } catch {
                env.standardError("error: \(error)\n")
                return ExitCode(for: error.kind)
            }
        }
        let progress = progressLine(quiet: quiet, env)
        request.progress = progress?.report
        let outcome: BuildPipeline.Outcome
        do {
            defer { progress?.finish() }
            outcome = try env.pipeline.run(request)
        } catch {
            report(error.diagnostics, quiet: quiet, env)
            env.standardError(error.step == .read ? error.message + "\n" : "error: \(error.message)\n")
            return ExitCode(for: error.kind)
        }
        report(outcome.warnings, quiet: quiet, env)
        if parsed.flag("--timings") {
            let f = { (s: Double) in LocaleFormat.fixed(s * 1000, places: 0) + " ms" }
            env.standardError(outcome.timings.map { "\($0.part) \(f($0.seconds))" }.joined(separator: ", ") + "\n")
        }
        if !quiet { env.standardError(summary(outcome, seconds: env.monotonic() - started)) }
        return .ok
    }

    /// The progress line for long imports, only on a terminal.
    static func progressLine(quiet: Bool, _ env: CommandEnvironment) -> ProgressLine? {
        guard !quiet, env.standardErrorIsTerminal else { return nil }
        return ProgressLine(write: env.standardError, clock: env.monotonic)
    }

    /// The request the command line asks for.
    static func request(_ parsed: ParsedArguments) throws(UsageError) -> BuildRequest {
        var request = BuildRequest(source: CommonOptions.source(parsed),
                                   output: parsed.value("--output") ?? "site",
                                   zone: try CommonOptions.zone(parsed), language: try CommonOptions.language(parsed),
                                   title: parsed.value("--title"), force: parsed.flag("--force"),
                                   skipInvalid: parsed.flag("--skip-invalid"), weightUnit: try CommonOptions.weightUnit(parsed))
        request.now = try CommonOptions.now(parsed)
        request.baseURL = try CommonOptions.baseURL(parsed)
        return request
    }

    /// What a build did, in a few lines.
    static func summary(_ outcome: BuildPipeline.Outcome, seconds: Double) -> String {
        let report = outcome.report
        let output = outcome.output
        var line = "Built \(outcome.pages) pages into \(output)/ "
        if report.upToDate {
            line += "(up to date, nothing rewritten)"
        } else {
            line += "(\(report.written) written, \(report.unchanged) unchanged)"
        }
        line += " in " + LocaleFormat.fixed(seconds, places: 2) + " s."
        if !report.kept.isEmpty { line += " Kept \(report.kept.count) file(s) Waymark did not write." }
        var text = line + "\n"
        if report.inPlace, let reason = report.inPlaceReason {
            text += "Replaced the files inside \(output)/ one by one, because \(reason); each page is whole, but for a moment old and new pages were side by side.\n"
        }
        for leftover in report.leftovers {
            text += "warning: left \(leftover) from an earlier build: it holds files Waymark did not write; look inside, then remove it\n"
        }
        return text + "Open \(output)/index.html in a browser.\n"
    }

    /// Prints problems: errors always, warnings unless `quiet`.
    static func report(_ diagnostics: [Diagnostic], quiet: Bool, _ env: CommandEnvironment) {
        let text = diagnostics.filter { !quiet || $0.severity == .error }.map { "\($0.severity.rawValue): \($0)\n" }.joined()
        if !text.isEmpty { env.standardError(text) }
    }
}
