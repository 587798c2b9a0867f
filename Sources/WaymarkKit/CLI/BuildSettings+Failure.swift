/// How `serve` reports settings it cannot use: at the start as `build` does, during a rebuild
/// as a failed build while the last good site stays served.
extension BuildSettings.Failure {
    /// The exit code of a command stopped by this failure.
    var exitCode: ExitCode { ExitCode(for: kind) }

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
