/// Reads any number of sources (folders, files, zip archives), each in the format it turns out to
/// be, and merges them into one `Export`.
///
/// For each SOURCE: `SourceScanner` lists its files, unless it is a folder an importer reads as a
/// whole (a Waymark export); the importers of `importers`, in order, each claim the files they
/// read; every unit is read; `SourceMerger` merges the parts. Files no
/// importer claims are an error when the SOURCE is that one file, else they are reported as
/// ignored (a Google Takeout folder holds much that is not health data).
public struct SourceReader: Sendable {
    public var fileSystem: FileSystem
    public var importers: [SourceImporter]
    public var context: ImportContext
    /// What the user says of single sources, by the source as given: over `context` for it.
    public var settings: [String: SourceSettings]

    public init(fileSystem: FileSystem = .local, importers: [SourceImporter] = SourceImporters.all, context: ImportContext = ImportContext(),
                settings: [String: SourceSettings] = [:]) {
        self.fileSystem = fileSystem
        self.importers = importers
        self.context = context
        self.settings = settings
    }

    /// One unit to read: which importer, which files, or the folder it reads as a whole, and
    /// what the user says of its source.
    public struct Unit: Sendable {
        public var importer: SourceImporter
        public var files: [SourceFile]
        /// The folder, for a format read as a whole (`SourceImporter.folder`).
        public var folder: String?
        /// What `waymark.json` says of the unit's source, over the command line's choices.
        public var settings = SourceSettings()

        /// The unit's part when its first file was read already, as its archive was listed
        /// (with `settings` applied then).
        var prepared: SourcePart? = nil

        /// What the importer makes of the files, `settings` over `context`.
        func read(_ context: ImportContext) -> SourcePart {
            prepared ?? importer.read(files, settings.applied(to: context))
        }

        /// `read`, or its earlier result when every file is a plain file on disk unchanged since
        /// (`ImportContext.memo`): an importer is a function of its files' bytes, the zone and the
        /// weight unit. SQLite's write-ahead log beside a file (`NAME-wal`, which the Loop
        /// importer applies) is part of what is compared, and so are the units the importer is
        /// given. An archive's entries are read again.
        func read(_ context: ImportContext, on fileSystem: FileSystem) -> SourcePart {
            let disk = files.compactMap(\.diskPath)
            guard prepared == nil, !files.isEmpty, disk.count == files.count else { return read(context) }
            let applied = settings.applied(to: context)
            let reading = [importer.id, applied.zone.identifier, applied.weightUnit.map { "\($0)" } ?? "-",
                           applied.distanceUnit.map { "\($0)" } ?? "-"]
                + files.flatMap { [$0.path, $0.relative] }
            return context.memo.value(fileSystem, paths: disk, sidecars: disk.map { $0 + "-wal" }, reading: reading.joined(separator: "\u{0}")) {
                read(context)
            }
        }
    }

    /// What became of one SOURCE, for `waymark check`.
    public struct SourceReport: Sendable {
        /// The SOURCE as given.
        public var given: String
        /// What each unit held, in the order read (the parts' exports are in the merged result).
        public var parts: [PartSummary]
        /// Files no importer recognised, as `SourceFile.path`.
        public var ignored: [String]
        /// The earlier SOURCE this one is the same file or folder as; it was not read again.
        public var sameAs: String?
        /// What reading the SOURCE cost, when it is an archive.
        var archiveWork: ArchiveBudget.Work? = nil
    }

    /// A part without its records: kind, files, counts, remarks and what was dropped.
    public struct PartSummary: Sendable {
        public var kind: String
        public var files: [String]
        /// Records per file, for a format whose files are listed one by one (`SourcePart.fileSummaries`).
        public var fileSummaries: [ImportResult.FileSummary]?
        public var counts: RecordCounts
        public var remarks: [String]
        public var dropped: [SourcePart.Dropped]
        public var errors: Int
        public var warnings: Int
    }

    /// Everything read and merged.
    public struct Outcome: Sendable {
        /// The merged export, every diagnostic, and a summary line per part.
        public var imported: ImportResult
        public var reports: [SourceReport]
        /// What the merge did ("habit “Run” from Loop and HabitBull merged").
        public var merge: SourceMerger.Summary
        /// The Waymark export folder whose note images the notes may show (the first one given).
        public var noteRoot: String?
    }

    /// Reads `sources` in order, the units on the cores of `context.parallelism`.
    public func read(_ sources: [String]) -> Outcome {
        var diagnostics: [Diagnostic] = []
        var reports: [SourceReport] = []
        var plan: [(source: Int, unit: Unit)] = []
        var seen: [String: String] = [:]
        var archives: [(source: Int, archive: ZipArchive)] = []
        let listing = ListingReads(importers: importers, context: context)
        for (index, given) in sources.enumerated() {
            var report = SourceReport(given: given, parts: [], ignored: [], sameAs: nil)
            defer { reports.append(report) }
            // Before listing it, not after: an archive's listing reads some of it already.
            if let canonical = fileSystem.canonicalPath(given), let earlier = seen[canonical] {
                report.sameAs = earlier
                continue
            }
            let sourceSettings = settings[given] ?? SourceSettings()
            // What is read while the archive is listed is read with the source's own settings too.
            listing.context = sourceSettings.applied(to: context)
            let scanned: ScannedSource
            switch SourceScanner(fileSystem: fileSystem, importers: importers, listing: listing).scan(given) {
            case .failure(let error):
                diagnostics.append(.error(given, .file, Self.strip(error.message, given), category: error.category))
                continue
            case .success(let s): scanned = s
            }
            seen[scanned.identity] = given
            if let archive = scanned.archive { archives.append((index, archive)) }
            diagnostics += scanned.warnings
            switch scanned.shape {
            case .folder(let importer, let directory):
                plan.append((index, Unit(importer: importer, files: [], folder: directory, settings: sourceSettings)))
            case .files(let files):
                var remaining = files
                for importer in importers where !remaining.isEmpty {
                    let units = importer.claim(remaining)
                    let taken = Set(units.flatMap { $0.map(\.path) })
                    remaining.removeAll { taken.contains($0.path) }
                    plan += units.map { (index, Unit(importer: importer, files: $0, folder: nil, settings: sourceSettings,
                                                     prepared: listing.part(of: $0, by: importer))) }
                }
                report.ignored = remaining.map(\.path)
                let claimedAny = plan.contains { $0.source == index }
                let reasons = remaining.map { file in importers.lazy.compactMap { $0.explain?(file, files) }.first }
                if scanned.isSingleFile, let file = remaining.first {
                    if let reason = reasons.first ?? nil {
                        diagnostics.append(.error(file.path, .file, reason))
                    } else {
                        diagnostics.append(.error(file.path, .file, "is not a format Waymark knows\n" + formatList))
                    }
                    continue
                }
                for (file, reason) in zip(remaining, reasons) {
                    if let reason { diagnostics.append(.warning(file.path, .file, "not read: " + reason)) }
                }
                if !claimedAny {
                    // A name one typo away from a Waymark export file is most likely that.
                    for file in remaining where !file.relative.contains("/") {
                        if let guess = EditDistance.suggestion(for: file.name, among: ExportReader.knownNames) {
                            diagnostics.append(.warning(file.path, .file, "ignored: not a file Waymark reads; did you mean \(guess)?"))
                        }
                    }
                    if files.isEmpty {
                        diagnostics.append(.error(given, .file, "is empty: no export files found\n" + formatList, category: .missingInput))
                    } else {
                        diagnostics.append(.error(given, .file, "holds no file Waymark knows (\(files.count) file\(files.count == 1 ? "" : "s") looked at); no export files found\n" + formatList))
                    }
                }
            }
        }

        let context = self.context, fileSystem = self.fileSystem, prefixFolders = sources.count > 1
        var parts = context.parallelism.map(plan.map(\.unit)) { unit in
            guard let directory = unit.folder, let format = unit.importer.folder else { return unit.read(context, on: fileSystem) }
            var part = format.read(fileSystem, directory, unit.settings.applied(to: context))
            // A folder's files are named inside it: beside other sources, say which folder.
            if prefixFolders {
                part.diagnostics = part.diagnostics.map { d in
                    var d = d
                    d.file = directory + (directory.hasSuffix("/") ? "" : "/") + d.file
                    return d
                }
            }
            return part
        }
        for k in parts.indices { ActivityCeiling.apply(&parts[k], zone: context.zone) }
        for (source, archive) in archives { reports[source].archiveWork = archive.work }
        var partSources = plan.map(\.source)
        // The notes' images are those of the first folder read as a whole (a Waymark export).
        let noteFolder = plan.indices.filter { plan[$0].unit.folder != nil }.min { plan[$0].source < plan[$1].source }
        let noteRoot = noteFolder.flatMap { plan[$0].unit.folder }
        let noteAssets = noteFolder.map { parts[$0].noteAssets } ?? []
        // Parts in the order the sources were given, then as read.
        let order = partSources.indices.sorted { (partSources[$0], $0) < (partSources[$1], $1) }
        parts = order.map { parts[$0] }
        partSources = order.map { partSources[$0] }

        // Counted once a part: a count walks every record.
        let counts = parts.map { RecordCounts($0.export, zone: context.zone) }
        for ((part, source), counts) in zip(zip(parts, partSources), counts) {
            reports[source].parts.append(PartSummary(kind: part.kind, files: part.files, fileSummaries: part.fileSummaries,
                                                     counts: counts,
                                                     remarks: part.remarks, dropped: part.dropped,
                                                     errors: part.diagnostics.filter { $0.severity == .error }.count,
                                                     warnings: part.diagnostics.filter { $0.severity == .warning }.count))
            diagnostics += part.diagnostics
        }
        let merged = SourceMerger.merge(parts, sources: partSources)
        let files = zip(parts, counts).map { part, counts in
            ImportResult.FileSummary(file: part.files.count == 1 ? part.files[0] : part.files.first.map { "\($0) and \(part.files.count - 1) more" } ?? part.kind,
                                     records: counts.total,
                                     invalid: part.diagnostics.filter { $0.severity == .error }.count)
        }
        var imported = ImportResult(export: merged.export, diagnostics: diagnostics, files: files, noteAssets: [])
        imported.noteAssets = noteAssets
        return Outcome(imported: imported, reports: reports, merge: merged.summary, noteRoot: noteRoot)
    }

    /// Every format Waymark reads, with how to export it: the answer to an unrecognised file.
    public var formatList: String {
        "Waymark reads:\n" + importers.map { "  - \($0.listedName): \($0.howToExport)" }.joined(separator: "\n")
            + "\nSee docs/import.md for each app."
    }

    private static func strip(_ message: String, _ given: String) -> String {
        message.hasPrefix(given + ": ") ? String(message.dropFirst(given.count + 2)) : message
    }
}
