import Synchronization
/// `waymark build [EXPORT_DIR]`: read → compute → render → write.
enum BuildCommand {
    static let spec = CommandSpec(
        name: "build",
        abstract: "Build the static site from an export.",
        arguments: [.init(name: "EXPORT_DIR", help: "The export folder (default: the bundled demo export).", optional: true)],
        options: [
            .init(names: ["-o", "--output"], value: "DIR", help: "Where to write the site (default: ./site)."),
            .init(names: ["--now"], value: "DATE-TIME", help: "The moment statistics are computed for (default: the export's exportedAt, else now)."),
            CommonOptions.timeZone,
            .init(names: ["--lang"], value: "LANG", help: "Language of the site: en or zh-Hans (default: the profile's, else en)."),
            .init(names: ["--title"], value: "TEXT", help: "The site's title (default: from the user's name)."),
            .init(names: ["--templates"], value: "DIR", help: "Use templates and assets from DIR instead of the built-in ones, file by file."),
            .init(names: ["--force"], value: nil, help: "Write into a non-empty folder Waymark did not create (its other files are kept)."),
            CommonOptions.skipInvalid,
            CommonOptions.quiet,
            .init(names: ["--timings"], value: nil, help: "Print how long reading, building and writing took."),
        ],
        discussion: """
        The site is built beside the output folder and swapped in only when complete; files that
        did not change keep their modification time. Exit codes: 0 ok, 64 usage, 65 bad data,
        66 input missing, 73 cannot create output, 74 I/O error.
        """
    )

    static func run(_ parsed: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
        let started = env.monotonic()
        let quiet = parsed.flag("--quiet")
        let cliZone: Zone?
        let cliLanguage: Language?
        do {
            cliZone = try CommonOptions.zone(parsed)
            cliLanguage = try CommonOptions.language(parsed)
        } catch {
            return usage(error, env)
        }

        let directory = parsed.positionals.first
        let loader = ExportLoader(env: env, quiet: quiet)
        let root = directory ?? ExportLoader.demoRoot
        let exportFiles = directory == nil ? ExportLoader.demoFileSystem : env.fileSystem
        // The notes go through cmark while points.json is still being decoded.
        let notesAhead = Mutex<NotesAhead?>(nil)
        let (result, stop) = loader.load(directory, fallbackZone: cliZone ?? .utc, skipInvalid: parsed.flag("--skip-invalid")) { notes, assets in
            let ahead = NotesAhead(notes, loadExportFile: BuildCommand.exportFileLoader(root: root, files: exportFiles, published: assets))
            notesAhead.withLock { $0 = ahead }
        }
        if let stop { return stop }
        let read = env.monotonic()
        let export = result.export

        let zone = cliZone ?? export.profile.timeZone.flatMap(Zone.init(identifier:)) ?? .utc
        let now: Int64
        do {
            now = try CommonOptions.now(parsed, zone: zone) ?? export.profile.exportedAt.map { exported in
                switch exported {
                case .instant(let s): return s
                case .day(let d): return zone.startOfDay(d.adding(days: 1)) - 1
                }
            } ?? env.clock()
        } catch {
            return usage(error, env)
        }
        let options = SiteOptions(now: now, zone: zone, language: cliLanguage ?? export.profile.language ?? .en,
                                  title: parsed.value("--title"))

        var theme = Theme.embedded
        if let dir = parsed.value("--templates") {
            do {
                let (custom, replaced) = try theme.overridden(by: dir, fileSystem: env.fileSystem)
                theme = custom
                if !quiet { env.standardError("Using \(replaced.count) file(s) from \(dir)\n") }
            } catch {
                env.standardError("error: \(error)\n")
                return .noInput
            }
        }

        let output = parsed.value("--output") ?? "site"
        let writer = SiteWriter(fileSystem: env.fileSystem, processID: env.processID)
        // A first build writes each page while the others are still being rendered.
        let stream = writer.beginStream(to: output)
        var sink: (@Sendable (SiteFile) -> Void)?
        if let stream { sink = { @Sendable file in stream.put(file) } }
        let files: [SiteFile]
        do {
            let built = try SiteBuilder(theme: theme, options: options).build(
                export, loadExportFile: BuildCommand.exportFileLoader(root: root, files: exportFiles, published: result.noteAssets),
                notesAhead: notesAhead.withLock { $0 }, sink: sink)
            files = built.files
            if !quiet && !built.warnings.isEmpty {
                env.standardError(built.warnings.map { "warning: \($0)\n" }.joined())
            }
        } catch {
            if let stream { writer.abandon(stream) }
            env.standardError("error: template \(error)\n")
            return parsed.value("--templates") == nil ? .software : .dataError
        }

        let rendered = env.monotonic()
        let report: SiteWriter.Report
        do {
            if let stream {
                report = try writer.finish(stream, files: files, force: parsed.flag("--force"))
            } else {
                report = try writer.write(files, to: output, force: parsed.flag("--force"))
            }
        } catch {
            env.standardError("error: \(error.message)\n")
            return error.exitCode == 73 ? .cannotCreate : .ioError
        }
        if parsed.flag("--timings") {
            let f = { (s: Double) in LocaleFormat.fixed(s * 1000, places: 0) + " ms" }
            let end = env.monotonic()
            env.standardError("read \(f(read - started)), compute and render \(f(rendered - read)), write \(f(end - rendered))"
                              + (stream == nil ? "\n" : " (pages were written while rendering)\n"))
        }
        if !quiet {
            let seconds = env.monotonic() - started
            let pages = files.filter { $0.path.hasSuffix(".html") }.count
            var line = "Built \(pages) pages into \(output)/ "
            if report.upToDate {
                line += "(up to date, nothing rewritten)"
            } else {
                line += "(\(report.written) written, \(report.unchanged) unchanged)"
            }
            line += " in " + LocaleFormat.fixed(seconds, places: 2) + " s."
            if !report.kept.isEmpty { line += " Kept \(report.kept.count) file(s) Waymark did not write." }
            env.standardError(line + "\nOpen \(output)/index.html in a browser.\n")
        }
        return .ok
    }

    /// Reads the files of the export that notes show (`published`), and nothing else.
    static func exportFileLoader(root: String, files: FileSystem, published: [String]) -> @Sendable (String) -> [UInt8]? {
        let published = Set(published)
        return { relative in published.contains(relative) ? try? files.readFile(root + "/" + relative) : nil }
    }

    static func usage(_ error: UsageError, _ env: CommandEnvironment) -> ExitCode {
        env.standardError("error: \(error.message)\nUsage: \(spec.usage)\n")
        return .usage
    }
}
