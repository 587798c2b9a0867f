/// What one importer made of one unit of a source (a file, or a group of files read together
/// such as a Loop CSV export): the records mapped to the model, the problems found, and what the
/// user should know about how it was read.
public struct SourcePart: Sendable {
    /// The importer's `SourceImporter.name`, e.g. "Loop Habit Tracker (CSV export)".
    public var kind: String
    /// The files read, as `SourceFile.path`.
    public var files: [String]
    public var export: Export
    /// Problems, each with its file and line, XML line or SQLite row.
    public var diagnostics: [Diagnostic]
    /// Decisions taken while reading, for `waymark check` ("weights read as pounds: weight/BMI is 4.9").
    public var remarks: [String]
    /// Records left out on purpose, by reason ("automatic checks (YES_AUTO) are not completions": 120).
    public var dropped: [Dropped]
    /// Notes' files (images) the notes may show, relative to the source; only Waymark exports have them.
    public var noteAssets: [String]
    /// Records read per file, for a format whose files `check` lists one by one (a Waymark export).
    public var fileSummaries: [ImportResult.FileSummary]?

    public struct Dropped: Sendable, Equatable {
        public var reason: String
        public var count: Int

        public init(_ reason: String, _ count: Int) {
            self.reason = reason
            self.count = count
        }
    }

    public init(kind: String, files: [String], export: Export = Export(), diagnostics: [Diagnostic] = [],
                remarks: [String] = [], dropped: [Dropped] = [], noteAssets: [String] = [],
                fileSummaries: [ImportResult.FileSummary]? = nil) {
        self.kind = kind
        self.files = files
        self.export = export
        self.diagnostics = diagnostics
        self.remarks = remarks
        self.dropped = dropped
        self.noteAssets = noteAssets
        self.fileSummaries = fileSummaries
    }

    /// Counts a dropped record under `reason`.
    public mutating func drop(_ reason: String, count: Int = 1) {
        if let i = dropped.firstIndex(where: { $0.reason == reason }) {
            dropped[i].count += count
        } else {
            dropped.append(Dropped(reason, count))
        }
    }
}
