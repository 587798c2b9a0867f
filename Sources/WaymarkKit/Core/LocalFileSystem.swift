import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// The real file system, through POSIX calls.
    public static let local = FileSystem(
        kind: { path in
            var st = stat()
            guard lstat(path, &st) == 0 else { return nil }
            switch st.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .directory
            case S_IFLNK: return .symbolicLink
            default: return .other
            }
        },
        canonicalPath: { path in
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        },
        readFile: { (path) throws(FileSystemError) -> [UInt8] in try readLocalFile(path, limit: FileSystem.maxReadSize) },
        listDirectory: { (path) throws(FileSystemError) -> [String] in
            guard let dir = opendir(path) else { throw .posix(path, "list") }
            defer { closedir(dir) }
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = DirectoryEntryName.text(entry)
                if name != "." && name != ".." { names.append(name) }
            }
            return names
        },
        createDirectory: { (path) throws(FileSystemError) in
            guard mkdir(path, 0o755) == 0 else { throw .posix(path, "create directory") }
        },
        writeFile: { (path, bytes) throws(FileSystemError) in
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw .posix(path, "write") }
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { raw in raw.baseAddress.map { write(fd, $0 + offset, raw.count - offset) } ?? 0 }
                if n < 0 {
                    if errno == EINTR { continue }
                    let error = FileSystemError.posix(path, "write")
                    close(fd)
                    throw error
                }
                offset += n
            }
            guard close(fd) == 0 else { throw .posix(path, "write") }
        },
        rename: { (from, to) throws(FileSystemError) in
            guard posixRename(from, to) == 0 else { throw .posix(from, "rename it to \(to)") }
        },
        removeFile: { (path) throws(FileSystemError) in
            guard unlink(path) == 0 else { throw .posix(path, "remove") }
        },
        removeEmptyDirectory: { (path) throws(FileSystemError) in
            guard rmdir(path) == 0 else { throw .posix(path, "remove directory") }
        },
        readLink: { (path) throws(FileSystemError) -> String in
            var buffer = [CChar](repeating: 0, count: 4097)
            let n = readlink(path, &buffer, 4096)
            guard n >= 0 else { throw .posix(path, "read link") }
            return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        },
        renameNoReplace: { (from, to) throws(FileSystemError) in try renameExclusive(from, to) },
        info: { path in
            var st = stat()
            guard lstat(path, &st) == 0 else { return nil }
            let kind: FileSystem.Kind
            switch st.st_mode & S_IFMT {
            case S_IFREG: kind = .file
            case S_IFDIR: kind = .directory
            case S_IFLNK: kind = .symbolicLink
            default: kind = .other
            }
            return FileInfo(kind: kind, device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(truncatingIfNeeded: st.st_ino), mode: UInt32(st.st_mode) & 0o7777,
                            group: UInt32(truncatingIfNeeded: st.st_gid), links: UInt64(truncatingIfNeeded: st.st_nlink))
        },
        setMode: { (path, mode, group) throws(FileSystemError) in
            // The group first: changing it may clear setgid, which the mode then sets again.
            if let group, lchown(path, uid_t.max, gid_t(group)) != 0 { throw .posix(path, "set the group of") }
            guard chmod(path, mode_t(mode)) == 0 else { throw .posix(path, "set the permissions of") }
        },
        sync: { (path) throws(FileSystemError) in
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .posix(path, "open for syncing") }
            defer { close(fd) }
            guard fsync(fd) == 0 else { throw .posix(path, "sync") }
        },
        syncTree: { (root, paths) throws(FileSystemError) in
            if let syncfs = syncFileSystem {
                // One syncfs for the whole file system instead of an fsync per page.
                let fd = open(root, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { throw .posix(root, "open for syncing") }
                defer { close(fd) }
                guard syncfs(fd) == 0 else { throw .posix(root, "sync") }
                return
            }
            for path in paths + [root] {
                let fd = open(path, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { throw .posix(path, "open for syncing") }
                defer { close(fd) }
                guard fsync(fd) == 0 else { throw .posix(path, "sync") }
            }
        },
        lock: { (path) throws(FileSystemError) -> FileLock? in try lockFile(path) },
        lockFolder: { (folder, fallback) throws(FileSystemError) -> FileLock? in
            let fd = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { throw .posix(folder, "open for locking") }
            // Unlocked before closing: a child forked by another thread holds a copy of the
            // descriptor until it execs, and the lock would last as long as that copy.
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return FileLock { flock(fd, LOCK_UN); close(fd) } }
            let busy = errno == EWOULDBLOCK
            close(fd)
            if busy { return nil }
            // NFS emulates flock with byte-range locks, which need a file open for writing.
            return try lockFile(fallback)
        },
        fileSize: { path in
            var st = stat()
            guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
            return Int(exactly: st.st_size)
        },
        openRead: { (path) throws(FileSystemError) -> ByteStream in
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .posix(path, "read") }
            return ByteStream(read: { (buffer) throws(SourceError) -> Int in
                while true {
                    let n = read(fd, buffer.baseAddress, buffer.count)
                    if n >= 0 { return n }
                    if errno == EINTR { continue }
                    throw SourceError("cannot read \(path): \(String(cString: strerror(errno)))", category: .io)
                }
            }, close: { close(fd) })
        },
        identity: { path in FileIdentity.local(path) },
        readFileInParts: { (path, parts) throws(FileSystemError) -> [UInt8] in try readLocalFile(path, limit: FileSystem.maxReadSize, parts: parts) }
    )

    /// Bytes per part below which a file is read in one.
    static let bytesPerReadPart = 16 << 20

    /// Where the parts of a file are read to: the buffer every part writes its own range of.
    private struct ReadTarget: @unchecked Sendable {
        var base: UnsafeMutablePointer<UInt8>
    }

    /// Reads `expected` bytes of `fd` from its start into `base` in `parts` ranges side by side
    /// with `pread`; true when every range was filled (false after an error or a file that got
    /// shorter, which the caller then reads again from its start).
    private static func readParts(_ fd: Int32, into base: UnsafeMutablePointer<UInt8>, expected: Int, parts: Int) -> Bool {
        let target = ReadTarget(base: base)
        let filled = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: parts) { k in
            let start = expected * k / parts, end = expected * (k + 1) / parts
            var at = start
            while at < end {
                let n = pread(fd, target.base + at, end - at, off_t(at))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                at += n
            }
            filled.withLock { $0 += at - start }
        }
        return filled.withLock { $0 } == expected
    }

    /// The bytes of the file at `path`, refusing (`FileSystemError.Reason.tooLarge`) one larger
    /// than `limit` bytes: before reading when `fstat` reports such a size, and as soon as the
    /// bytes read pass it when the file grows while it is read or reports no size.
    static func readLocalFile(_ path: String, limit: Int, parts: Int = 1, bytesPerPart: Int = bytesPerReadPart) throws(FileSystemError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .posix(path, "read") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .posix(path, "read") }
        // The size of the open file, checked again here although callers may have asked
        // `fileSize`: the file may have been replaced or grown since.
        guard st.st_size <= limit else { throw .tooLarge(path) }
        // Read straight into a buffer of the file's size: a zeroed scratch buffer per file
        // costs more than the reading itself when there are a thousand small notes.
        let expected = max(0, Int(st.st_size))
        var failure: FileSystemError?
        var grew = false
        // One byte of room more than the size: a read that stops short at exactly the size
        // is the end of the file, without another read to find out.
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            if let base = buffer.baseAddress { HugePages.advise(base, bytes: expected) }
            var filled = 0
            // In parts, then on from the end as below (which finds whether the file grew).
            let parts = min(parts, expected / max(1, bytesPerPart))
            if parts > 1, let base = buffer.baseAddress, readParts(fd, into: base, expected: expected, parts: parts),
               lseek(fd, off_t(expected), SEEK_SET) == off_t(expected) {
                filled = expected
            }
            while filled <= expected, let base = buffer.baseAddress {
                let wanted = expected + 1 - filled
                let n = read(fd, base + filled, wanted)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = .posix(path, "read")
                    break
                }
                if n == 0 { break }
                filled += n
                if filled == expected && n < wanted { break }
            }
            grew = filled > expected
            count = filled
        }
        if let failure { throw failure }
        guard bytes.count <= limit else { throw .tooLarge(path) }
        // A file that grew since fstat (or reports no size): read the rest in chunks.
        while grew {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let m = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if m < 0 {
                if errno == EINTR { continue }
                throw .posix(path, "read")
            }
            if m == 0 { break }
            // A file still growing (or endless, like /dev/zero) stops at the limit.
            guard m <= limit - bytes.count else { throw .tooLarge(path) }
            bytes.append(contentsOf: chunk[0..<m])
        }
        return bytes
    }

    /// An exclusive `flock` on the file at `path` (created when missing), or nil when another
    /// process holds it. Released by unlinking the file, then unlocking and closing it.
    static func lockFile(_ path: String) throws(FileSystemError) -> FileLock? {
        // The lock file can be replaced between opening and locking it (a finished build
        // removes its own), so the lock only counts when the path still names the locked file.
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw .posix(path, "create the lock file") }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let busy = errno == EWOULDBLOCK
                let error = FileSystemError.posix(path, "lock")
                close(fd)
                if busy { return nil }
                throw error
            }
            var held = stat(), named = stat()
            if fstat(fd, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                return FileLock {
                    unlink(path)
                    flock(fd, LOCK_UN)
                    close(fd)
                }
            }
            close(fd)
        }
    }

    /// Renames `from` to `to` unless something is at `to`, in one step: renameat2's
    /// RENAME_NOREPLACE on Linux, renamex_np's RENAME_EXCL on macOS; where the file system has
    /// neither, a hard link (which fails when the name is taken) and the old name removed; where
    /// there are no hard links either (FAT), a check and a rename.
    static func renameExclusive(_ from: String, _ to: String) throws(FileSystemError) {
        if let result = atomicNoReplace(from, to) {
            if result == 0 { return }
            // EINVAL: the file system does not know the flag.
            guard errno == EINVAL || errno == ENOSYS || errno == ENOTSUP else { throw .posix(from, "rename it to \(to)") }
        }
        if link(from, to) == 0 {
            unlink(from)
            return
        }
        guard errno == EPERM || errno == ENOTSUP || errno == EMLINK else { throw .posix(from, "rename it to \(to)") }
        var st = stat()
        guard lstat(to, &st) != 0 else {
            errno = EEXIST
            throw .posix(from, "rename it to \(to)")
        }
        guard posixRename(from, to) == 0 else { throw .posix(from, "rename it to \(to)") }
    }
}

#if canImport(Glibc)
private func posixRename(_ from: String, _ to: String) -> Int32 { Glibc.rename(from, to) }
#else
private func posixRename(_ from: String, _ to: String) -> Int32 { Darwin.rename(from, to) }
#endif

#if os(Linux)
/// renameat2(2) and syncfs(2), which the Glibc module does not declare: looked up at run time.
private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
private let renameat2: Renameat2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: Renameat2.self) }
private typealias SyncFS = @convention(c) (Int32) -> Int32
private let syncFileSystem: SyncFS? = dlsym(nil, "syncfs").map { unsafeBitCast($0, to: SyncFS.self) }

/// renameat2 with RENAME_NOREPLACE: its result, or nil where the C library lacks it.
private func atomicNoReplace(_ from: String, _ to: String) -> Int32? {
    guard let renameat2 else { return nil }
    let renameNoReplace: UInt32 = 1
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, renameNoReplace)
}
#elseif canImport(Darwin)
private let syncFileSystem: (@convention(c) (Int32) -> Int32)? = nil

private func atomicNoReplace(_ from: String, _ to: String) -> Int32? {
    renamex_np(from, to, UInt32(RENAME_EXCL))
}
#else
private let syncFileSystem: (@convention(c) (Int32) -> Int32)? = nil

private func atomicNoReplace(_ from: String, _ to: String) -> Int32? { nil }
#endif
