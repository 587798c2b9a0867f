/// The `waymark` command line: parses arguments and calls the library. Everything it does goes
/// through a `CommandEnvironment`, so tests run it without a process.
public enum WaymarkCLI {
    public static let version = "0.1.0"

    /// Every command, in the order `--help` lists them. Each spec carries its own `run`.
    static let registry: [CommandSpec] = [BuildCommand.spec, ServeCommand.spec, CheckCommand.spec, InitCommand.spec, InitThemeCommand.spec, SampleCommand.spec]

    static let commands: [String: CommandSpec] = Dictionary(registry.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    static var help: String {
        """
        OVERVIEW: Waymark turns the data your progress apps export into a static HTML dashboard.

        USAGE: waymark <command> [options]

        COMMANDS:
        \(registry.map { CommandSpec.row($0.name, $0.abstract) }.joined())
        OPTIONS:
        \(CommandSpec.row("-h, --help", "Show this help."))\
        \(CommandSpec.row("--version", "Show the version."))
        Run 'waymark help <command>' or 'waymark <command> --help' for a command's options.
        \(ExitCode.summary)

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
        return spec.run(parsed, env).rawValue
    }
}
