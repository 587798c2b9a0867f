/// What kind of failure stopped a command. Errors carry one; `ExitCode(for:)` maps it.
public enum ErrorKind: Sendable, Equatable {
    /// The command line is wrong.
    case usage
    /// The export's content or a user's theme is wrong.
    case badData
    /// The export or one of its files is missing or unreadable.
    case missingInput
    /// A bug in Waymark or its built-in templates.
    case internalError
    /// The output is not Waymark's, or writing would replace someone else's file.
    case refused
    /// The output cannot be created (permissions, a file in the way).
    case cannotCreate
    /// A read or write failed midway.
    case io
    /// Another build is writing the same output.
    case busy
    /// The config file (`waymark.json`) is wrong.
    case config
}
