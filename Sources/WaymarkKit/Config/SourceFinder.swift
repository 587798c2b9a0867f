/// Finds the sources Waymark reads among the files and folders of a folder, for `waymark init`,
/// with the same detection a build uses: a folder read as a whole (a Waymark export) by the names
/// in it, anything else by asking each importer which files it claims (`SourceScanner`,
/// `SourceImporter.claim`).
///
/// Each entry of the folder is one candidate source: `export/`, `Takeout.zip`, `loop.db`. When
/// the folder is itself a Waymark export, it is the one source, `.`.
struct SourceFinder: Sendable {
    var fileSystem: FileSystem
    var importers: [SourceImporter] = SourceImporters.all

    /// One source found: its path relative to the folder, and what it holds ("Waymark export",
    /// "Loop Habit Tracker (CSV export)", several kinds for a folder holding several exports).
    struct Found: Sendable, Equatable {
        var path: String
        var kinds: [String]
    }

    /// A candidate that could not be read at all (a file it may not open, an archive without the
    /// library that reads archives): left out of the config, and said, so that it is not lost
    /// without a word. What only looks like no source (a text file, a photo) is not one.
    struct Unreadable: Sendable, Equatable {
        var path: String
        var message: String
    }

    /// Names left alone: the config and schema `init` writes.
    static let skipped: Set<String> = [BuildSettings.defaultConfigName, ConfigSchema.fileName]

    func find(in directory: String) -> (found: [Found], unreadable: [Unreadable]) {
        let scanner = SourceScanner(fileSystem: fileSystem, importers: importers)
        if case .success(let scanned) = scanner.scan(directory), case .folder(let importer, _) = scanned.shape {
            return ([Found(path: ".", kinds: [importer.name])], [])
        }
        guard let names = try? fileSystem.listDirectory(directory) else { return ([], []) }
        var found: [Found] = []
        var unreadable: [Unreadable] = []
        for name in names.sorted() where !name.hasPrefix(".") && name != "__MACOSX" && !SourceFinder.skipped.contains(name) {
            let path = SiteConfig.path(name, against: directory)
            // A site Waymark built holds stats.json and weight.csv, which look like sources.
            if fileSystem.kind(path) == .directory, fileSystem.kind(path + "/" + SitePath.manifestName) == .file { continue }
            let scanned: ScannedSource
            switch scanner.scan(path) {
            case .success(let source): scanned = source
            case .failure(let error):
                if error.category == .io { unreadable.append(Unreadable(path: name, message: error.message)) }
                continue
            }
            switch scanned.shape {
            case .folder(let importer, _):
                found.append(Found(path: name, kinds: [importer.name]))
            case .files(let files):
                let kinds = claimedKinds(files)
                if !kinds.isEmpty { found.append(Found(path: name, kinds: kinds)) }
            }
        }
        return (found, unreadable)
    }

    /// The names of the importers that claim some of `files`, in detection order, each once.
    private func claimedKinds(_ files: [SourceFile]) -> [String] {
        var remaining = files
        var kinds: [String] = []
        for importer in importers where !remaining.isEmpty {
            let units = importer.claim(remaining)
            guard !units.isEmpty else { continue }
            let taken = Set(units.flatMap { $0.map(\.path) })
            remaining.removeAll { taken.contains($0.path) }
            kinds.append(importer.name)
        }
        return kinds
    }
}
