/// The `waymark` command line: parses arguments and calls the library. Everything it does goes
/// through a `CommandEnvironment`, so tests run it without a process.
public enum WaymarkCLI {
    public static let version = "0.1.0"

    static let commands: [String: CommandSpec] = [
        BuildCommand.spec.name: BuildCommand.spec,
        CheckCommand.spec.name: CheckCommand.spec,
        InitThemeCommand.spec.name: InitThemeCommand.spec,
        SampleCommand.spec.name: SampleCommand.spec,
    ]

    static var help: String {
        """
        OVERVIEW: Waymark turns the data your progress apps export into a static HTML dashboard.

        USAGE: waymark <command> [options]

        COMMANDS:
        \(CommandSpec.row("build", BuildCommand.spec.abstract))\
        \(CommandSpec.row("check", CheckCommand.spec.abstract))\
        \(CommandSpec.row("init-theme", InitThemeCommand.spec.abstract))\
        \(CommandSpec.row("sample", SampleCommand.spec.abstract))
        OPTIONS:
        \(CommandSpec.row("-h, --help", "Show this help."))\
        \(CommandSpec.row("--version", "Show the version."))
        Run 'waymark help <command>' or 'waymark <command> --help' for a command's options.
        Exit codes: 0 ok, 64 usage, 65 bad data, 66 input missing, 73 cannot create output, 74 I/O error.

        """
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], environment env: CommandEnvironment = .process) -> Int32 {
        guard let first = arguments.first else {
            env.standardError(help)
            return ExitCode.usage.rawValue
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            env.standardOutput(help)
            return 0
        case "--version", "-V":
            env.standardOutput("waymark \(version)\n")
            return 0
        case "help":
            if let name = rest.first, let spec = commands[name] {
                env.standardOutput(spec.help)
                return 0
            }
            env.standardOutput(help)
            return rest.isEmpty ? 0 : ExitCode.usage.rawValue
        default:
            break
        }
        guard let spec = commands[first] else {
            var message = first.hasPrefix("-") ? "unknown option '\(Diagnostic.shorten(first))'" : "unknown command '\(Diagnostic.shorten(first))'"
            if let guess = EditDistance.suggestion(for: first, among: commands.keys.sorted() + ["--help", "--version"]) {
                message += ". Did you mean '\(guess)'?"
            }
            env.standardError("error: \(message)\nUsage: waymark <command> [options]\nRun 'waymark --help' for the commands.\n")
            return ExitCode.usage.rawValue
        }
        let parsed: ParsedArguments
        do {
            parsed = try spec.parse(rest)
        } catch {
            env.standardError("error: \(error.message)\nUsage: \(error.usage)\nRun 'waymark \(spec.name) --help' for the options.\n")
            return ExitCode.usage.rawValue
        }
        if parsed.help {
            env.standardOutput(spec.help)
            return 0
        }
        let code: ExitCode
        switch spec.name {
        case BuildCommand.spec.name: code = BuildCommand.run(parsed, env)
        case CheckCommand.spec.name: code = CheckCommand.run(parsed, env)
        case SampleCommand.spec.name: code = SampleCommand.run(parsed, env)
        default: code = InitThemeCommand.run(parsed, env)
        }
        return code.rawValue
    }
}
