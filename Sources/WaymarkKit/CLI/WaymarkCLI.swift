/// The `waymark` command line: parses arguments and calls the library. Everything it does goes
/// through a `CommandEnvironment`, so tests run it without a process.
public enum WaymarkCLI {
    public static let version = "0.1.0"

    /// Every command, in the order `--help` lists them. Each spec carries its own `run`.
    static let registry: [Command] = [BuildCommand.spec.command, ServeCommand.spec.command, CheckCommand.spec.command,
                                      InitCommand.spec.command, InitThemeCommand.spec.command, SampleCommand.spec.command]

    static let commands: [String: Command] = Dictionary(registry.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    static var help: String {
        """
        OVERVIEW: Waymark turns the data your progress apps export into a static HTML dashboard.

        USAGE: waymark <command> [options]

        COMMANDS:
        \(registry.map { CommandRow.row($0.name, $0.abstract) }.joined())
        OPTIONS:
        \(CommandRow.row("-h, --help", "Show this help."))\
        \(CommandRow.row("--version", "Show the version."))
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
            guard let name = rest.first, !["-h", "--help", "help"].contains(name) else {
                env.standardOutput(help)
                return 0
            }
            if let spec = commands[name] {
                env.standardOutput(spec.help)
                return 0
            }
            var message = "no command '\(Diagnostic.shorten(name))' to show help for"
            if let guess = EditDistance.suggestion(for: name, among: commands.keys.sorted()) {
                message += ". Did you mean '\(guess)'?"
            }
            let names = registry.map(\.name).joined(separator: ", ")
            env.standardError("error: \(message)\nThe commands: \(names).\nRun 'waymark --help' for what each does.\n")
            return ExitCode.usage.rawValue
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
        return spec.invoke(rest, env).rawValue
    }
}
