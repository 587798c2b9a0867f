import Synchronization

/// One site being written: the output locked from `SiteWriter.begin` to `finish` or `abandon`.
///
/// A first build (the output absent or an empty folder) writes each page into the staging
/// folder as soon as it is handed over, so the disk works while the other pages render; the
/// site is swapped in by `finish` only when complete. Any other build keeps the files until
/// `finish`, which compares them with the previous site and writes only what changed.
public final class SiteWriteSession: Sendable {
    let writer: SiteWriter
    let output: String
    let target: String
    let parent: String
    let name: String
    let force: Bool
    let leftovers: [String]
    /// The staging folder pages go into at once; nil when the files are kept for `finish`.
    let staging: String?
    /// The mode and group of the empty output folder that the new site replaces.
    let emptyFolder: FileInfo?
    private let lock: FileLock
    private let lockPath: String
    private let state = Mutex(State())

    struct State {
        var kept: [SiteFile] = []
        var paths: Set<String> = []
        var folders: Set<String> = []
        var failure: SiteWriteError?
        var finished = false
    }

    init(writer: SiteWriter, output: String, target: String, parent: String, name: String, force: Bool, leftovers: [String],
         staging: String?, emptyFolder: FileInfo?, lock: FileLock, lockPath: String) {
        self.writer = writer
        self.output = output
        self.target = target
        self.parent = parent
        self.name = name
        self.force = force
        self.leftovers = leftovers
        self.staging = staging
        self.emptyFolder = emptyFolder
        self.lock = lock
        self.lockPath = lockPath
    }

    /// Hands over files of the site, from any thread. Each path must be safe and new.
    public func put(_ files: [SiteFile]) throws(SiteWriteError) {
        guard let staging else {
            state.withLock { $0.kept += files }
            return
        }
        let fs = writer.fileSystem
        for file in files {
            let ready = state.withLock { s -> Bool in
                guard s.failure == nil else { return false }
                guard SitePath.isSafe(file.path), !SiteWriter.reserved(file.path), s.paths.insert(file.path).inserted else {
                    s.failure = SiteWriteError(kind: .internalError, message: "internal error: unsafe or duplicate output path \(Diagnostic.shorten(file.path))")
                    return false
                }
                // Folders are few; making them under the lock keeps two threads from racing for one.
                do throws(FileSystemError) { try writer.makeDirectories(for: file.path, in: staging, made: &s.folders) } catch {
                    s.failure = SiteWriter.failure(error)
                    return false
                }
                return true
            }
            guard ready else { break }
            do throws(FileSystemError) { try fs.writeFile(staging + "/" + file.path, file.bytes) } catch {
                state.withLock { if $0.failure == nil { $0.failure = SiteWriter.failure(error) } }
                break
            }
        }
        if let failure = state.withLock({ $0.failure }) { throw failure }
    }

    /// Completes the site: it replaces the output whole, or (see `SiteWriter`) file by file.
    public func finish() throws(SiteWriteError) -> SiteWriter.Report {
        defer { release() }
        guard let staging else {
            let files = state.withLock { $0.kept }
            try SiteWriter.check(files)
            return try writer.write(files, target: target, parent: parent, name: name, force: force, leftovers: leftovers)
        }
        let fs = writer.fileSystem
        let (paths, failure) = state.withLock { ($0.paths, $0.failure) }
        if let failure {
            abandonStaging()
            throw failure
        }
        do {
            try SiteWriter.check(paths.map { SiteFile(path: $0, bytes: []) })
        } catch {
            abandonStaging()
            throw error
        }
        do throws(FileSystemError) {
            if let emptyFolder, let now = fs.info(staging), now.mode != emptyFolder.mode || now.group != emptyFolder.group {
                try fs.setMode(staging, emptyFolder.mode, now.group != emptyFolder.group ? emptyFolder.group : nil)
            }
            try writer.seal(staging, paths: paths)
            // Renaming over an empty folder replaces it; over one that filled up meanwhile, it fails.
            try fs.rename(staging, target)
        } catch {
            abandonStaging()
            if error.reason == .notEmpty || error.reason == .exists {
                throw SiteWriteError(kind: .refused, message: "\(Diagnostic.path(target)) was filled by something else while the site was built; it was left as it is. Build again.")
            }
            throw SiteWriter.failure(error)
        }
        try? fs.sync(parent)
        return SiteWriter.Report(written: paths.count, unchanged: 0, kept: [], upToDate: false, leftovers: leftovers)
    }

    /// Drops what was written; the output is untouched.
    public func abandon() {
        abandonStaging()
        release()
    }

    private func abandonStaging() {
        if let staging { SiteLeftovers(fileSystem: writer.fileSystem).remove(staging, site: target) }
    }

    private func release() {
        let first = state.withLock { s -> Bool in
            defer { s.finished = true }
            return !s.finished
        }
        guard first else { return }
        if let staging { writer.signalCleanup?.unregister(staging) }
        lock.release()
        writer.signalCleanup?.unregisterFile(lockPath)
    }
}

extension SiteWriter {
    /// Locks the output and prepares to write it. `streaming`: a first build's pages go to disk as
    /// they are handed over (`SiteWriteSession.put`).
    public func begin(_ output: String, force: Bool, streaming: Bool) throws(SiteWriteError) -> SiteWriteSession {
        let target = try resolveTarget(output)
        let (parent, name) = split(target)
        let lockPath = parent + "/." + name + ".waymark-lock"
        let lock: FileLock?
        do { lock = try fileSystem.lock(lockPath) } catch {
            throw SiteWriteError(kind: .cannotCreate, message: "cannot lock \(Diagnostic.path(output)) for writing: \(error.description)")
        }
        guard let lock else {
            throw SiteWriteError(kind: .busy, message: "another waymark build is writing \(Diagnostic.path(output)); wait for it to finish, or write elsewhere with -o")
        }
        signalCleanup?.registerFile(lockPath)
        let leftovers = SiteLeftovers(fileSystem: fileSystem).clean(parent: parent, name: name, site: target)
        var staging: String?
        var emptyFolder: FileInfo?
        let first: Bool
        switch (try? ownershipOf(target)) ?? .foreign {
        case .absent: first = true
        case .empty:
            // An empty mount point cannot be renamed over: it is written in place at `finish`.
            first = fileSystem.info(target)?.device == fileSystem.info(parent)?.device
            emptyFolder = fileSystem.info(target)
        case .ours, .foreign: first = false
        }
        if streaming && first {
            let folder = parent + "/." + name + ".waymark-new-\(processID)"
            do {
                try fileSystem.createDirectory(folder)
                try fileSystem.writeFile(folder + "/" + SiteLeftovers.marker, [])
            } catch {
                lock.release()
                signalCleanup?.unregisterFile(lockPath)
                throw SiteWriteError(kind: .cannotCreate, message: "cannot create \(Diagnostic.path(folder)) beside the output: \(error.detail)")
            }
            signalCleanup?.register(folder, site: target)
            staging = folder
        }
        return SiteWriteSession(writer: self, output: output, target: target, parent: parent, name: name, force: force,
                                leftovers: leftovers, staging: staging, emptyFolder: emptyFolder, lock: lock, lockPath: lockPath)
    }
}
