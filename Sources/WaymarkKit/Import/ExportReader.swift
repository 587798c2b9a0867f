/// Reads an export directory (see `docs/export-format.md`) into an `Export`, collecting every
/// problem instead of stopping at the first. It never throws: whatever it cannot read becomes a
/// diagnostic, and records with problems are left out of the result.
public struct ExportReader: Sendable {
    /// The data files an export may hold, in the order they are read and reported.
    public static let dataFiles = ["points.json", "tags.json", "targets.json", "weights.json", "weights.csv", "todos.json"]
    public static let knownNames = ["profile.json"] + dataFiles + ["notes"]
    /// Waymark's own files that may sit in an export folder (`waymark init` writes them there):
    /// not data, and not worth a warning.
    static let settingsFiles = ["waymark.json", "waymark.schema.json"]
    /// Larger files are refused rather than read into memory.
    public static let maxFileSize = FileSystem.maxReadSize

    public var fileSystem: FileSystem
    /// Zone for wall-clock date-times when the profile names none.
    public var fallbackZone: Zone
    /// The cores the reading may use (the pipeline's to give).
    public var parallelism: Parallelism
    /// Earlier results for files unchanged since (the caller's to keep).
    public var memo: ReadMemo

    public init(fileSystem: FileSystem = .local, fallbackZone: Zone = .utc, parallelism: Parallelism = .serial, memo: ReadMemo = .none) {
        self.fileSystem = fileSystem
        self.fallbackZone = fallbackZone
        self.parallelism = parallelism
        self.memo = memo
    }

    /// Reads the export.
    public func read(directory: String) -> ImportResult {
        var state = ReadState(fs: fileSystem, root: directory, parallelism: parallelism, memo: memo)
        var export = Export()
        var files: [ImportResult.FileSummary] = []

        guard fileSystem.kind(directory) != nil, let canonicalRoot = fileSystem.canonicalPath(directory) else {
            state.diagnostics.append(.error(directory, .file, "the export directory does not exist", category: .missingInput))
            return state.result(export, files)
        }
        guard fileSystem.kind(canonicalRoot) == .directory else {
            state.diagnostics.append(.error(directory, .file, "is not a directory; give the folder that holds points.json and the other files", category: .missingInput))
            return state.result(export, files)
        }
        state.canonicalRoot = canonicalRoot

        let entries: [String]
        do {
            entries = try fileSystem.listDirectory(directory).sorted()
        } catch {
            state.diagnostics.append(.error(directory, .file, "cannot list the export directory: \(error.detail)", category: .missingInput))
            return state.result(export, files)
        }
        let present = Set(entries)
        for name in entries where !ExportReader.knownNames.contains(name) && !ExportReader.settingsFiles.contains(name) && !name.hasPrefix(".") {
            if name.hasSuffix(".json") || name.hasSuffix(".csv") || name.hasSuffix(".md") {
                var message = "ignored: not a file Waymark reads"
                if let guess = EditDistance.suggestion(for: name, among: ExportReader.knownNames) {
                    message += "; did you mean \(guess)?"
                }
                state.diagnostics.append(.warning(name, .file, message))
            }
        }

        guard ExportReader.dataFiles.contains(where: present.contains) || present.contains("notes") else {
            state.diagnostics.append(.error(directory, .file,
                "no export files found; expected at least one of \(ExportReader.dataFiles.joined(separator: ", ")) or notes/",
                category: .missingInput))
            return state.result(export, files)
        }
        if present.contains("profile.json"), let bytes = state.load("profile.json") {
            export.profile = ProfileDecoder.decode(bytes, file: "profile.json", diagnostics: &state.diagnostics)
        }
        let zone = export.profile.timeZone.flatMap { Zone(identifier: $0) } ?? fallbackZone

        // Points are usually nearly all of the bytes. Given more than one core, they are decoded
        // on all of them while the other files are read beside; messages are merged back in the
        // order of a front-to-back read (points first, then the others as `dataFiles` lists them).
        let base = state
        let (pointsRead, others) = parallelism.beside({
            ExportReader.records("points.json", present: present, zone: zone, state: &state, id: "id",
                                 fast: { d, zone, level, slot in RecordDecoders.fastPoint(&d, zone: zone, level: level, into: slot) }, RecordDecoders.point)
        }, { () -> OtherFiles in
            var local = base
            local.diagnostics = []
            return ExportReader.readOthers(present: present, zone: zone, state: &local)
        })
        if let (points, summary) = pointsRead {
            export.points = points
            files.append(summary)
        }
        export.tags = others.export.tags
        export.targets = others.export.targets
        export.weights = others.export.weights
        export.todos = others.export.todos
        export.notes = others.export.notes
        files += others.files
        state.diagnostics += others.diagnostics
        var result = state.result(export, files)
        result.noteAssets = others.noteAssets
        return result
    }

    /// What the files other than `points.json` hold.
    private struct OtherFiles: Sendable {
        var export = Export()
        var files: [ImportResult.FileSummary] = []
        var noteAssets: [String] = []
        var diagnostics: [Diagnostic] = []
    }

    private static func readOthers(present: Set<String>, zone: Zone, state: inout ReadState) -> OtherFiles {
        var out = OtherFiles()
        // The notes' messages come last.
        var notesState = state
        var notesSummary: ImportResult.FileSummary?
        if present.contains("notes") {
            let (notes, assets, summary) = NotesReader.read(state: &notesState, zone: zone)
            out.export.notes = notes
            out.noteAssets = assets
            notesSummary = summary
        }
        func take<T>(_ read: ([T], ImportResult.FileSummary)?) -> [T] {
            guard let (items, summary) = read else { return [] }
            out.files.append(summary)
            return items
        }
        out.export.tags = take(records("tags.json", present: present, zone: zone, state: &state, id: "tagId", RecordDecoders.tag))
        out.export.targets = take(records("targets.json", present: present, zone: zone, state: &state, id: "targetId", RecordDecoders.target))
        out.export.weights = take(records("weights.json", present: present, zone: zone, state: &state, id: "id", RecordDecoders.weight))
        if present.contains("weights.csv"), let bytes = state.load("weights.csv") {
            let (items, summary) = WeightsCSVDecoder.decode(bytes, file: "weights.csv", zone: zone, diagnostics: &state.diagnostics)
            out.export.weights += items
            out.files.append(summary)
        }
        out.export.todos = take(records("todos.json", present: present, zone: zone, state: &state, id: "id", RecordDecoders.todo))
        if let notesSummary { out.files.append(notesSummary) }
        out.diagnostics = state.diagnostics + notesState.diagnostics
        return out
    }

    /// One records file, or nil when it is absent or cannot be loaded (the reason is recorded).
    private static func records<T: Sendable>(_ name: String, present: Set<String>, zone: Zone, state: inout ReadState, id: String,
                                             fast: RecordsDecoder.FastPath<T>? = nil,
                                             _ decode: @escaping @Sendable (inout RecordReader) -> T?) -> ([T], ImportResult.FileSummary)? {
        guard present.contains(name) else { return nil }
        // A pure function of the file's bytes and the zone: kept across reads when the caller keeps them.
        let base = state
        let (read, problems) = state.memo.value(state.fs, paths: [state.path(name)], reading: "records \(zone.identifier)") {
            () -> (([T], ImportResult.FileSummary)?, [Diagnostic]) in
            var local = base
            local.diagnostics = []
            guard let bytes = local.load(name) else { return (nil, local.diagnostics) }
            let read = RecordsDecoder.decode(bytes, file: name, zone: zone, idKey: id, diagnostics: &local.diagnostics,
                                             parallelism: local.parallelism, fast: fast, decode)
            return (read, local.diagnostics)
        }
        state.diagnostics += problems
        return read
    }
}

/// Shared bookkeeping while one export is read: diagnostics and safe file loading.
struct ReadState: Sendable {
    let fs: FileSystem
    let root: String
    /// The cores the reading may use.
    let parallelism: Parallelism
    /// Earlier results for unchanged files.
    let memo: ReadMemo
    var canonicalRoot = ""
    var diagnostics: [Diagnostic] = []

    init(fs: FileSystem, root: String, parallelism: Parallelism = .serial, memo: ReadMemo = .none) {
        self.fs = fs
        self.root = root
        self.parallelism = parallelism
        self.memo = memo
    }

    func path(_ relative: String) -> String {
        root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    /// Whether `relative` resolves to a place inside the export (symbolic links may not lead out).
    mutating func staysInside(_ relative: String) -> Bool {
        guard let canonical = fs.canonicalPath(path(relative)) else {
            diagnostics.append(.error(relative, .file, "is a symbolic link to something that does not exist", category: .missingInput))
            return false
        }
        let prefix = canonicalRoot.hasSuffix("/") ? canonicalRoot : canonicalRoot + "/"
        guard canonical.hasPrefix(prefix) else {
            diagnostics.append(.error(relative, .file, "is a symbolic link to a place outside the export (\(Diagnostic.shorten(canonical, limit: 120))); copy the file into the export instead"))
            return false
        }
        return true
    }

    /// The bytes of a file in the export, or nil after recording why not.
    /// `kind`, when the caller has just looked (listing a folder), saves looking again.
    mutating func load(_ relative: String, kind known: FileSystem.Kind? = nil) -> [UInt8]? {
        let full = path(relative)
        switch known ?? fs.kind(full) {
        case .none:
            // A name that is not UTF-8 was listed with U+FFFD in place of its bad bytes, so no
            // file has the name as written: that is what is wrong, not a vanished file.
            if relative.unicodeScalars.contains("\u{FFFD}") {
                diagnostics.append(.error(relative, .file, "the file name is not valid UTF-8 (its bad bytes are shown as \u{FFFD}); rename the file"))
            } else {
                diagnostics.append(.error(relative, .file, "disappeared while the export was read", category: .missingInput))
            }
            return nil
        case .directory?:
            diagnostics.append(.error(relative, .file, "is a directory; expected a file"))
            return nil
        case .other?:
            diagnostics.append(.error(relative, .file, "is not a regular file"))
            return nil
        case .symbolicLink?:
            guard staysInside(relative) else { return nil }
            if let target = fs.canonicalPath(full), fs.kind(target) != .file {
                diagnostics.append(.error(relative, .file, "is a symbolic link to something that is not a file"))
                return nil
            }
        case .file?:
            break
        }
        // The size is checked before reading: reading first would fill the memory with a huge
        // (even sparse) file just to refuse it. After reading, for file systems that cannot tell.
        let tooLarge = "is larger than 1 GiB; Waymark does not read files this large"
        if let size = fs.fileSize(full), size > ExportReader.maxFileSize {
            diagnostics.append(.error(relative, .file, tooLarge))
            return nil
        }
        do {
            let bytes = try fs.readFileInParts(full, parallelism.cores)
            if bytes.count > ExportReader.maxFileSize {
                diagnostics.append(.error(relative, .file, tooLarge))
                return nil
            }
            return bytes
        } catch where error.reason == .tooLarge {
            diagnostics.append(.error(relative, .file, tooLarge))
            return nil
        } catch {
            let category: Diagnostic.Category = error.reason == .permissionDenied || error.reason == .notFound ? .missingInput : .io
            diagnostics.append(.error(relative, .file, "cannot be read: \(error.detail)", category: category))
            return nil
        }
    }

    /// The checked text of a file, or nil after recording why not.
    mutating func text(_ relative: String, _ bytes: [UInt8]) -> SourceText? {
        do {
            return try SourceText(checking: bytes)
        } catch {
            diagnostics.append(.error(relative, .lineColumn(line: error.line, column: error.column), error.message))
            return nil
        }
    }

    func result(_ export: Export, _ files: [ImportResult.FileSummary]) -> ImportResult {
        ImportResult(export: export, diagnostics: diagnostics, files: files, noteAssets: [])
    }
}
