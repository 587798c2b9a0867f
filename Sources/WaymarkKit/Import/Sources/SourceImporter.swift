/// One format Waymark reads: how to recognise its files and how to map them to the model.
///
/// Detection asks the importers in `SourceImporters.all`'s order. A format that is a whole folder
/// (a Waymark export) recognises it by the names in it (`folder`) and reads it as one unit.
/// Otherwise each importer picks the files it reads (`claim`) out of those no earlier importer
/// took, by name and by content (`SourceFile.head`), grouped into units read together. Reading
/// never throws: problems become diagnostics.
public struct SourceImporter: Sendable {
    /// A short stable identifier, e.g. `loop-csv`.
    public var id: String
    /// The format as users know it, e.g. "Loop Habit Tracker (CSV export)".
    public var name: String
    /// How to get the file out of the app, for the message about an unrecognised file.
    public var howToExport: String
    /// The units this importer reads among `files`, each a group of files.
    public var claim: @Sendable (_ files: [SourceFile]) -> [[SourceFile]]
    /// Reads one unit.
    public var read: @Sendable (_ files: [SourceFile], _ context: ImportContext) -> SourcePart
    /// Why `file`, which no importer claimed (`among` are the files of its source), looks like
    /// this format but cannot be read, when that can be told: said instead of "not a format
    /// Waymark knows".
    public var explain: (@Sendable (_ file: SourceFile, _ among: [SourceFile]) -> String?)?
    /// For a format that is a folder read as a whole: the folder is not walked file by file.
    public var folder: FolderFormat?

    /// How a format that is a folder is told and read.
    public struct FolderFormat: Sendable {
        /// Whether a folder holding entries with these names is one.
        public var recognises: @Sendable (_ names: [String]) -> Bool
        /// Reads the folder at `directory`. Diagnostics name files relative to the folder.
        public var read: @Sendable (_ fileSystem: FileSystem, _ directory: String, _ context: ImportContext) -> SourcePart

        public init(recognises: @escaping @Sendable ([String]) -> Bool,
                    read: @escaping @Sendable (FileSystem, String, ImportContext) -> SourcePart) {
            self.recognises = recognises
            self.read = read
        }
    }

    /// Whether this importer may read `file`'s bytes, told from its name, size and head alone
    /// (its bytes cannot be read yet). It only has to say yes to every file `claim` may take and
    /// `claim` or `read` then reads: an archive's listing keeps those entries in memory (up to
    /// `ListingReads.maxKept` in all), so that the archive is inflated once.
    public var mayRead: @Sendable (_ file: SourceFile) -> Bool
    /// How this importer reads a file too large to keep in memory while a `.tar.gz` is listed,
    /// when it streams such files.
    public var streamed: Streamed?

    /// Files an importer streams (Apple Health's export.xml, hundreds of MB): one found in a
    /// `.tar.gz` is read by itself as the archive is listed, and the part it gave is used when
    /// `claim` then makes it the first file of one of this importer's units.
    public struct Streamed: Sendable {
        /// Whether `file` is one, from its name, size and head alone.
        public var recognises: @Sendable (_ file: SourceFile) -> Bool
        /// Reads one such file by itself.
        public var read: @Sendable (_ file: SourceFile, _ context: ImportContext) -> SourcePart
        /// The part of the unit `files`, from `first`, what `read` gave for its first file; the
        /// same as the importer's `read` of the unit.
        public var complete: @Sendable (_ first: SourcePart, _ files: [SourceFile]) -> SourcePart

        public init(recognises: @escaping @Sendable (SourceFile) -> Bool,
                    read: @escaping @Sendable (SourceFile, ImportContext) -> SourcePart,
                    complete: @escaping @Sendable (SourcePart, [SourceFile]) -> SourcePart) {
            self.recognises = recognises
            self.read = read
            self.complete = complete
        }
    }

    /// `mayRead` is by default whether `claim` takes the file alone.
    public init(id: String, name: String, howToExport: String,
                claim: @escaping @Sendable ([SourceFile]) -> [[SourceFile]],
                read: @escaping @Sendable ([SourceFile], ImportContext) -> SourcePart,
                explain: (@Sendable (SourceFile, [SourceFile]) -> String?)? = nil,
                mayRead: (@Sendable (SourceFile) -> Bool)? = nil, streamed: Streamed? = nil) {
        self.id = id
        self.name = name
        self.howToExport = howToExport
        self.claim = claim
        self.read = read
        self.explain = explain
        self.mayRead = mayRead ?? { !claim([$0]).isEmpty }
        self.streamed = streamed
    }

    /// An importer of a format that is a folder: it claims no loose files (in an archive, or
    /// among a folder's files), only folders `recognises` knows.
    public static func folder(id: String, name: String, howToExport: String, _ format: FolderFormat) -> SourceImporter {
        var importer = SourceImporter(id: id, name: name, howToExport: howToExport, claim: { _ in [] },
                                      read: { files, _ in SourcePart(kind: name, files: files.map(\.path)) })
        importer.folder = format
        return importer
    }

    /// How the format is listed among those Waymark reads: a folder format as a folder.
    var listedName: String { folder == nil ? name : name + " folder" }

    /// An importer of single files: `recognises` looks at one file, `readFile` reads it.
    public static func perFile(id: String, name: String, howToExport: String,
                               recognises: @escaping @Sendable (SourceFile) -> Bool,
                               read readFile: @escaping @Sendable (SourceFile, ImportContext) -> SourcePart) -> SourceImporter {
        SourceImporter(id: id, name: name, howToExport: howToExport,
                       claim: { files in files.filter(recognises).map { [$0] } },
                       read: { files, context in
                           guard let file = files.first else { return SourcePart(kind: name, files: []) }
                           return readFile(file, context)
                       },
                       mayRead: recognises)
    }
}
