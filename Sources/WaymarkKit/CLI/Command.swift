/// A command of the registry, whatever its options.
struct Command: Sendable {
    var name: String
    var abstract: String
    /// Made when asked for: every run lists the commands, few show a help.
    var makeHelp: @Sendable () -> String
    var help: String { makeHelp() }
    /// Parses the arguments after the command's name and runs it.
    var invoke: @Sendable ([String], CommandEnvironment) -> ExitCode
}

/// The two columns of a help text.
enum CommandRow {
    static func row(_ left: String, _ right: String) -> String {
        let padded = left.count < 26 ? left + String(repeating: " ", count: 26 - left.count) : left + "\n" + String(repeating: " ", count: 28)
        return "  " + padded + right + "\n"
    }
}
