#if canImport(Glibc)
import Glibc

/// Notices changes with Linux's inotify: every folder below a watched folder is watched (new
/// ones as they appear), and a watched file is watched through its folder, by name, so an
/// editor that saves by writing a temporary file and renaming it over the original is seen.
/// A target's parent is watched too, so a target folder that appears later, or is deleted and
/// made again (a new export unpacked in its place), is watched from then on.
final class InotifyChanges: ChangeSource {
    private let descriptor: Int32
    private let stop: Int32
    /// Watch descriptor → the folder and what in it counts.
    private var watches: [Int32: Watch] = [:]
    /// Every target path, folder or file, existing or not: a folder that appears at one of them
    /// is watched with its tree.
    private let targets: Set<String>
    let quietPeriod: Double

    struct Watch {
        var path: String
        /// Every name in the folder counts (a folder below a target folder, or the target).
        var everything: Bool
        /// Otherwise only these names (targets inside the folder).
        var names: Set<String>
    }

    static let changeMask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                                   | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Nil when inotify is unavailable (then polling takes over).
    init?(targets: [String], quietPeriod: Double, stop: Int32) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        descriptor = fd
        self.stop = stop
        self.quietPeriod = quietPeriod
        self.targets = Set(targets)
        var parents: [String: Set<String>] = [:]
        for target in targets {
            let (parent, name) = InotifyChanges.split(target)
            parents[parent, default: []].insert(name)
        }
        for (parent, names) in parents { add(parent, everything: false, names: names) }
        for target in targets where PollingChanges.stamp(target, follow: true)?.isDirectory == true { addTree(target, follow: true) }
    }

    func close() { Glibc.close(descriptor) }

    func waitForChange(timeout: Double?) -> ChangeWait {
        let deadline = timeout.map { ContinuousClock.now + .nanoseconds(Int64(max(0, min($0, 3_600)) * 1e9)) }
        while true {
            let left = deadline.map { deadline -> Double in
                let (seconds, attoseconds) = (deadline - ContinuousClock.now).components
                return max(0, Double(seconds) + Double(attoseconds) / 1e18)
            }
            let ready = waitReadable([descriptor, stop], timeout: left)
            if ready.contains(stop) { return .stopped }
            guard ready.contains(descriptor) else { return .timedOut }
            if drain() { return .changed }
            // Only events about what is not watched (an editor's scratch file, the hidden file
            // an atomic save writes first): the wait goes on to its end. Reporting it as time
            // run out ended a burst's quiet period early, and the rest of the save (its rename)
            // then made a second rebuild.
            if let deadline, ContinuousClock.now >= deadline { return .timedOut }
        }
    }

    /// Reads every queued event; true when one concerns a watched file.
    private func drain() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return changed }
            var offset = 0
            // struct inotify_event: wd, mask, cookie, len (4 bytes each), then `len` bytes of name.
            while offset + 16 <= count {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self), raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                offset += 16 + length
                if handle(wd: wd, mask: mask, name: String(decoding: nameBytes, as: UTF8.self)) { changed = true }
            }
        }
    }

    private func handle(wd: Int32, mask: UInt32, name: String) -> Bool {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }  // events were lost: rebuild to be sure
        if mask & UInt32(IN_IGNORED) != 0 {
            watches[wd] = nil
            return false
        }
        guard let watch = watches[wd] else { return false }
        if name.isEmpty {
            // The folder itself went away. Moved: its path is no longer true, so its tree is
            // dropped (a move inside the tree watches it again under the new name, from the
            // parent's IN_MOVED_TO). Deleted: the kernel drops the watch (IN_IGNORED).
            if mask & UInt32(IN_MOVE_SELF) != 0 { remove(below: watch.path) }
            return watch.everything
        }
        let path = watch.path + "/" + name
        let isTarget = watch.names.contains(name)
        guard isTarget || (watch.everything && !isEditorScratch(name)) else { return false }
        // Moved away: whatever was watched there no longer belongs to the tree.
        if mask & UInt32(IN_MOVED_FROM) != 0 { remove(below: path) }
        if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            if isTarget {
                // A target named by the user may be a link to a folder.
                if PollingChanges.stamp(path, follow: true)?.isDirectory == true { addTree(path, follow: true) }
            } else if mask & UInt32(IN_ISDIR) != 0 {
                addTree(path, follow: false)
            }
        }
        return true
    }

    /// Watches `folder` and every folder below it. Links below are never followed, so nothing
    /// out of the tree is watched; `follow` lets the folder itself be one (a target the user named).
    private func addTree(_ folder: String, follow: Bool, depth: Int = 0) {
        guard depth < 16 else { return }
        let flags = follow ? UInt32(IN_ONLYDIR) : UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW)
        guard add(folder, everything: true, names: [], flags: flags), let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = DirectoryEntryName.text(entry)
            guard name != ".", name != "..", !isEditorScratch(name) else { continue }
            let path = folder + "/" + name
            switch entry.pointee.d_type {
            case UInt8(DT_DIR): break
            // Some file systems do not say what an entry is.
            case UInt8(DT_UNKNOWN): guard PollingChanges.stamp(path, follow: false)?.isDirectory == true else { continue }
            default: continue
            }
            addTree(path, follow: false, depth: depth + 1)
        }
    }

    @discardableResult
    private func add(_ folder: String, everything: Bool, names: Set<String>, flags: UInt32 = UInt32(IN_ONLYDIR)) -> Bool {
        let wd = inotify_add_watch(descriptor, folder, InotifyChanges.changeMask | flags)
        guard wd >= 0 else { return false }
        // The same folder gives the same descriptor: merge its roles. It may have been renamed
        // since, so it is known by the path it was added under now.
        var watch = watches[wd] ?? Watch(path: folder, everything: false, names: [])
        watch.path = folder
        watch.everything = watch.everything || everything
        watch.names.formUnion(names)
        watches[wd] = watch
        return true
    }

    /// Stops watching the folder at `path` and every folder below it, except as the parent of a
    /// target (the target's name still counts there).
    private func remove(below path: String) {
        let prefix = path + "/"
        for (wd, watch) in watches where watch.everything && (watch.path == path || watch.path.hasPrefix(prefix)) {
            if watch.names.isEmpty {
                inotify_rm_watch(descriptor, wd)
                watches[wd] = nil
            } else {
                watches[wd]?.everything = false
            }
        }
    }

    /// A path's folder and last name (`/a/b` → `/a`, `b`).
    static func split(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let parent = String(path[..<slash])
        return (parent.isEmpty ? "/" : parent, String(path[path.index(after: slash)...]))
    }
}
#endif
