/// `waymark check EXPORT_DIR`: reads and validates an export, writes nothing.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Read and validate an export; write nothing.",
        arguments: [.init(name: "EXPORT_DIR", help: "The export folder.", optional: false)],
        options: [CommonOptions.timeZone, CommonOptions.quiet],
        run: { parsed, env in run(parsed, env) }
    )

    static func run(_ parsed: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
        let zone: Zone?
        do {
            zone = try CommonOptions.zone(parsed)
        } catch {
            env.standardError("error: \(error.message)\nUsage: \(spec.usage)\n")
            return .usage
        }
        let quiet = parsed.flag("--quiet")
        let request = BuildRequest(source: parsed.positionals.first.map { .directory($0) } ?? .demo, zone: zone)
        let read = env.pipeline.read(request)
        let failure = read.failure(writes: false)
        BuildCommand.report(read.warnings + read.errors, quiet: quiet, env)
        if !quiet {
            let format = LocaleFormat(.en)
            var out = ""
            for file in read.result.files {
                out += "\(file.file): \(format.integer(file.records)) record\(file.records == 1 ? "" : "s") read"
                if file.invalid > 0 { out += ", \(format.integer(file.invalid)) invalid" }
                out += "\n"
            }
            if failure == nil { out += "OK: the export is valid.\n" }
            env.standardError(out)
        }
        if let failure {
            env.standardError(failure.message + "\n")
            return ExitCode(for: failure.kind)
        }
        return .ok
    }
}
