/// The steps of a build, in order.
public enum BuildStep: String, Sendable, CaseIterable {
    case read, compute, render, write
}

/// Why a build stopped: the step, the kind of failure (which decides the exit code), a message
/// naming the path and the problem, and for the read step every problem found in the export.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    public var step: BuildStep
    public var kind: ErrorKind
    public var message: String
    /// The read step's problems, warnings and errors in the order found.
    public var diagnostics: [Diagnostic]

    public init(step: BuildStep, kind: ErrorKind, message: String, diagnostics: [Diagnostic] = []) {
        self.step = step
        self.kind = kind
        self.message = message
        self.diagnostics = diagnostics
    }

    public var description: String { message }
}
