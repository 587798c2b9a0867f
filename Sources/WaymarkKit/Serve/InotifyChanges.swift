#if canImport(Glibc)
import Glibc

/// Notices changes with Linux's inotify: every folder below a watched folder is watched (new
/// ones as they appear), and a watched file is watched through its folder, by name, so an
/// editor that saves by writing a temporary file and renaming it over the original is seen.
/// A watched folder's parent is watched too, so a folder that is deleted and made again (a new
/// export unpacked in its place) is watched again.
final class InotifyChanges: ChangeSource {
    private let descriptor: Int32
    private let stop: Int32
    /// Watch descriptor → the folder and what in it counts.
    private var watches: [Int32: Watch] = [:]
    /// Target folders by canonical path, to watch again when they reappear.
    private let folders: Set<String>
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
        var folders: Set<String> = []
        var parents: [String: Set<String>] = [:]
        for target in targets {
            let (parent, name) = InotifyChanges.split(target)
            parents[parent, default: []].insert(name)
            if PollingChanges.stamp(target, follow: true)?.isDirectory == true { folders.insert(target) }
        }
        self.folders = folders
        for (parent, names) in parents { add(parent, everything: false, names: names) }
        for folder in folders { addTree(folder, depth: 0) }
    }

    func close() { Glibc.close(descriptor) }

    func waitForChange(timeout: Double?) -> ChangeWait {
        let ready = waitReadable([descriptor, stop], timeout: timeout)
        if ready.contains(stop) { return .stopped }
        guard ready.contains(descriptor) else { return .timedOut }
        return drain() ? .changed : .timedOut
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
        if name.isEmpty { return watch.everything }  // the folder itself went away
        let path = watch.path + "/" + name
        guard watch.names.contains(name) || (watch.everything && !isEditorScratch(name)) else { return false }
        let appeared = mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 && mask & UInt32(IN_ISDIR) != 0
        if appeared && (watch.everything || folders.contains(path)) { addTree(path, depth: 0) }
        return true
    }

    private func addTree(_ folder: String, depth: Int) {
        guard depth < 16 else { return }
        // A link inside a watched folder is not followed; the target folder itself may be one.
        let flags = depth == 0 ? UInt32(IN_ONLYDIR) : UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW)
        guard add(folder, everything: true, names: [], flags: flags), let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            guard entry.pointee.d_type == UInt8(DT_DIR) else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != "..", !isEditorScratch(name) else { continue }
            addTree(folder + "/" + name, depth: depth + 1)
        }
    }

    @discardableResult
    private func add(_ folder: String, everything: Bool, names: Set<String>, flags: UInt32 = UInt32(IN_ONLYDIR)) -> Bool {
        let wd = inotify_add_watch(descriptor, folder, InotifyChanges.changeMask | flags)
        guard wd >= 0 else { return false }
        // The same folder gives the same descriptor: merge its roles.
        var watch = watches[wd] ?? Watch(path: folder, everything: false, names: [])
        watch.everything = watch.everything || everything
        watch.names.formUnion(names)
        watches[wd] = watch
        return true
    }

    /// A path's folder and last name (`/a/b` → `/a`, `b`).
    static func split(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let parent = String(path[..<slash])
        return (parent.isEmpty ? "/" : parent, String(path[path.index(after: slash)...]))
    }
}
#endif
