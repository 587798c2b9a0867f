import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One site being written: the output locked from `SiteWriter.begin` to `finish` or `abandon`.
///
/// `put` takes files as they are rendered, from any thread: an unchanged file is left alone, a
/// changed or new one is written to its temporary file at once, so the disk works while the
/// other pages render. `finish` puts them all in place (`SiteWriteSession+Commit`).
public final class SiteWriteSession: Sendable {
    let writer: SiteWriter
    let target: String
    let force: Bool
    /// The previous build's manifest; nil when the folder was new, empty or not Waymark's.
    let old: SiteManifest?
    /// What was in the output when the build began (a killed build's temporaries removed).
    let inventory: SiteInventory
    /// The output folder did not exist: this build made it.
    let madeRoot: Bool
    let leftovers: [String]
    /// The ending of this build's temporary files.
    let suffix: String
    let oldFiles: Set<String>
    private let lock: FileLock
    let state = Mutex(State())
    /// Held while the temporary files are removed, so that a signal waits for it.
    let tidying = Mutex(false)
    private let signal = Mutex<UInt64?>(nil)

    /// A file written to its temporary, waiting for `finish` to rename it.
    struct Pending: Sendable {
        var path: String
        /// Nothing was at its place when the build began.
        var isNew: Bool
        /// A folder Waymark made is at its place: removed (when empty) before the rename.
        var replacesFolder = false
    }

    enum Phase: Sendable { case writing, committing, done }

    struct State: Sendable {
        var paths: Set<String> = []
        var pending: [Pending] = []
        var unchanged = 0
        /// Folders this build made.
        var made: Set<String> = []
        /// `.waymark` names this build's temporaries.
        var journal = false
        /// Foreign files at the places of new files (an error without `force`).
        var clashes: [String] = []
        var failure: SiteWriteError?
        /// Temporary files being written now.
        var writing = 0
        /// No more files are taken (a signal arrived, or the build is being abandoned).
        var stopping = false
        /// A signal arrived: its thread tidies up and ends the process.
        var signalled = false
        var phase = Phase.writing
    }

    init(writer: SiteWriter, target: String, force: Bool, old: SiteManifest?, inventory: SiteInventory,
         madeRoot: Bool, leftovers: [String], lock: FileLock) {
        self.writer = writer
        self.target = target
        self.force = force
        self.old = old
        self.inventory = inventory
        self.madeRoot = madeRoot
        self.leftovers = leftovers
        self.lock = lock
        self.suffix = SiteTemporaries.suffix(processID: writer.processID)
        self.oldFiles = Set(old?.files ?? [])
        if let cleanup = writer.signalCleanup {
            let id = cleanup.register { [weak self] in self?.interrupt() }
            signal.withLock { $0 = id }
        }
    }

    var fileSystem: FileSystem { writer.fileSystem }

    /// Hands over files of the site, from any thread. Each path must be safe and new.
    public func put(_ files: [SiteFile]) throws(SiteWriteError) {
        for file in files {
            guard let pending = place(file) else { continue }
            let temporary = target + "/" + SiteTemporaries.path(of: file.path, suffix: suffix)
            do throws(FileSystemError) {
                // Written new (the write refuses a name that exists); a temporary of this name
                // left by a build before is removed and the write tried again, where asking first
                // cost a look-up for every file of every build.
                do throws(FileSystemError) {
                    try fileSystem.writeFile(temporary, file.bytes)
                } catch where error.reason == .exists {
                    try fileSystem.removeFile(temporary)
                    try fileSystem.writeFile(temporary, file.bytes)
                }
            } catch {
                // A file cut short (a full disk) is not left behind.
                try? fileSystem.removeFile(temporary)
                state.withLock { s in
                    s.writing -= 1
                    if s.failure == nil { s.failure = failure(error) }
                }
                break
            }
            state.withLock { s in
                s.writing -= 1
                s.pending.append(pending)
            }
        }
        if let failure = state.withLock({ $0.failure }) { throw failure }
    }

    /// Decides what becomes of `file`: nil when it is not written (unchanged, a clash, a failure).
    /// Its folders are made, and `writing` counts it until it is written.
    private func place(_ file: SiteFile) -> Pending? {
        let path = file.path
        let entry = inventory.entries[path]
        let ours = oldFiles.contains(path) && (entry?.kind == .file || entry?.kind == .symbolicLink)
        // Comparing reads the old file: outside the lock, so that the cores read side by side.
        let unchanged = ours && entry?.kind == .file && (try? fileSystem.readFile(target + "/" + path)) == file.bytes
        return state.withLock { s -> Pending? in
            guard s.failure == nil, !s.stopping else {
                if s.failure == nil { s.failure = SiteWriteError(kind: .io, message: "the build was interrupted; " + leftAsItWas) }
                return nil
            }
            guard SitePath.isSafe(path), !SiteWriter.reserved(path), s.paths.insert(path).inserted else {
                s.failure = SiteWriteError(kind: .internalError, message: "internal error: unsafe or duplicate output path \(Diagnostic.shorten(path))")
                return nil
            }
            if unchanged {
                s.unchanged += 1
                return nil
            }
            var pending = Pending(path: path, isNew: entry == nil)
            if let entry, !ours {
                switch entry.kind {
                case .file, .symbolicLink:
                    if !force {
                        s.clashes.append(path)
                        return nil
                    }
                case .directory where old?.folders.contains(path) == true:
                    pending.replacesFolder = true
                case .directory, .mount, .other:
                    s.failure = SiteWriteError(kind: .refused, message: "refusing to replace \(Diagnostic.path(target))/\(Diagnostic.path(path)), which Waymark did not write, with a page; move it away")
                    return nil
                }
            }
            do throws(SiteWriteError) {
                try startJournal(&s)
                try makeFolders(for: path, &s)
            } catch {
                s.failure = error
                return nil
            }
            s.writing += 1
            return pending
        }
    }

    /// Makes the folders of `path` that are missing, each recorded in `.waymark` first.
    private func makeFolders(for path: String, _ s: inout State) throws(SiteWriteError) {
        for folder in SiteWriter.directories(of: path) where !s.made.contains(folder) {
            switch inventory.entries[folder]?.kind {
            case .directory?:
                continue
            case nil:
                break
            case .mount?:
                throw SiteWriteError(kind: .refused, message: "refusing to write \(Diagnostic.path(target))/\(Diagnostic.path(path)): \(Diagnostic.path(folder)) is another file system mounted in the site, and Waymark never writes into one; unmount it or move it away")
            case .file?, .symbolicLink?, .other?:
                guard oldFiles.contains(folder), inventory.entries[folder]?.kind == .file else {
                    throw SiteWriteError(kind: .refused, message: "refusing to write \(Diagnostic.path(target))/\(Diagnostic.path(path)): \(Diagnostic.path(folder)) is a file or link Waymark did not write where Waymark needs a folder; move it away")
                }
                // Waymark's own old file where its folder goes now.
                do { try fileSystem.removeFile(target + "/" + folder) } catch { throw failure(error) }
            }
            s.made.insert(folder)
            do throws(FileSystemError) {
                try writeManifest(journalManifest(s))
                try fileSystem.createDirectory(target + "/" + folder)
            } catch {
                // Made by someone else meanwhile: theirs, and written into as it is.
                if error.reason == .exists && fileSystem.kind(target + "/" + folder) == .directory {
                    s.made.remove(folder)
                    continue
                }
                throw failure(error)
            }
        }
    }

    /// Before the first temporary file or folder: `.waymark` names them, durably, so that a
    /// build killed from here on is tidied up by the next one.
    private func startJournal(_ s: inout State) throws(SiteWriteError) {
        guard !s.journal else { return }
        do throws(FileSystemError) {
            try writeManifest(journalManifest(s))
            try fileSystem.sync(target + "/" + SiteManifest.fileName)
            try fileSystem.sync(target)
        } catch {
            throw failure(error)
        }
        s.journal = true
    }

    /// The previous files, the folders made so far and this build's temporaries.
    func journalManifest(_ s: State) -> SiteManifest {
        SiteManifest(files: old?.files ?? [], folders: (old?.folders ?? []).union(s.made), temporaries: suffix)
    }

    /// Replaces `.waymark` in one rename (or creates it, when the folder has none yet: a
    /// temporary beside it would be a stranger's file to a build that finds no manifest).
    func writeManifest(_ manifest: SiteManifest, sync: Bool = false) throws(FileSystemError) {
        let path = target + "/" + SiteManifest.fileName
        let bytes = Array(manifest.text.utf8)
        guard fileSystem.kind(path) != nil else { return try fileSystem.writeFile(path, bytes) }
        let temporary = target + "/" + SiteTemporaries.path(of: SiteManifest.fileName, suffix: suffix)
        if fileSystem.kind(temporary) != nil { try fileSystem.removeFile(temporary) }
        try fileSystem.writeFile(temporary, bytes)
        if sync { try fileSystem.sync(temporary) }
        try fileSystem.rename(temporary, path)
    }

    func failure(_ error: FileSystemError) -> SiteWriteError {
        let hint = error.reason == .permissionDenied ? "; check that you may write to \(Diagnostic.path(target))" : ""
        return SiteWriteError(kind: error.writeKind, message: "\(error.description)\(hint); \(leftAsItWas)")
    }

    /// What a failed or interrupted build says of the folder: with no site of Waymark's there
    /// before, there is no previous site to speak of.
    var leftAsItWas: String { old == nil ? "no site was written" : "the previous site was left as it was" }

    /// Completes the site (see `SiteWriteSession+Commit`), renaming on `parallelism`'s cores.
    public func finish(parallelism: Parallelism = .serial) throws(SiteWriteError) -> SiteWriter.Report {
        waitIfSignalled()
        defer { release() }
        let snapshot = state.withLock { $0 }
        let clashes = snapshot.clashes
        var failure = snapshot.failure, stopping = snapshot.stopping
        if failure == nil {
            do { try SiteWriter.check(Array(snapshot.paths)) } catch { failure = error }
        }
        if failure == nil && clashes.isEmpty && !stopping {
            // A signal from here on waits for the renames to end.
            stopping = state.withLock { s in
                if !s.stopping { s.phase = .committing }
                return s.stopping
            }
        }
        if let failure {
            tidy()
            throw failure
        }
        if stopping {
            waitIfSignalled()
            tidy()
            throw SiteWriteError(kind: .io, message: "the build was interrupted; " + leftAsItWas)
        }
        if !clashes.isEmpty {
            tidy()
            throw SiteWriteError(kind: .refused, message: """
                refusing to overwrite \(clashes.count) file(s) in \(Diagnostic.path(target)) that Waymark did not write: \
                \(clashes.sorted().prefix(5).map(Diagnostic.path).joined(separator: ", ")). Move them away or add --force.
                """)
        }
        defer { state.withLock { $0.phase = .done } }
        return try commit(parallelism: parallelism)
    }

    /// Drops what was written; the output is as it was.
    public func abandon() {
        waitIfSignalled()
        tidy()
        release()
    }

    /// On SIGINT or SIGTERM (a thread of its own): takes no more files, lets the temporary files
    /// being written and the renames of `finish` end (a few milliseconds), then removes what is
    /// not in place. The site is the previous one, or the new one, whole.
    func interrupt() {
        state.withLock {
            $0.stopping = true
            $0.signalled = true
        }
        while state.withLock({ $0.writing > 0 || $0.phase == .committing }) { usleep(1_000) }
        if state.withLock({ $0.phase }) != .done { tidy() }
        lock.release()
    }

    /// After a signal the process ends with it (128 + its number) once its thread has tidied
    /// up, so the build's own thread must not end the process first with another code.
    private func waitIfSignalled() {
        guard state.withLock({ $0.signalled }) else { return }
        while true { sleep(1) }
    }

    private func release() {
        if let id = signal.withLock({ id -> UInt64? in defer { id = nil }; return id }) { writer.signalCleanup?.unregister(id) }
        lock.release()
    }
}
