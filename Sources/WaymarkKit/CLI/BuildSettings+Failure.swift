/// How `serve` reports settings it cannot use: at the start as `build` does, during a rebuild
/// as a failed build while the last good site stays served.
extension BuildSettings.Failure {
    /// The kind of failure behind the exit code, for errors that carry a kind.
    var kind: ErrorKind {
        switch exitCode {
        case .usage: .usage
        case .dataError: .badData
        case .noInput: .missingInput
        case .cannotCreate: .cannotCreate
        case .ioError: .io
        case .tempFail: .busy
        case .config: .config
        case .ok, .software: .internalError
        }
    }

    /// `serve` cannot start: the same words as `build` (problems, then "…; nothing was built.").
    var serveError: ServeError {
        ServeError(message: diagnostics.isEmpty ? message : message + "; nothing was built.", kind: kind, diagnostics: diagnostics)
    }

    /// A rebuild cannot run: the problems, and a summary without "nothing was built" (the
    /// preview says that the last good site is still served).
    var rebuildFailure: BuildFailure {
        BuildFailure(step: .read, kind: kind, message: diagnostics.isEmpty ? "error: " + message : message + ".", diagnostics: diagnostics)
    }
}
