#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One version of a regular file, told without reading it: the device and inode, the size, and
/// the times of the last change to its bytes and to its status, to the nanosecond. Any write to
/// the file moves its status-change time (which no program can set back), so a file whose
/// identity is unchanged, and whose times were already in the past when it was taken
/// (`isSettled`), still has the bytes it had then.
public struct FileIdentity: Hashable, Sendable {
    /// `st_dev`: the file system the file is on.
    public var device: UInt64
    /// `st_ino`: the file on it (a save by rename makes a new one).
    public var inode: UInt64
    /// `st_size`, in bytes.
    public var size: Int64
    /// `st_mtim`, in nanoseconds since 1970.
    public var modified: Int64
    /// `st_ctim`, in nanoseconds since 1970.
    public var changed: Int64

    /// An identity as `stat` reports it; times in nanoseconds since 1970.
    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// Whether both times are at least `seconds` before `now` (nanoseconds since 1970). A file
    /// system keeps times to a tick (a few milliseconds on Linux, 2 s on FAT), so two writes in
    /// one tick can leave the same times and size: only a file quiet for longer than a tick can
    /// be trusted to be the same when its identity is.
    public func isSettled(now: Int64, seconds: Double) -> Bool {
        let margin = Int64(seconds * 1e9)
        return max(modified, changed) <= now &- margin
    }

    /// The wall clock in nanoseconds since 1970, the clock file times are kept in.
    public static func wallClock() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) &* 1_000_000_000 &+ Int64(ts.tv_nsec)
    }

    /// The identity of the regular file at `path` (not following a symbolic link); nil for
    /// anything else or nothing.
    static func local(_ path: String) -> FileIdentity? {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let m = st.st_mtimespec, c = st.st_ctimespec
        #else
        let m = st.st_mtim, c = st.st_ctim
        #endif
        return FileIdentity(device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(truncatingIfNeeded: st.st_ino),
                            size: Int64(st.st_size),
                            modified: Int64(m.tv_sec) &* 1_000_000_000 &+ Int64(m.tv_nsec),
                            changed: Int64(c.tv_sec) &* 1_000_000_000 &+ Int64(c.tv_nsec))
    }
}
