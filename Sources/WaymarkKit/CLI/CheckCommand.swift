/// `waymark check EXPORT_DIR`: reads and validates an export, writes nothing.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Read and validate an export; write nothing.",
        arguments: [.init(name: "EXPORT_DIR", help: "The export folder.", optional: false)],
        options: [CommonOptions.timeZone, CommonOptions.quiet]
    )

    static func run(_ parsed: ParsedArguments, _ env: CommandEnvironment) -> ExitCode {
        let zone: Zone?
        do {
            zone = try CommonOptions.zone(parsed)
        } catch {
            env.standardError("error: \(error.message)\nUsage: \(spec.usage)\n")
            return .usage
        }
        var loader = ExportLoader(env: env, quiet: parsed.flag("--quiet"))
        loader.writes = false
        let (result, stop) = loader.load(parsed.positionals.first, fallbackZone: zone ?? .utc, skipInvalid: false)
        if !parsed.flag("--quiet") {
            let format = LocaleFormat(.en)
            var out = ""
            for file in result.files {
                out += "\(file.file): \(format.integer(file.records)) record\(file.records == 1 ? "" : "s") read"
                if file.invalid > 0 { out += ", \(format.integer(file.invalid)) invalid" }
                out += "\n"
            }
            if stop == nil { out += "OK: the export is valid.\n" }
            env.standardError(out)
        }
        return stop ?? .ok
    }
}
