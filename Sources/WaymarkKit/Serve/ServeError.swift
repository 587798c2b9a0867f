/// Why the preview server cannot start.
public struct ServeError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the host or port.
    public var message: String
    /// Decides the exit code.
    public var kind: ErrorKind
    /// Problems found in the config file, printed before the message.
    public var diagnostics: [Diagnostic] = []
    public var description: String { message }

    static func portInUse(_ port: Int, host: String) -> ServeError {
        ServeError(message: "port \(port) on \(Diagnostic.shorten(host)) is already in use (is another server running?); choose another with --port, e.g. --port \(port == 65535 ? 8081 : port + 1), or --port 0 for any free one",
                   kind: .busy)
    }
}
