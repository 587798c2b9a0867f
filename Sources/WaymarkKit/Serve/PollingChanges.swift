#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices changes by scanning the watched files every `interval` seconds and comparing each
/// file's modification time, size and inode with the last scan. Works on any system and file
/// system (network mounts too); the interval is its debounce.
final class PollingChanges: ChangeSource {
    private let targets: [String]
    private let interval: Double
    private let stop: Int32
    private var last: [String: Stamp]
    let quietPeriod: Double = 0

    struct Stamp: Equatable {
        var seconds: Int, nanoseconds: Int, size: Int64, inode: UInt64, isDirectory: Bool
    }

    init(targets: [String], interval: Double, stop: Int32) {
        self.targets = targets
        self.interval = interval
        self.stop = stop
        last = [:]
        last = scan()
    }

    func waitForChange(timeout: Double?) -> ChangeWait {
        var left = timeout ?? .infinity
        while left > 0 {
            let step = min(interval, left)
            if !waitReadable([stop], timeout: step).isEmpty { return .stopped }
            left -= step
            let now = scan()
            if now != last {
                last = now
                return .changed
            }
        }
        return .timedOut
    }

    func close() {}

    /// Every watched path's stamp: each target, and everything below a target folder.
    func scan() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for target in targets {
            // The target itself is followed (the user named it); nothing below it is.
            guard let stamp = PollingChanges.stamp(target, follow: true) else { continue }
            stamps[target] = stamp
            if stamp.isDirectory { walk(target, depth: 0, into: &stamps) }
        }
        return stamps
    }

    private func walk(_ folder: String, depth: Int, into stamps: inout [String: Stamp]) {
        guard depth < 16, let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = DirectoryEntryName.text(entry)
            guard name != ".", name != "..", !isEditorScratch(name) else { continue }
            let path = folder + "/" + name
            guard let stamp = PollingChanges.stamp(path, follow: false) else { continue }
            stamps[path] = stamp
            if stamp.isDirectory { walk(path, depth: depth + 1, into: &stamps) }
        }
    }

    static func stamp(_ path: String, follow: Bool) -> Stamp? {
        var info = stat()
        guard (follow ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        #if canImport(Glibc)
        let (seconds, nanoseconds) = (info.st_mtim.tv_sec, info.st_mtim.tv_nsec)
        #else
        let (seconds, nanoseconds) = (info.st_mtimespec.tv_sec, info.st_mtimespec.tv_nsec)
        #endif
        return Stamp(seconds: Int(seconds), nanoseconds: Int(nanoseconds), size: Int64(info.st_size), inode: UInt64(info.st_ino),
                     isDirectory: (info.st_mode & S_IFMT) == S_IFDIR)
    }
}
