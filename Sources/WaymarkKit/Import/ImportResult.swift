/// What reading an export produced: the data that could be read, every problem found, and a
/// summary line per file for `waymark check`.
public struct ImportResult: Sendable {
    public struct FileSummary: Sendable, Equatable {
        public var file: String
        public var records: Int
        public var invalid: Int
    }

    public var export: Export
    public var diagnostics: [Diagnostic]
    public var files: [FileSummary]
    /// Files inside `notes/` that are not notes (images and such), relative to the export.
    public var noteAssets: [String]

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}
