/// `waymark sample -o DIR`: writes a realistic synthetic export to try Waymark with.
enum SampleCommand {
    struct Options: CommandOptions {
        var output: String?
        var years: String?
        var tags: String?
        var points: String?
        var seed: String?
        var force = false
        var quiet = false
    }

    static let spec = CommandSpec<Options>(
        name: "sample",
        abstract: "Write a realistic synthetic export to try Waymark with.",
        arguments: [],
        options: [
            .value(["-o", "--output"], "DIR", help: "Folder to write the export into (new or empty; default: ./sample-export).", \.output),
            .value(["--years"], "N", help: "Years of data ending 2026-11-29 (default: 1).", \.years),
            .value(["--tags"], "N", help: "Timed habits (default: 6).", \.tags),
            .value(["--points"], "N", help: "Point records from habits (default: about 60% of habits done each day).", \.points),
            .value(["--seed"], "N", help: "Seed of the generator; the same seed writes the same files (default: 1).", \.seed),
            .flag(["--force"], help: "Write into a non-empty folder, replacing files of the same names.", \.force),
            .flag(["-q", "--quiet"], help: CommonOptions.quietHelp, \.quiet),
        ],
        discussion: "Besides points: one weighing a day, 50 targets and 100 notes (about 1.5 KB of Markdown) a year, 200 to-dos. "
            + "Nothing is dated after the export's exportedAt (2026-11-29 20:00, Asia/Shanghai); a target's points are dated at its completion.",
        run: { options, env in run(options, env) }
    )

    /// A whole number in `range`, `value` when not given; `name` is the option's, for the message.
    static func number(_ text: String?, _ name: String, default value: Int, range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text else { return value }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError(message: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got '\(Diagnostic.shorten(text))')", usage: spec.usage)
        }
        return n
    }

    static func run(_ options: Options, _ env: CommandEnvironment) -> ExitCode {
        let sample: SampleExport
        do {
            let years = try number(options.years, "--years", default: 1, range: 1...50)
            let tags = try number(options.tags, "--tags", default: 6, range: 1...200)
            let points = options.points == nil ? nil : try number(options.points, "--points", default: 0, range: 0...20_000_000)
            let seed = try number(options.seed, "--seed", default: 1, range: 0...Int.max)
            sample = SampleExport(years: years, tags: tags, points: points, seed: UInt64(seed))
        } catch {
            env.standardError("error: \(error.message)\nUsage: \(spec.usage)\n")
            return .usage
        }
        let fs = env.fileSystem
        let dir = options.output ?? "sample-export"
        let shownDir = Diagnostic.path(dir)
        do throws(SiteWriteError) { try SiteWriter(fileSystem: fs).refuseProtectedFolder(dir, for: "a sample export", suggesting: "sample-export") } catch {
            env.standardError("error: \(error.message)\n")
            return ExitCode(for: error.kind)
        }
        switch fs.kind(dir) {
        case nil: break
        case .directory?:
            let names = (try? fs.listDirectory(dir)) ?? []
            if !names.isEmpty && !options.force {
                env.standardError("error: \(shownDir) is not empty; choose a new folder or add --force\n")
                return .cannotCreate
            }
        default:
            env.standardError("error: \(shownDir) exists and is not a folder\n")
            return .cannotCreate
        }
        var written = 0
        do throws(FileSystemError) {
            try fs.createDirectories(dir + "/notes")
            for (path, bytes) in sample.files() {
                let target = dir + "/" + path
                try fs.writeReplacing(target, bytes)  // replacing only with --force, checked above
                written += bytes.count
            }
        } catch {
            env.standardError("error: \(error)\n")
            return ExitCode(for: error.writeKind)
        }
        if !options.quiet {
            env.standardError("Wrote a \(sample.years)-year sample export (\(LocaleFormat(.en).integer(written / 1024)) KB) into \(shownDir)/. Build it with: waymark build \(Diagnostic.shellWord(dir))\n")
        }
        return .ok
    }
}
