#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SiteWriteSession {
    /// Puts every written file in place: the temporaries made durable, then renamed in tiers (new
    /// files first, changed ones next, pages last within each, the home page at the very end;
    /// the files of one tier side by side on `parallelism`'s cores), then Waymark's files
    /// that this build no longer makes removed, and the folders it made that are left empty.
    /// `.waymark` lists the previous files and the new ones throughout, so a build killed at any
    /// moment leaves nothing the next one does not recognise as its own.
    func commit(parallelism: Parallelism) throws(SiteWriteError) -> SiteWriter.Report {
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
            // Each file's tier worked out once, not at each of the sort's comparisons; by path within.
            let order = s.pending.map { (SiteWriteSession.tier($0), $0) }.sorted { a, b in a.0 != b.0 ? a.0 < b.0 : a.1.path < b.1.path }.map(\.1)
            var appeared: [String] = []
            for tier in SiteWriteSession.tiers(order.filter { !$0.replacesFolder }) {
                let placed = try place(tier, parallelism: parallelism)
                renamed += placed.renamed
                appeared += placed.appeared
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

    /// The files of one tier of the order put in place, the tier split into contiguous parts
    /// (files of the same folders together) on `parallelism`'s cores: the order only matters
    /// between tiers. With how many were renamed and the new files' places someone else took
    /// meanwhile; the first failure (by place in the tier) is thrown once every part has ended.
    private func place(_ tier: ArraySlice<Pending>, parallelism: Parallelism) throws(FileSystemError) -> (renamed: Int, appeared: [String]) {
        let parts = min(parallelism.cores, max(1, tier.count / SiteWriteSession.renamesPerPart))
        let bounds = (0..<parts).map { k in (tier.startIndex + tier.count * k / parts)..<(tier.startIndex + tier.count * (k + 1) / parts) }
        let results = try parallelism.map(bounds) { (range) throws(FileSystemError) -> (Int, [String]) in
            var renamed = 0, appeared: [String] = []
            for pending in tier[range] {
                if try moveIntoPlace(pending) { renamed += 1 } else { appeared.append(pending.path) }
            }
            return (renamed, appeared)
        }
        return (results.reduce(0) { $0 + $1.0 }, results.flatMap(\.1))
    }

    /// Enough renames to outweigh handing them to another thread.
    static let renamesPerPart = 64

    /// `order` (sorted by tier, then path) cut where the tier changes: new files, then changed
    /// ones; within each, other files before pages, the home page last.
    static func tiers(_ order: [Pending]) -> [ArraySlice<Pending>] {
        var tiers: [ArraySlice<Pending>] = []
        var start = 0
        for i in order.indices where i + 1 == order.count || tier(order[i]) != tier(order[i + 1]) {
            tiers.append(order[start...i])
            start = i + 1
        }
        return tiers
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
    private static func tier(_ pending: Pending) -> (Int, Int, Int) {
        (pending.isNew ? 0 : 1, pending.path.hasSuffix(".html") ? 1 : 0, pending.path == "index.html" ? 1 : 0)
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
