/// Writes a site so that the output directory always holds a complete site: the new one is
/// built in a hidden sibling directory and swapped in at the end. If anything fails, the previous
/// site stays exactly as it was.
///
/// Unchanged files are hard-linked from the previous site, so their modification times stay and
/// rsync or git upload only what changed; an unchanged site is not touched at all. Files that
/// Waymark did not write (not in `.waymark`) are carried over, never deleted or overwritten
/// unless `force` is set.
public struct SiteWriter: Sendable {
    public struct Report: Sendable, Equatable {
        /// Files whose bytes were written.
        public var written: Int
        /// Files kept from the previous build because their content did not change.
        public var unchanged: Int
        /// Files in the output that Waymark did not write and kept.
        public var kept: [String]
        /// Nothing changed; the output was not touched.
        public var upToDate: Bool
    }

    public var fileSystem: FileSystem
    /// Distinguishes staging directories of concurrent runs.
    public var processID: Int32

    public init(fileSystem: FileSystem = .local, processID: Int32 = 0) {
        self.fileSystem = fileSystem
        self.processID = processID
    }

    enum Ownership {
        case absent, empty, ours(SiteManifest), foreign
    }

    public func write(_ files: [SiteFile], to output: String, force: Bool) throws(SiteWriteError) -> Report {
        let fs = fileSystem
        var seen = Set<String>()
        for file in files {
            guard SitePath.isSafe(file.path), file.path != SiteManifest.fileName, seen.insert(file.path).inserted else {
                throw SiteWriteError(kind: .io, message: "internal error: unsafe or duplicate output path \(Diagnostic.shorten(file.path))")
            }
        }
        let target = try resolveTarget(output)
        let (parent, name) = split(target)

        let ownership = try ownershipOf(target)
        var oldEntries: [String: FileSystem.Kind] = [:]
        var ourOld = Set<String>()
        switch ownership {
        case .absent, .empty: break
        case .ours(let manifest):
            ourOld = Set(manifest.files)
            oldEntries = inventory(target)
        case .foreign:
            guard force else {
                throw SiteWriteError(kind: .refused, message: """
                    refusing to write into \(target): it is not empty and Waymark did not create it (there is no \(SiteManifest.fileName) file). \
                    Choose an empty or new folder with -o, or add --force to write into it; files Waymark does not produce are kept.
                    """)
            }
            oldEntries = inventory(target)
        }
        oldEntries[SiteManifest.fileName] = nil
        let newPaths = Set(files.map(\.path))
        let newDirectories = Set(files.flatMap { directories(of: $0.path) })
        let foreign = oldEntries.keys.filter { !ourOld.contains($0) || oldEntries[$0] == .directory }.sorted()
        let clashes = foreign.filter { path in
            let kind = oldEntries[path]
            return (newPaths.contains(path) && kind != .directory) || (newDirectories.contains(path) && kind != .directory)
                || (kind == .directory && newPaths.contains(path))
        }
        // Only files, folders and links can be carried into the new site; anything else (a FIFO,
        // a socket) would be lost with the old folder, so the build stops instead.
        let uncarriable = foreign.filter { oldEntries[$0] == .other }
        if !uncarriable.isEmpty {
            throw SiteWriteError(kind: .refused, message: """
                refusing to replace \(target): it holds \(uncarriable.prefix(5).joined(separator: ", ")), which is not a file, folder or link \
                and could not be kept. Move it away first.
                """)
        }
        if !clashes.isEmpty && !force {
            throw SiteWriteError(kind: .refused, message: """
                refusing to overwrite \(clashes.count) file(s) in \(target) that Waymark did not write: \
                \(clashes.prefix(5).joined(separator: ", ")). Move them away or add --force.
                """)
        }

        let ours = ourOld, entries = oldEntries
        let oldFile: @Sendable (String) -> [UInt8]? = { path in
            guard ours.contains(path), entries[path] == .file else { return nil }
            return try? fs.readFile(target + "/" + path)
        }
        if case .ours = ownership, ourOld == newPaths, files.allSatisfy({ oldFile($0.path) == $0.bytes }) {
            return Report(written: 0, unchanged: files.count, kept: foreign.filter { oldEntries[$0] != .directory }, upToDate: true)
        }

        removeStaleStaging(parent: parent, name: name)
        let staging = parent + "/." + name + ".waymark-new-\(processID)"
        do {
            try fs.createDirectory(staging)
        } catch {
            throw SiteWriteError(kind: .cannotCreate, message: "cannot create \(staging) beside the output: \(error.detail)")
        }
        var report = Report(written: 0, unchanged: 0, kept: [], upToDate: false)
        do throws(FileSystemError) {
            var made = Set<String>()
            for file in files { try makeDirectories(for: file.path, in: staging, made: &made) }
            // Files go to disk on every core; each is linked from the old site when unchanged.
            let outcomes = Parallel.map(files) { file -> Result<Bool, FileSystemError> in
                let destination = staging + "/" + file.path
                if let old = oldFile(file.path), old == file.bytes, (try? fs.hardLink(target + "/" + file.path, destination)) != nil {
                    return .success(false)
                }
                do throws(FileSystemError) { try fs.writeFile(destination, file.bytes) } catch { return .failure(error) }
                return .success(true)
            }
            for outcome in outcomes {
                switch outcome {
                case .success(let written): if written { report.written += 1 } else { report.unchanged += 1 }
                case .failure(let error): throw error
                }
            }
            for path in foreign where !clashes.contains(path) {
                let source = target + "/" + path
                switch oldEntries[path] {
                case .directory?:
                    try makeDirectories(for: path + "/x", in: staging, made: &made)
                case .file?:
                    try makeDirectories(for: path, in: staging, made: &made)
                    do { try fs.hardLink(source, staging + "/" + path) } catch {
                        try fs.writeFile(staging + "/" + path, try fs.readFile(source))
                    }
                    report.kept.append(path)
                case .symbolicLink?:
                    try makeDirectories(for: path, in: staging, made: &made)
                    try fs.makeSymbolicLink(try fs.readLink(source), staging + "/" + path)
                    report.kept.append(path)
                default:
                    break
                }
            }
            try fs.writeFile(staging + "/" + SiteManifest.fileName, Array(SiteManifest(files: Array(newPaths)).text.utf8))
        } catch {
            removeTree(staging)
            throw SiteWriteError(kind: error.reason == .noSpace || error.reason == .other ? .io : .cannotCreate,
                                 message: "\(error.description); the previous site was left as it was")
        }
        try swap(staging: staging, into: target, existed: { if case .absent = ownership { return false }; return true }(),
                 parent: parent, name: name)
        return report
    }

    // MARK: Steps

    /// The output path with a final symbolic link resolved and missing parents created.
    func resolveTarget(_ output: String) throws(SiteWriteError) -> String {
        var path = output
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        if path.isEmpty { path = "." }
        if fileSystem.kind(path) != nil {
            guard let canonical = fileSystem.canonicalPath(path) else {
                throw SiteWriteError(kind: .cannotCreate, message: "\(output) is a symbolic link to nothing")
            }
            guard canonical != "/" else { throw SiteWriteError(kind: .refused, message: "refusing to write a site into /") }
            return canonical
        }
        let (parent, name) = split(path)
        guard name != "." && name != ".." else { throw SiteWriteError(kind: .cannotCreate, message: "cannot use \(output) as the output folder") }
        if fileSystem.kind(parent) == nil {
            try createParents(parent)
        }
        guard let canonicalParent = fileSystem.canonicalPath(parent), fileSystem.kind(canonicalParent) == .directory else {
            throw SiteWriteError(kind: .cannotCreate, message: "cannot create \(output): \(parent) is not a folder")
        }
        return (canonicalParent == "/" ? "" : canonicalParent) + "/" + name
    }

    private func createParents(_ path: String) throws(SiteWriteError) {
        do { try fileSystem.createDirectories(path) } catch {
            throw SiteWriteError(kind: .cannotCreate, message: "cannot create \(error.path): \(error.detail)")
        }
    }

    func split(_ path: String) -> (parent: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let parent = String(path[..<slash])
        return (parent.isEmpty ? "/" : parent, String(path[path.index(after: slash)...]))
    }

    func ownershipOf(_ target: String) throws(SiteWriteError) -> Ownership {
        switch fileSystem.kind(target) {
        case nil: return .absent
        case .directory?:
            let names: [String]
            do { names = try fileSystem.listDirectory(target) } catch {
                throw SiteWriteError(kind: .cannotCreate, message: "cannot list \(target): \(error.detail)")
            }
            if names.isEmpty { return .empty }
            if names.contains(SiteManifest.fileName),
               let bytes = try? fileSystem.readFile(target + "/" + SiteManifest.fileName),
               let manifest = SiteManifest(text: String(decoding: bytes, as: UTF8.self)) {
                return .ours(manifest)
            }
            return .foreign
        default:
            throw SiteWriteError(kind: .cannotCreate, message: "\(target) exists and is not a folder")
        }
    }

    /// Every file, link and folder below `root`, without following links.
    private func inventory(_ root: String) -> [String: FileSystem.Kind] {
        var result: [String: FileSystem.Kind] = [:]
        func walk(_ relative: String, depth: Int) {
            let full = relative.isEmpty ? root : root + "/" + relative
            guard depth < 64, let names = try? fileSystem.listDirectory(full) else { return }
            for name in names.sorted() {
                let child = relative.isEmpty ? name : relative + "/" + name
                guard let kind = fileSystem.kind(root + "/" + child) else { continue }
                result[child] = kind
                if kind == .directory { walk(child, depth: depth + 1) }
            }
        }
        walk("", depth: 0)
        return result
    }

    private func directories(of path: String) -> [String] {
        // Every "/" ends a folder: the path up to it is one (paths are safe, see `SitePath`).
        var result: [String] = []
        var i = path.utf8.startIndex
        while let slash = path.utf8[i...].firstIndex(of: UInt8(ascii: "/")) {
            result.append(String(path[..<slash]))
            i = path.utf8.index(after: slash)
        }
        return result
    }

    func makeDirectories(for path: String, in root: String, made: inout Set<String>) throws(FileSystemError) {
        for dir in directories(of: path) where !made.contains(dir) {
            if fileSystem.kind(root + "/" + dir) == nil { try fileSystem.createDirectory(root + "/" + dir) }
            made.insert(dir)
        }
    }

    func swap(staging: String, into target: String, existed: Bool, parent: String, name: String) throws(SiteWriteError) {
        let fs = fileSystem
        do throws(FileSystemError) {
            if !existed {
                try fs.rename(staging, target)
                return
            }
            if let exchange = fs.exchange, (try? exchange(staging, target)) != nil {
                removeTree(staging)
                return
            }
            let old = parent + "/." + name + ".waymark-old-\(processID)"
            try fs.rename(target, old)
            do throws(FileSystemError) { try fs.rename(staging, target) } catch {
                try? fs.rename(old, target)
                throw error
            }
            removeTree(old)
        } catch {
            removeTree(staging)
            throw SiteWriteError(kind: .io, message: "\(error.description); the previous site was left as it was")
        }
    }

    /// Leftovers of an interrupted run: only Waymark names its staging folders like this.
    func removeStaleStaging(parent: String, name: String) {
        guard let siblings = try? fileSystem.listDirectory(parent) else { return }
        let prefixes = ["." + name + ".waymark-new-", "." + name + ".waymark-old-"]
        for sibling in siblings.sorted() where prefixes.contains(where: sibling.hasPrefix) {
            removeTree(parent + "/" + sibling)
        }
    }

    /// Removes a folder Waymark made, never following symbolic links.
    func removeTree(_ path: String) {
        switch fileSystem.kind(path) {
        case .directory?:
            for name in (try? fileSystem.listDirectory(path)) ?? [] { removeTree(path + "/" + name) }
            try? fileSystem.removeEmptyDirectory(path)
        case nil:
            return
        default:
            try? fileSystem.removeFile(path)
        }
    }
}
