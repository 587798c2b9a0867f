/// The shape of one subcommand: its options and arguments bound to the fields of `Options`,
/// the help text made from them, and the code that runs it.
struct CommandSpec<Options: CommandOptions>: Sendable {
    /// One option, bound to its field of `Options`.
    struct Option: Sendable {
        /// e.g. ["-o", "--output"]; the last is the canonical long name.
        var names: [String]
        /// Name of the value (`DIR`); nil for a flag.
        var value: String?
        var help: String
        /// Stores the option in the options: the value given, or nil for a flag.
        fileprivate var store: @Sendable (inout Options, String?) -> Void
        var long: String { names.last ?? "" }

        /// A flag, true when given.
        static func flag(_ names: [String], help: String, _ field: WritableKeyPath<Options, Bool> & Sendable) -> Option {
            Option(names: names, value: nil, help: help) { options, _ in options[keyPath: field] = true }
        }

        /// An option with a value (`VALUE` in the help); given twice, the last wins.
        static func value(_ names: [String], _ value: String, help: String, _ field: WritableKeyPath<Options, String?> & Sendable) -> Option {
            Option(names: names, value: value, help: help) { options, text in options[keyPath: field] = text }
        }

        /// The option of a group of options (`BuildOptions`), for the command holding it at `group`.
        func within<Root>(_ group: WritableKeyPath<Root, Options> & Sendable) -> CommandSpec<Root>.Option {
            let store = self.store
            return CommandSpec<Root>.Option(names: names, value: value, help: help) { root, text in store(&root[keyPath: group], text) }
        }
    }

    /// One positional argument, bound to its field.
    struct Argument: Sendable {
        var name: String
        var help: String
        var optional: Bool
        /// Takes every remaining value (`SOURCE…`); only the last argument may.
        var repeats: Bool
        fileprivate var store: @Sendable (inout Options, [String]) -> Void

        /// One value.
        static func one(_ name: String, help: String, optional: Bool, _ field: WritableKeyPath<Options, String?> & Sendable) -> Argument {
            Argument(name: name, help: help, optional: optional, repeats: false) { options, values in options[keyPath: field] = values.first }
        }

        /// Every remaining value.
        static func many(_ name: String, help: String, optional: Bool, _ field: WritableKeyPath<Options, [String]> & Sendable) -> Argument {
            Argument(name: name, help: help, optional: optional, repeats: true) { options, values in options[keyPath: field] = values }
        }
    }

    var name: String
    var abstract: String
    var arguments: [Argument]
    var options: [Option]
    var discussion: String = ""
    /// Runs the command with its parsed options; registered with the spec, so a name can only
    /// ever run its own code.
    var run: @Sendable (Options, CommandEnvironment) -> ExitCode

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
            for a in arguments { out += CommandRow.row(a.name, a.help) }
        }
        out += "\nOPTIONS:\n"
        for o in options.map({ ($0.names, $0.value, $0.help) }) + [(["-h", "--help"], nil, "Show this help.")] {
            out += CommandRow.row(o.0.joined(separator: ", ") + (o.1.map { " \($0)" } ?? ""), o.2)
        }
        if !discussion.isEmpty { out += "\n" + discussion + "\n" }
        return out
    }

    /// The options of a command line; `-h`/`--help` is refused here (`parseOrHelp` takes it).
    func parse(_ args: [String]) throws(UsageError) -> Options {
        guard let options = try parseOrHelp(args) else { throw UsageError(message: "help asked for", usage: usage) }
        return options
    }

    /// The options of a command line, or nil when it asks for the help.
    func parseOrHelp(_ args: [String]) throws(UsageError) -> Options? {
        var options = Options()
        var positionals: [String] = []
        var help = false
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
                positionals.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            if arg == "-h" || arg == "--help" {
                help = true
                continue
            }
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let option = self.options.first(where: { $0.names.contains(name) }) else {
                var message = "unknown option '\(Diagnostic.shorten(name))'"
                let candidates = self.options.flatMap(\.names).filter { $0.hasPrefix("--") } + ["--help"]
                if let guess = EditDistance.suggestion(for: name, among: candidates) { message += ". Did you mean '\(guess)'?" }
                throw UsageError(message: message, usage: usage)
            }
            if option.value != nil {
                let value: String
                if let inline {
                    value = inline
                } else if i < args.count {
                    value = args[i]
                    i += 1
                } else {
                    throw UsageError(message: "option '\(name)' needs a value (\(option.value ?? "VALUE"))", usage: usage)
                }
                // An empty value (an unset shell variable) would mean the current folder for a
                // path and nothing for a title: refused, as the config file refuses one.
                guard !value.isEmpty else {
                    throw UsageError(message: "option '\(name)' is empty; give it a value (\(option.value ?? "VALUE")) or leave it out", usage: usage)
                }
                option.store(&options, value)
            } else {
                if inline != nil { throw UsageError(message: "option '\(name)' takes no value", usage: usage) }
                option.store(&options, nil)
            }
        }
        if help { return nil }
        if let empty = positionals.firstIndex(of: ""), !arguments.isEmpty {
            let name = arguments[min(empty, arguments.count - 1)].name
            throw UsageError(message: "an empty \(name) (''); name a file or folder", usage: usage)
        }
        let required = arguments.filter { !$0.optional }.count
        if positionals.count < required {
            throw UsageError(message: "missing \(arguments[positionals.count].name)", usage: usage)
        }
        if positionals.count > arguments.count, arguments.last?.repeats != true {
            throw UsageError(message: "unexpected argument '\(Diagnostic.shorten(positionals[arguments.count]))'", usage: usage)
        }
        for (index, argument) in arguments.enumerated() where index < positionals.count {
            argument.store(&options, argument.repeats ? Array(positionals[index...]) : [positionals[index]])
        }
        return options
    }

    /// The command as the registry runs it: parses `args`, then runs or shows the help.
    var command: Command {
        Command(name: name, abstract: abstract, makeHelp: { help }) { args, env in
            let options: Options?
            do throws(UsageError) { options = try parseOrHelp(args) } catch {
                env.standardError("error: \(error.message)\nUsage: \(error.usage)\nRun 'waymark \(name) --help' for the options.\n")
                return .usage
            }
            guard let options else {
                env.standardOutput(help)
                return .ok
            }
            return run(options, env)
        }
    }
}
