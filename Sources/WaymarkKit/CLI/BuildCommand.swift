/// `waymark build [SOURCE…]`: read → compute → render → write.
enum BuildCommand {
    struct Options: CommandOptions {
        var build = BuildOptions()
        var quiet = false
        var timings = false
    }

    static let spec = CommandSpec<Options>(
        name: "build",
        abstract: "Build the static site from exports, merged.",
        arguments: [.many("SOURCE", help: CommonOptions.sourcesHelp, optional: true, \.build.sources)],
        options: BuildOptions.options(writes: true).map { $0.within(\Options.build) } + [
            .flag(["-q", "--quiet"], help: CommonOptions.quietHelp, \.quiet),
            .flag(["--timings"], help: "Print how long reading, building and writing took.", \.timings),
        ],
        discussion: """
        With no SOURCE, the sources of waymark.json are built, else the bundled demo export. Each
        SOURCE is recognised by its names and contents; several are merged into one site
        (docs/import.md). Settings come from waymark.json when the current folder has one (or
        --config FILE); each option given here overrides its key (docs/configuration.md).
        Each changed page is written beside its place and renamed over the old one once every page
        is ready, so no page is half written; files that did not change keep their modification
        time, and Waymark touches only its own files. One build at a time writes an output folder.
        \(ExitCode.summary)
        """,
        run: { options, env in run(options, env) }
    )

    static func run(_ options: Options, _ env: CommandEnvironment) -> ExitCode {
        let started = env.monotonic()
        let quiet = options.quiet
        var request: BuildRequest
        do throws(BuildSettings.Failure) {
            let settings = try BuildSettings.resolve(options.build, env)
            request = settings.request
            if !quiet { env.standardError(settings.notes.map { $0 + "\n" }.joined()) }
        } catch {
            env.standardError(error.text(usage: spec.usage))
            return error.exitCode
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
        if !quiet, let shown = outcome.shown, let note = momentNote(shown, zone: outcome.zone) { env.standardError("note: " + note + "\n") }
        if options.timings {
            let f = { (s: Double) in LocaleFormat.fixed(s * 1000, places: 0) + " ms" }
            env.standardError(outcome.timings.map { "\($0.part) \(f($0.seconds))" }.joined(separator: ", ") + "\n")
        }
        if !quiet { env.standardError(summary(outcome, seconds: env.monotonic() - started)) }
        return .ok
    }

    /// What the build says about the moment the site shows when it is not the obvious one:
    /// old data shown as of its last day, or an export date that newer records move on.
    static func momentNote(_ shown: ShownMoment, zone: Zone) -> String? {
        let at = LocaleFormat.machine(.instant(shown.instant), in: zone)
        let day = zone.localDateTime(of: shown.instant).date
        if shown.isPast {
            return "the data ends on \(day), more than \(ShownMoment.recentDays) days before today, so the site shows it as of that day (\(at)) "
                + "and every page says “Data up to”; build with --now DATE-TIME to show another moment (--now \(zone.localDateTime(of: shown.clock).date) for today)"
        }
        guard shown.reason == .newestRecord else { return nil }
        return "the export date is older than the newest record, so the site shows the data as of that record's day (\(at)): no record is left out"
    }

    /// The moment the site shows, and why, in one line (`waymark check`).
    static func momentLine(_ shown: ShownMoment, zone: Zone) -> String {
        let at = LocaleFormat.machine(.instant(shown.instant), in: zone)
        switch shown.reason {
        case .requested: return "The site will show \(at) (--now)."
        case .exportDate: return "The site will show \(at): the export's date."
        case .newestRecord: return "The site will show \(at): the end of the newest record's day, which is later than the export's date."
        case .clock: return "The site will show \(at): the clock (the data reaches into the last \(ShownMoment.recentDays) days, or nothing is dated)."
        case .dataEnded: return "The site will show \(at): the end of the last day with data, which ends more than \(ShownMoment.recentDays) days before today; pages will say “Data up to \(zone.localDateTime(of: shown.instant).date)”; --now chooses another moment."
        }
    }

    /// The progress line for long imports, only on a terminal.
    static func progressLine(quiet: Bool, _ env: CommandEnvironment) -> ProgressLine? {
        guard !quiet, env.standardErrorIsTerminal else { return nil }
        return ProgressLine(write: env.standardError, clock: env.monotonic)
    }

    /// What a build did, in a few lines.
    static func summary(_ outcome: BuildPipeline.Outcome, seconds: Double) -> String {
        let report = outcome.report
        let output = Diagnostic.path(outcome.output)
        var line = "Built \(outcome.pages) page\(outcome.pages == 1 ? "" : "s") into \(output)/ "
        if report.upToDate {
            line += "(up to date, nothing rewritten)"
        } else {
            line += "(\(report.written) written, \(report.unchanged) unchanged)"
        }
        line += " in " + LocaleFormat.fixed(seconds, places: 2) + " s."
        if !report.kept.isEmpty { line += " Kept \(report.kept.count) file(s) Waymark did not write." }
        var text = line + "\n"
        // The count only: a private note's title is as private as its text.
        if outcome.privateNotes > 0 {
            text += "Left out \(outcome.privateNotes) private note\(outcome.privateNotes == 1 ? "" : "s") (private: true).\n"
        }
        if !report.replaced.isEmpty {
            text += "Replaced \(report.replaced.count) file(s) Waymark did not write at the places of its pages, as --force allows: \(report.replaced.prefix(5).map(Diagnostic.path).joined(separator: ", "))\(report.replaced.count > 5 ? ", …" : "").\n"
        }
        for path in report.appeared {
            text += "warning: \(output)/\(Diagnostic.path(path)) appeared while the site was built and was kept; that page was not written (move the file away and build again)\n"
        }
        for leftover in report.leftovers {
            text += "warning: \(Diagnostic.path(leftover)) was left beside the output by an earlier version of Waymark, which built sites there; it still holds files that Waymark cannot tell are its own (they may be yours): look inside, then remove it\n"
        }
        return text + "Open \(output)/index.html in a browser.\n"
    }

    /// Prints problems: errors always, warnings unless `quiet`.
    static func report(_ diagnostics: [Diagnostic], quiet: Bool, _ env: CommandEnvironment) {
        let text = diagnostics.filter { !quiet || $0.severity == .error }.map { "\($0.severity.rawValue): \($0)\n" }.joined()
        if !text.isEmpty { env.standardError(text) }
    }
}
