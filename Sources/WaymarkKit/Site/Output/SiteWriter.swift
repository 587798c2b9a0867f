/// Writes a site into its output folder, file by file, and never moves, renames, re-owns or
/// changes anything it did not write.
///
/// Each file that changed is written to a temporary file beside its place, made durable, and
/// renamed over the old one, so no reader ever sees half a file. The renames wait until every
/// file is written, then run in an order that never leaves a link pointing nowhere: new files
/// first, then changed ones with the pages last; Waymark's own files that the build no longer
/// makes go after them, and so do the folders Waymark made that are then empty. Unchanged files
/// are not touched (their modification times stay, so rsync or git upload only what changed),
/// and an unchanged site is not touched at all. The folders stay the same folders: their owner,
/// permissions and inode never change.
///
/// `.waymark` in the output lists what Waymark wrote; while a build runs it also names the
/// build's temporary files, so that whatever stops a build, the next one removes them. One build
/// at a time per output: the output folder itself is locked.
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
        /// Folders beside the output that an earlier version of Waymark left (it built the site
        /// there) and that still hold files it cannot tell are its own.
        public var leftovers: [String] = []
        /// Files that appeared at the place of a new page while the site was built: kept, and the
        /// page not written there.
        public var appeared: [String] = []
        /// Files Waymark did not write that were at the places of its pages, replaced because
        /// `--force` was given.
        public var replaced: [String] = []
    }

    public var fileSystem: FileSystem
    /// Names this run's temporary files.
    public var processID: Int32
    /// The folders never written into.
    public var protectedFolders: ProtectedFolders
    /// Tidies up when the process is stopped by a signal (the real process only).
    var signalCleanup: SignalCleanup?

    public init(fileSystem: FileSystem = .local, processID: Int32 = 0, protectedFolders: ProtectedFolders = .ofThisProcess) {
        self.fileSystem = fileSystem
        self.processID = processID
        self.protectedFolders = protectedFolders
    }

    /// Writes the whole site at once (`begin`, `put`, `finish`).
    public func write(_ files: [SiteFile], to output: String, force: Bool) throws(SiteWriteError) -> Report {
        let session = try begin(output, force: force)
        do {
            try session.put(files)
        } catch {
            session.abandon()
            throw error
        }
        return try session.finish()
    }

    /// Locks the output and takes stock of it; the files are then handed over with `put` (from
    /// any thread, as they are rendered) and the site completed with `finish`.
    public func begin(_ output: String, force: Bool) throws(SiteWriteError) -> SiteWriteSession {
        let target = try resolveTarget(output)
        try refuseProtected(target, output)
        var madeRoot = false
        if fileSystem.kind(target) == nil {
            do throws(FileSystemError) {
                try fileSystem.createDirectory(target)
                madeRoot = true
            } catch {
                // Another build may have made it a moment ago: then it is there now.
                if fileSystem.kind(target) != .directory { throw SiteWriteError(kind: .cannotCreate, message: "cannot create \(Diagnostic.path(target)): \(error.detail)") }
            }
        }
        guard fileSystem.kind(target) == .directory else { throw SiteWriteError(kind: .cannotCreate, message: "\(Diagnostic.path(target)) exists and is not a folder") }
        let lock: FileLock?
        do { lock = try fileSystem.lockFolder(target, target + "/" + SiteWriter.lockFileName) } catch {
            throw SiteWriteError(kind: .cannotCreate, message: "cannot lock \(Diagnostic.path(output)) for writing: \(error.description)")
        }
        guard let lock else {
            throw SiteWriteError(kind: .busy, message: "another waymark build is writing \(Diagnostic.path(output)); wait for it to finish, or write elsewhere with -o")
        }
        let (parent, name) = split(target)
        let leftovers = SiteLeftovers(fileSystem: fileSystem).clean(parent: parent, name: name, site: target)
        let manifest: SiteManifest?
        do {
            manifest = try manifestOf(target, force: force)
        } catch {
            lock.release()
            throw error
        }
        var inventory = SiteInventory(fileSystem: fileSystem, root: target)
        if let manifest { inventory.removeTemporaries(of: manifest, root: target, fileSystem) }
        return SiteWriteSession(writer: self, target: target, force: force, old: manifest, inventory: inventory,
                                madeRoot: madeRoot, leftovers: leftovers, lock: lock)
    }

    /// Paths must be safe, unique and not a folder of another file.
    static func check(_ paths: [String]) throws(SiteWriteError) {
        var seen = Set<String>()
        for path in paths {
            guard SitePath.isSafe(path), !SiteWriter.reserved(path), seen.insert(path).inserted else {
                throw SiteWriteError(kind: .internalError, message: "internal error: unsafe or duplicate output path \(Diagnostic.shorten(path))")
            }
        }
        var parents = Set<Substring>()
        for path in paths {
            // The files of one folder have the same folders: checked for the first of them.
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), parents.insert(path[..<slash]).inserted else { continue }
            for folder in directories(of: path) where seen.contains(folder) {
                throw SiteWriteError(kind: .internalError, message: "internal error: \(Diagnostic.path(folder)) is both a file and the folder of \(Diagnostic.path(path))")
            }
        }
    }

    /// The lock file, only where a folder cannot be locked itself.
    static let lockFileName = ".waymark-lock"

    /// Names Waymark keeps for itself in a site's root.
    static func reserved(_ path: String) -> Bool {
        path == SiteManifest.fileName || path == lockFileName || path == SiteLeftovers.marker
    }

    /// The output path made canonical (every link and `..` resolved, so that what is refused
    /// cannot be reached by another name), its missing parents created.
    func resolveTarget(_ output: String) throws(SiteWriteError) -> String {
        var path = output
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        if path.isEmpty { path = "." }
        if fileSystem.kind(path) != nil {
            guard let canonical = fileSystem.canonicalPath(path) else {
                throw SiteWriteError(kind: .cannotCreate, message: "\(Diagnostic.path(output)) is a symbolic link to nothing")
            }
            return canonical
        }
        let (parent, name) = split(path)
        guard name != "." && name != ".." else { throw SiteWriteError(kind: .cannotCreate, message: "cannot use \(Diagnostic.path(output)) as the output folder") }
        if fileSystem.kind(parent) == nil {
            // Refused before anything is made: a folder to be made inside /etc is in /etc.
            let planned = plannedCanonical(path)
            if let planned { try refuseProtected(planned, output) }
            // Only the folders the path names once its `..` are resolved: `new/../site` makes
            // no `new`, which nothing would remove.
            let made = planned.map { split($0).parent } ?? parent
            do { try fileSystem.createDirectories(made) } catch {
                throw SiteWriteError(kind: .cannotCreate, message: "cannot create \(Diagnostic.path(error.path)): \(error.detail)")
            }
            if let planned, fileSystem.kind(made) == .directory, let canonicalParent = fileSystem.canonicalPath(made) {
                return (canonicalParent == "/" ? "" : canonicalParent) + "/" + split(planned).name
            }
        }
        guard let canonicalParent = fileSystem.canonicalPath(parent), fileSystem.kind(canonicalParent) == .directory else {
            throw SiteWriteError(kind: .cannotCreate, message: "cannot create \(Diagnostic.path(output)): \(Diagnostic.path(parent)) is not a folder")
        }
        return (canonicalParent == "/" ? "" : canonicalParent) + "/" + name
    }

    /// Refuses `output` when it is, or would be once made, a protected folder or inside one: the
    /// check `begin` makes, for the commands that write a folder of other files (a sample
    /// export, a theme), made before anything is created; the folder it suggests instead is
    /// named `suggesting`.
    public func refuseProtectedFolder(_ output: String, for what: String, suggesting: String = "site") throws(SiteWriteError) {
        var path = output
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        if path.isEmpty { path = "." }
        guard let canonical = plannedCanonical(path) else { return }
        try refuseProtected(canonical, output, what: what, suggesting: suggesting)
    }

    /// Refuses a protected folder (`ProtectedFolders`) as the output, by its canonical path.
    func refuseProtected(_ canonical: String, _ output: String, what: String = "a site", suggesting: String = "site") throws(SiteWriteError) {
        guard let reason = protectedFolders.refusal(canonical, suggesting: suggesting) else { return }
        let leads = canonical == output ? "" : " (where \(Diagnostic.path(output)) leads)"
        throw SiteWriteError(kind: .refused, message: "refusing to write \(what) into \(Diagnostic.path(canonical))\(leads): \(reason). Not even --force writes there.")
    }

    /// The canonical path `path` will have once its missing folders are made: the nearest
    /// existing folder above it, resolved, and the rest of the path.
    private func plannedCanonical(_ path: String) -> String? {
        var existing = path
        var rest: [String] = []
        while fileSystem.kind(existing) == nil {
            let (parent, name) = split(existing)
            guard parent != existing else { return nil }
            rest.insert(name, at: 0)
            existing = parent
        }
        guard let base = fileSystem.canonicalPath(existing) else { return nil }
        // What is missing may hold ".." and "." too.
        var components = base.split(separator: "/").map(String.init)
        for name in rest where name != "." {
            if name == ".." { _ = components.popLast() } else { components.append(name) }
        }
        return "/" + components.joined(separator: "/")
    }

    func split(_ path: String) -> (parent: String, name: String) {
        guard let (parent, name) = path.splitAtLastSlash() else { return (".", path) }
        return (parent.isEmpty ? "/" : parent, name)
    }

    /// The previous build's manifest; nil for an empty folder (or one written into with `force`).
    func manifestOf(_ target: String, force: Bool) throws(SiteWriteError) -> SiteManifest? {
        let names: [String]
        do { names = try fileSystem.listDirectory(target) } catch {
            throw SiteWriteError(kind: .cannotCreate, message: "cannot list \(Diagnostic.path(target)): \(error.detail)")
        }
        if names.contains(SiteManifest.fileName),
           let bytes = try? fileSystem.readFile(target + "/" + SiteManifest.fileName),
           let manifest = SiteManifest(text: String(decoding: bytes, as: UTF8.self)) {
            return manifest
        }
        guard names.allSatisfy({ SiteWriter.reserved($0) }) || force else {
            throw SiteWriteError(kind: .refused, message: """
                refusing to write into \(Diagnostic.path(target)): it is not empty and Waymark did not create it (there is no \(SiteManifest.fileName) file). \
                Choose an empty or new folder with -o, or add --force to write into it; files Waymark does not produce are kept.
                """)
        }
        return nil
    }

    static func directories(of path: String) -> [String] {
        // Every "/" ends a folder: the path up to it is one (paths are safe, see `SitePath`).
        var result: [String] = []
        var i = path.utf8.startIndex
        while let slash = path.utf8[i...].firstIndex(of: UInt8(ascii: "/")) {
            result.append(String(path[..<slash]))
            i = path.utf8.index(after: slash)
        }
        return result
    }
}
