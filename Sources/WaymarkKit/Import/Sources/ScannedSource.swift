/// What one SOURCE argument turned out to be, before any importer reads it.
struct ScannedSource: Sendable {
    enum Shape: Sendable {
        /// A folder in a format read as a whole (a Waymark export), by `importer`.
        case folder(importer: SourceImporter, directory: String)
        /// Files for the importers: the files of a folder or an archive, or one file.
        case files([SourceFile])
    }

    /// The SOURCE as the user gave it.
    var given: String
    var shape: Shape
    /// The SOURCE is one plain file: if no importer knows it, that is an error.
    var isSingleFile: Bool
    /// The canonical path, to notice the same source given twice.
    var identity: String
    /// Things skipped while looking (links leading out, files beyond the limits).
    var warnings: [Diagnostic]
    /// The archive the files are entries of, for what reading it cost.
    var archive: ZipArchive? = nil
}
