/// `waymark check SOURCE…`: reads and validates sources, writes nothing, and says what each
/// held: the format detected, records per kind, the dates, what was merged or left out and why.
/// It reads `waymark.json` as `build` does (`--config`, else the current folder's), so the units,
/// habit points, sections and privacy it reports are the ones a build would use.
enum CheckCommand {
    struct Options: CommandOptions {
        var sources: [String] = []
        var config: String?
        var timeZone: String?
        var now: String?
        var weightUnit: String?
        var distanceUnit: String?
        var skipInvalid = false
        var quiet = false
    }

    static let spec = CommandSpec<Options>(
        name: "check",
        abstract: "Read and validate exports; write nothing.",
        arguments: [.many("SOURCE", help: CommonOptions.sourcesHelp, optional: true, \.sources)],
        options: [
            .value(["--config"], "FILE", help: BuildOptions.configHelp, \.config),
            .value(["--time-zone"], "TZ", help: CommonOptions.timeZoneHelp, \.timeZone),
            .value(["--now"], "DATE-TIME", help: "The moment the site would show, as build's --now: what is dated after it is reported as left out.", \.now),
            .value(["--weight-unit"], "UNIT", help: CommonOptions.weightUnitHelp, \.weightUnit),
            .value(["--distance-unit"], "UNIT", help: CommonOptions.distanceUnitHelp, \.distanceUnit),
            .flag(["--skip-invalid"], help: CommonOptions.skipInvalidHelp, \.skipInvalid),
            .flag(["-q", "--quiet"], help: CommonOptions.quietHelp, \.quiet),
        ],
        run: { options, env in run(options, env) }
    )

    static func run(_ options: Options, _ env: CommandEnvironment) -> ExitCode {
        var given = BuildSettings.Given()
        do {
            given.zone = try CommonOptions.zone(options.timeZone)
            given.now = try CommonOptions.now(options.now)
            given.weightUnit = try CommonOptions.weightUnit(options.weightUnit)
            given.distanceUnit = try CommonOptions.distanceUnit(options.distanceUnit)
        } catch {
            env.standardError("error: \(error.message)\nUsage: \(spec.usage)\n")
            return .usage
        }
        given.sources = options.sources
        given.config = options.config
        given.skipInvalid = options.skipInvalid
        let quiet = options.quiet
        var request: BuildRequest
        do throws(BuildSettings.Failure) {
            let settings = try BuildSettings.resolve(given, fileSystem: env.fileSystem)
            request = settings.request
            if !quiet { env.standardError(settings.notes.map { $0 + "\n" }.joined()) }
        } catch {
            env.standardError(error.text(usage: spec.usage))
            return error.exitCode
        }
        // `build` falls back to the demo; there is nothing to check in it.
        guard request.source != .demo else {
            env.standardError("error: missing SOURCE: name the exports to check, or a config file (--config, or ./waymark.json) that lists them in \"sources\"\nUsage: \(spec.usage)\n")
            return .usage
        }
        let progress = BuildCommand.progressLine(quiet: quiet, env)
        request.progress = progress?.report
        let read = env.pipeline.read(request)
        progress?.finish()
        let failure = read.failure(writes: false)
        // The moment a build would show the data as of, and the records after it it leaves out.
        var options: SiteOptions?
        var future: [Diagnostic] = []
        if failure == nil {
            var shown = env.pipeline.siteOptions(request, read.result.export)
            // The sections a build makes, the metrics that become habits among them.
            let export = env.pipeline.withActivityHabits(read.result.export, request, &shown)
            // Without what is dated after now, as a build leaves it out.
            let later = RecordsAfterNow(export, now: shown.now, zone: shown.zone)
            if !later.isEmpty { shown.sections = env.pipeline.sections(request, later.export) }
            options = shown
            future = env.pipeline.futureRecordWarnings(read.result.export, later: later, shown, read.sources)
        }
        BuildCommand.report(read.warnings + future + read.errors, quiet: quiet, env)
        if !quiet {
            // One folder whose files are listed one by one (a Waymark export): a line per file.
            let single = read.sources.count == 1 ? read.sources[0].parts : []
            var out = (single.count == 1 ? single[0].fileSummaries.map(files) : nil) ?? sources(read.sources, zone: options?.zone) + merge(read.merge)
            let privateNotes = read.privateNotes
            if privateNotes > 0 {
                out += "\(LocaleFormat(.en).integer(privateNotes)) private note\(privateNotes == 1 ? "" : "s") (private: true): never published\n"
            }
            if let options {
                if let shown = options.shown { out += BuildCommand.momentLine(shown, zone: options.zone) + "\n" }
                out += sectionsLine(options.sections) + "\n"
                out += read.sources.count > 1 ? "OK: \(read.sources.count) sources read and merged.\n" : "OK: the export is valid.\n"
            }
            env.standardError(out)
        }
        if let failure {
            env.standardError(failure.message + "\n")
            return ExitCode(for: failure.kind)
        }
        return .ok
    }

    /// The sections the data makes (`SectionsWithData`) and what the front page leads with.
    static func sectionsLine(_ sections: Set<SiteSection>) -> String {
        guard !sections.isEmpty else { return "The site will have no sections: the data holds nothing to show; index.html says so." }
        let names = sections.sorted().map { $0 == .todos ? "to-dos" : $0.rawValue }.joined(separator: ", ")
        let lead: String
        if sections.contains(.overview) && sections.contains(.points) { lead = "the points dashboards" }
        else if sections.contains(.habits) { lead = "the habits: today's and this week's checks, strength, streaks" }
        else if sections.contains(.weight) { lead = "the weight trend" }
        else { lead = "links to the sections" }
        return "The site will have: \(names); the front page leads with \(lead)."
    }

    /// A Waymark export's files, one line each.
    static func files(_ files: [ImportResult.FileSummary]) -> String {
        let format = LocaleFormat(.en)
        var out = ""
        for file in files {
            out += "\(Diagnostic.path(file.file)): \(format.integer(file.records)) record\(file.records == 1 ? "" : "s") read"
            if file.invalid > 0 { out += ", \(format.integer(file.invalid)) invalid" }
            out += "\n"
        }
        return out
    }

    /// Per source: the format of each part, its records by kind and dates (the days in `zone`,
    /// the site's, when known), what was left out.
    static func sources(_ reports: [SourceReader.SourceReport], zone: Zone? = nil) -> String {
        let format = LocaleFormat(.en)
        var out = ""
        for report in reports {
            out += "\(Diagnostic.path(report.given))\n"
            if let earlier = report.sameAs {
                out += "  the same as \(Diagnostic.path(earlier)), given earlier: read once\n"
                continue
            }
            for part in report.parts {
                let firstFile = Diagnostic.path(part.files.first ?? "")
                let files = part.files.count == 1 ? firstFile : "\(firstFile) and \(part.files.count - 1) more files"
                out += "  \(part.kind): \(files)\n"
                let kinds = part.counts.description
                if !kinds.isEmpty {
                    var line = "    " + kinds
                    let span = zone.flatMap { part.counts.span(in: $0) } ?? part.counts.first.flatMap { first in part.counts.last.map { (first, $0) } }
                    if case let (first, last)? = span {
                        line += first == last ? "; on \(first)" : "; \(first) to \(last)"
                    }
                    out += line + "\n"
                }
                for line in part.counts.activity.lines { out += "    \(line)\n" }
                for remark in part.remarks { out += "    note: \(remark)\n" }
                for dropped in part.dropped { out += "    left out \(format.integer(dropped.count)): \(dropped.reason)\n" }
                if part.errors > 0 { out += "    \(format.integer(part.errors)) problem\(part.errors == 1 ? "" : "s") (above)\n" }
            }
            if !report.ignored.isEmpty, !report.parts.isEmpty {
                let examples = report.ignored.prefix(3).map { Diagnostic.shorten($0, limit: 80) }.joined(separator: ", ")
                out += "  ignored \(format.integer(report.ignored.count)) file\(report.ignored.count == 1 ? "" : "s") in no format Waymark knows: \(examples)\(report.ignored.count > 3 ? ", …" : "")\n"
            }
        }
        return out
    }

    /// What merging did, when there was more than one part.
    static func merge(_ summary: SourceMerger.Summary) -> String {
        let format = LocaleFormat(.en)
        var out = ""
        for remark in summary.remarks { out += "merged: \(remark)\n" }
        for dropped in summary.dropped { out += "merged: left out \(format.integer(dropped.count)): \(dropped.reason)\n" }
        return out
    }
}
