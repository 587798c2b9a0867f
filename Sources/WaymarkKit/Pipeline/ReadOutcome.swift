/// What the read step found: the export, and its problems sorted into what stops a build and
/// what does not (with `--skip-invalid`, records with problems become warnings).
public struct ReadOutcome: Sendable {
    public var result: ImportResult
    public var warnings: [Diagnostic]
    public var errors: [Diagnostic]
    /// What each source held and how it was read.
    public var sources: [SourceReader.SourceReport] = []
    /// What merging the sources did.
    public var merge = SourceMerger.Summary()
    /// Notes with `private: true` left out of `result` (`PublishedExport`).
    public var privateNotes = 0

    public init(_ result: ImportResult, skipInvalid: Bool) {
        self.result = result
        var errors = result.errors
        var warnings = result.warnings
        if skipInvalid && errors.allSatisfy(\.dropsRecord) {
            warnings += errors.map { d in
                var d = d
                d.severity = .warning
                d.message += " (record skipped)"
                return d
            }
            errors = []
        }
        self.warnings = warnings
        self.errors = errors
    }

    /// The failure to report, or nil when the export can be built. Missing input outranks I/O
    /// failures, which outrank bad data.
    public func failure(writes: Bool) -> BuildFailure? {
        guard !errors.isEmpty else { return nil }
        let kinds = errors.map(\.kind)
        let kind: ErrorKind = kinds.contains(.missingInput) ? .missingInput : kinds.contains(.io) ? .io : .badData
        var summary = "\(errors.count) problem\(errors.count == 1 ? "" : "s") found" + (writes ? "; nothing was written." : ".")
        if kind == .badData && errors.allSatisfy(\.dropsRecord) {
            summary += errors.count == 1 ? " Fix it, or run again with --skip-invalid to leave that record out."
                                         : " Fix them, or run again with --skip-invalid to leave those records out."
        }
        return BuildFailure(step: .read, kind: kind, message: summary, diagnostics: warnings + errors)
    }
}
