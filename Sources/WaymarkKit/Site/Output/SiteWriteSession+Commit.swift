#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SiteWriteSession {
    /// Puts every written file in place: the temporaries made durable, then renamed (new files
    /// first, changed ones next, pages last, the home page at the very end), then Waymark's files
    /// that this build no longer makes removed, and the folders it made that are left empty.
    /// `.waymark` lists the previous files and the new ones throughout, so a build killed at any
    /// moment leaves nothing the next one does not recognise as its own.
    func commit() throws(SiteWriteError) -> SiteWriter.Report {
        let s = state.withLock { $0 }
        let newPaths = s.paths
        // (An old file where this build made a folder is gone already.)
        let stale = oldFiles.subtracting(newPaths).subtracting(s.made).filter { path in
            let kind = inventory.entries[path]?.kind
            return kind == .file || kind == .symbolicLink
        }
        let kept = inventory.entries.filter { path, entry in
            [.file, .symbolicLink, .other].contains(entry.kind) && !oldFiles.contains(path) && !(force && newPaths.contains(path))
        }.keys.sorted()
        var report = SiteWriter.Report(written: 0, unchanged: s.unchanged, kept: kept, upToDate: false, leftovers: leftovers)
        if let old, old.temporaries == nil, s.pending.isEmpty, stale.isEmpty, !s.journal {
            report.upToDate = true
            return report
        }
        let fs = fileSystem
        let oldFolders = old?.folders ?? []
        var renamed = 0
        do throws(FileSystemError) {
            if !s.pending.isEmpty { try fs.syncTree(target, s.pending.map { temporary($0.path) }) }
            try writeManifest(SiteManifest(files: Array(oldFiles.union(newPaths)), folders: oldFolders.union(s.made), temporaries: suffix), sync: true)
            try fs.sync(target)
            // Each file's place in the order worked out once, not at each of the sort's comparisons.
            let order = s.pending.map { (SiteWriteSession.order($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
            var appeared: [String] = []
            for pending in order where !pending.replacesFolder {
                if try moveIntoPlace(pending) { renamed += 1 } else { appeared.append(pending.path) }
            }
            for path in stale.sorted() {
                do throws(FileSystemError) { try fs.removeFile(target + "/" + path) } catch where error.reason == .notFound {}
            }
            // rmdir removes a folder only when it is empty: whatever else is inside keeps it.
            let needed = SiteManifest.folders(of: Array(newPaths))
            for folder in oldFolders.union(s.made).subtracting(needed).sorted(by: SiteWriteSession.deepestFirst) {
                try? fs.removeEmptyDirectory(target + "/" + folder)
            }
            // A folder that still holds something (it was not empty) keeps its place.
            for pending in order where pending.replacesFolder {
                let placed = fs.kind(target + "/" + pending.path) == .directory ? false : try moveIntoPlace(pending)
                if placed {
                    renamed += 1
                } else {
                    try? fs.removeFile(temporary(pending.path))
                    appeared.append(pending.path)
                }
            }
            let folders = oldFolders.union(s.made).filter { fs.kind(target + "/" + $0) == .directory }
            try writeManifest(SiteManifest(files: Array(newPaths.subtracting(appeared)), folders: folders), sync: true)
            // The renames and removals made durable: their folders synced, one by one (a second
            // syncfs would wait for everything else being written to the disk as well).
            let touched = SiteManifest.folders(of: s.pending.map(\.path) + stale).map { target + "/" + $0 }
            for folder in [target] + touched.sorted() where fs.kind(folder) == .directory { try fs.sync(folder) }
            report.appeared = appeared.sorted()
            report.replaced = s.pending.filter { !$0.isNew && !$0.replacesFolder && !oldFiles.contains($0.path) }.map(\.path).sorted()
        } catch {
            for pending in s.pending { try? fs.removeFile(temporary(pending.path)) }
            throw SiteWriteError(kind: error.writeKind, message: "\(error.description); every page in place is whole, and the next build finishes the rest")
        }
        report.written = renamed
        return report
    }

    /// Renames one file into place; false when a file appeared at a new file's place meanwhile
    /// (it is someone else's and stays; the temporary goes).
    private func moveIntoPlace(_ pending: Pending) throws(FileSystemError) -> Bool {
        let from = temporary(pending.path), to = target + "/" + pending.path
        guard pending.isNew || pending.replacesFolder else {
            try fileSystem.rename(from, to)
            return true
        }
        do throws(FileSystemError) { try fileSystem.renameNoReplace(from, to) } catch where error.reason == .exists {
            try? fileSystem.removeFile(from)
            return false
        }
        return true
    }

    func temporary(_ path: String) -> String {
        target + "/" + SiteTemporaries.path(of: path, suffix: suffix)
    }

    /// New files before changed ones (nothing links to them yet), other files before pages
    /// (pages link to them), the home page last.
    private static func order(_ pending: Pending) -> (Int, Int, Int, String) {
        (pending.isNew ? 0 : 1, pending.path.hasSuffix(".html") ? 1 : 0, pending.path == "index.html" ? 1 : 0, pending.path)
    }

    private static func deepestFirst(_ a: String, _ b: String) -> Bool {
        let depth = { (path: String) in path.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) } }
        return depth(a) != depth(b) ? depth(a) > depth(b) : a < b
    }

    /// Removes what this build wrote that is not in place, once, after the temporaries being
    /// written are done: its temporaries, the folders it made (when empty), `.waymark` as it
    /// was, and the output folder itself when this build made it and it is empty.
    func tidy() {
        tidying.withLock { done in
            guard !done else { return }
            done = true
            state.withLock { $0.stopping = true }
            while state.withLock({ $0.writing > 0 }) { usleep(1_000) }
            let s = state.withLock { $0 }
            let fs = fileSystem
            for pending in s.pending { try? fs.removeFile(temporary(pending.path)) }
            for folder in s.made.sorted(by: SiteWriteSession.deepestFirst) { try? fs.removeEmptyDirectory(target + "/" + folder) }
            if s.journal {
                if let old { try? writeManifest(old) } else { try? fs.removeFile(target + "/" + SiteManifest.fileName) }
            }
            if madeRoot { try? fs.removeEmptyDirectory(target) }
        }
    }
}
