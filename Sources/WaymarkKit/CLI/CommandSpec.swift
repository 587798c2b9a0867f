/// The shape of one subcommand: its options and arguments, and the help text made from them.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        /// e.g. ["-o", "--output"]; the last is the canonical long name.
        var names: [String]
        /// Name of the value (`DIR`); nil for a flag.
        var value: String?
        var help: String
        var long: String { names.last ?? "" }
    }

    struct Argument: Sendable {
        var name: String
        var help: String
        var optional: Bool
        /// Takes every remaining value (`SOURCE…`); only the last argument may.
        var repeats = false
    }

    var name: String
    var abstract: String
    var arguments: [Argument]
    var options: [Option]
    var discussion: String = ""
    /// Runs the command with its parsed arguments; registered with the spec, so a name can only
    /// ever run its own code.
    var run: @Sendable (ParsedArguments, CommandEnvironment) -> ExitCode

    var usage: String {
        var parts = ["waymark", name]
        for a in arguments {
            let name = a.repeats ? a.name + "…" : a.name
            parts.append(a.optional ? "[\(name)]" : name)
        }
        parts.append("[options]")
        return parts.joined(separator: " ")
    }

    var help: String {
        var out = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n"
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for a in arguments { out += CommandSpec.row(a.name, a.help) }
        }
        out += "\nOPTIONS:\n"
        for o in options + [Option(names: ["-h", "--help"], value: nil, help: "Show this help.")] {
            out += CommandSpec.row(o.names.joined(separator: ", ") + (o.value.map { " \($0)" } ?? ""), o.help)
        }
        if !discussion.isEmpty { out += "\n" + discussion + "\n" }
        return out
    }

    static func row(_ left: String, _ right: String) -> String {
        let padded = left.count < 26 ? left + String(repeating: " ", count: 26 - left.count) : left + "\n" + String(repeating: " ", count: 28)
        return "  " + padded + right + "\n"
    }
}

/// Parsed command-line values.
struct ParsedArguments: Sendable {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var help = false

    func value(_ long: String) -> String? { values[long] }
    func flag(_ long: String) -> Bool { flags.contains(long) }
}

/// A command line that cannot be run, with the help line to show.
struct UsageError: Error, Sendable {
    var message: String
    var usage: String
}

extension CommandSpec {
    func parse(_ args: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            if arg == "-h" || arg == "--help" {
                parsed.help = true
                continue
            }
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                var message = "unknown option '\(Diagnostic.shorten(name))'"
                let candidates = options.flatMap(\.names).filter { $0.hasPrefix("--") } + ["--help"]
                if let guess = EditDistance.suggestion(for: name, among: candidates) { message += ". Did you mean '\(guess)'?" }
                throw UsageError(message: message, usage: usage)
            }
            if option.value != nil {
                if let inline {
                    parsed.values[option.long] = inline
                } else if i < args.count {
                    parsed.values[option.long] = args[i]
                    i += 1
                } else {
                    throw UsageError(message: "option '\(name)' needs a value (\(option.value ?? "VALUE"))", usage: usage)
                }
            } else {
                if inline != nil { throw UsageError(message: "option '\(name)' takes no value", usage: usage) }
                parsed.flags.insert(option.long)
            }
        }
        if parsed.help { return parsed }
        let required = arguments.filter { !$0.optional }.count
        if parsed.positionals.count < required {
            throw UsageError(message: "missing \(arguments[parsed.positionals.count].name)", usage: usage)
        }
        if parsed.positionals.count > arguments.count, arguments.last?.repeats != true {
            throw UsageError(message: "unexpected argument '\(Diagnostic.shorten(parsed.positionals[arguments.count]))'", usage: usage)
        }
        return parsed
    }
}
