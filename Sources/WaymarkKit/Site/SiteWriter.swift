/// Writes a site so that the output folder always holds a complete site, and never deletes or
/// alters anything Waymark did not write.
///
/// Normally the new site is made in a hidden sibling folder and swapped in at the end, so a
/// reader sees the old site or the new one and nothing between. Unchanged files are hard-linked
/// from the previous site (their modification times stay, so rsync or git upload only what
/// changed) and an unchanged site is not touched at all. Files that Waymark did not write (not in
/// `.waymark`) are carried over as hard links: the same files, not copies.
///
/// When the folder cannot be swapped (it is a mount point, something inside it is another file
/// system, or it holds things that cannot be carried, such as a FIFO), the files are replaced
/// inside it one by one instead, each written beside its place and renamed over it: a reader may
/// see old and new pages side by side for a moment, but never half a page.
///
/// One build at a time per output: a lock file beside the output keeps a second one out.
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
        /// The files were replaced inside the output one by one instead of swapping the folder.
        public var inPlace = false
        /// Why the folder was not swapped, when `inPlace`.
        public var inPlaceReason: String?
        /// Folders of earlier, interrupted builds that could not be removed (they hold something
        /// Waymark did not write).
        public var leftovers: [String] = []
    }

    public var fileSystem: FileSystem
    /// Names this run's staging folder.
    public var processID: Int32
    /// Removes the staging folder when the process is stopped by a signal (the real process only).
    var signalCleanup: SignalCleanup?

    public init(fileSystem: FileSystem = .local, processID: Int32 = 0) {
        self.fileSystem = fileSystem
        self.processID = processID
    }

    enum Ownership {
        case absent, empty, ours(SiteManifest), foreign
    }

    /// The plan both ways of writing follow.
    struct Plan {
        var files: [SiteFile]
        var target: String
        var parent: String
        var name: String
        var ownership: Ownership
        var inventory: SiteInventory
        /// Waymark's files of the previous build.
        var ourOld: Set<String>
        /// Entries Waymark did not write, sorted.
        var foreign: [String]
        /// Foreign files that `--force` allows to be replaced.
        var clashes: Set<String>
        var newPaths: Set<String>

        /// The bytes of Waymark's previous file at `path`, when there is one.
        func oldBytes(_ path: String, _ fs: FileSystem) -> [UInt8]? {
            guard ourOld.contains(path), inventory.entries[path]?.kind == .file else { return nil }
            return try? fs.readFile(target + "/" + path)
        }
    }

    public func write(_ files: [SiteFile], to output: String, force: Bool) throws(SiteWriteError) -> Report {
        // `finish` checks the paths before anything is written.
        let session = try begin(output, force: force, streaming: false)
        try session.put(files)
        return try session.finish()
    }

    /// Writes `files` into `target` (the lock held, leftovers cleaned): the whole plan at once.
    func write(_ files: [SiteFile], target: String, parent: String, name: String, force: Bool,
               leftovers: [String]) throws(SiteWriteError) -> Report {
        let ownership = try ownershipOf(target)
        var inventory = SiteInventory()
        if case .absent = ownership {} else {
            inventory = SiteInventory(fileSystem: fileSystem, root: target)
            inventory.removeTemporaries(target, fileSystem)
        }
        var plan = Plan(files: files, target: target, parent: parent, name: name, ownership: ownership, inventory: inventory,
                        ourOld: [], foreign: [], clashes: [], newPaths: Set(files.map(\.path)))
        switch ownership {
        case .absent, .empty: break
        case .ours(let manifest): plan.ourOld = Set(manifest.files)
        case .foreign:
            guard force else {
                throw SiteWriteError(kind: .refused, message: """
                    refusing to write into \(Diagnostic.path(target)): it is not empty and Waymark did not create it (there is no \(SiteManifest.fileName) file). \
                    Choose an empty or new folder with -o, or add --force to write into it; files Waymark does not produce are kept.
                    """)
            }
        }
        let entries = inventory.entries
        let newDirectories = Set(files.flatMap { SiteWriter.directories(of: $0.path) })
        plan.foreign = entries.keys.filter { !plan.ourOld.contains($0) || entries[$0]?.kind == .directory }.sorted()
        let clashes = plan.foreign.filter { path in
            let kind = entries[path]?.kind
            return (kind != .directory && (plan.newPaths.contains(path) || newDirectories.contains(path)))
                || (kind == .directory && plan.newPaths.contains(path))
        }
        if !clashes.isEmpty && !force {
            throw SiteWriteError(kind: .refused, message: """
                refusing to overwrite \(clashes.count) file(s) in \(Diagnostic.path(target)) that Waymark did not write: \
                \(clashes.prefix(5).map(Diagnostic.path).joined(separator: ", ")). Move them away or add --force.
                """)
        }
        if let folder = clashes.first(where: { entries[$0]?.kind == .directory || entries[$0]?.kind == .mount }) {
            throw SiteWriteError(kind: .refused, message: "refusing to replace the folder \(Diagnostic.path(target))/\(Diagnostic.path(folder)), which Waymark did not write, with a page; move it away")
        }
        plan.clashes = Set(clashes)

        if case .ours = ownership, plan.ourOld == plan.newPaths, files.allSatisfy({ plan.oldBytes($0.path, fileSystem) == $0.bytes }) {
            return Report(written: 0, unchanged: files.count, kept: plan.foreign.filter { entries[$0]?.kind != .directory },
                          upToDate: true, leftovers: leftovers)
        }
        var report: Report
        if let reason = inPlaceReason(plan) {
            report = try replaceInPlace(plan)
            report.inPlaceReason = reason
        } else {
            do {
                report = try swapIn(plan)
            } catch let failure as SwapFailure {
                report = try replaceInPlace(plan)
                report.inPlaceReason = failure.reason
            } catch let error as SiteWriteError {
                throw error
            } catch {
                throw SiteWriteError(kind: .io, message: "\(error); the previous site was left as it was")
            }
        }
        report.leftovers += leftovers
        return report
    }

    /// Why the output cannot be swapped as a whole; nil when it can.
    func inPlaceReason(_ plan: Plan) -> String? {
        if plan.inventory.isMountPoint(plan.target, parent: plan.parent, fileSystem) {
            return "\(Diagnostic.path(plan.target)) is a mount point"
        }
        if let mount = plan.inventory.entries.first(where: { $0.value.kind == .mount })?.key {
            return "\(Diagnostic.path(mount)) inside it is another file system"
        }
        if let other = plan.foreign.first(where: { plan.inventory.entries[$0]?.kind == .other }) {
            return "\(Diagnostic.path(other)) inside it is not a file, folder or link"
        }
        return nil
    }

    /// Paths must be safe, unique and not a folder of another file.
    static func check(_ files: [SiteFile]) throws(SiteWriteError) {
        var seen = Set<String>()
        for file in files {
            guard SitePath.isSafe(file.path), !SiteWriter.reserved(file.path), seen.insert(file.path).inserted else {
                throw SiteWriteError(kind: .internalError, message: "internal error: unsafe or duplicate output path \(Diagnostic.shorten(file.path))")
            }
        }
        for file in files {
            for folder in directories(of: file.path) where seen.contains(folder) {
                throw SiteWriteError(kind: .internalError, message: "internal error: \(Diagnostic.path(folder)) is both a file and the folder of \(file.path)")
            }
        }
    }

    /// Names Waymark keeps for itself inside a site.
    static func reserved(_ path: String) -> Bool {
        path == SiteManifest.fileName || path == SiteLeftovers.marker
    }

    // MARK: Steps shared by both ways

    /// The output path with a final symbolic link resolved and missing parents created.
    func resolveTarget(_ output: String) throws(SiteWriteError) -> String {
        var path = output
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        if path.isEmpty { path = "." }
        if fileSystem.kind(path) != nil {
            guard let canonical = fileSystem.canonicalPath(path) else {
                throw SiteWriteError(kind: .cannotCreate, message: "\(Diagnostic.path(output)) is a symbolic link to nothing")
            }
            guard canonical != "/" else { throw SiteWriteError(kind: .refused, message: "refusing to write a site into /") }
            return canonical
        }
        let (parent, name) = split(path)
        guard name != "." && name != ".." else { throw SiteWriteError(kind: .cannotCreate, message: "cannot use \(Diagnostic.path(output)) as the output folder") }
        if fileSystem.kind(parent) == nil {
            do { try fileSystem.createDirectories(parent) } catch {
                throw SiteWriteError(kind: .cannotCreate, message: "cannot create \(Diagnostic.path(error.path)): \(error.detail)")
            }
        }
        guard let canonicalParent = fileSystem.canonicalPath(parent), fileSystem.kind(canonicalParent) == .directory else {
            throw SiteWriteError(kind: .cannotCreate, message: "cannot create \(Diagnostic.path(output)): \(Diagnostic.path(parent)) is not a folder")
        }
        return (canonicalParent == "/" ? "" : canonicalParent) + "/" + name
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
                throw SiteWriteError(kind: .cannotCreate, message: "cannot list \(Diagnostic.path(target)): \(error.detail)")
            }
            if names.isEmpty { return .empty }
            if names.contains(SiteManifest.fileName),
               let bytes = try? fileSystem.readFile(target + "/" + SiteManifest.fileName),
               let manifest = SiteManifest(text: String(decoding: bytes, as: UTF8.self)) {
                return .ours(manifest)
            }
            return .foreign
        default:
            throw SiteWriteError(kind: .cannotCreate, message: "\(Diagnostic.path(target)) exists and is not a folder")
        }
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

    func makeDirectories(for path: String, in root: String, made: inout Set<String>) throws(FileSystemError) {
        for dir in SiteWriter.directories(of: path) where !made.contains(dir) {
            if fileSystem.kind(root + "/" + dir) == nil { try fileSystem.createDirectory(root + "/" + dir) }
            made.insert(dir)
        }
    }

    static func failure(_ error: FileSystemError) -> SiteWriteError {
        SiteWriteError(kind: error.writeKind, message: "\(error.description); the previous site was left as it was")
    }
}
