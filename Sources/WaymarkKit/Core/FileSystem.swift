import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file-system access Waymark makes, as a small struct of closures so tests can fake
/// failures (an unreadable file, a full disk) that a root test run cannot produce for real.
public struct FileSystem: Sendable {
    public enum Kind: Sendable, Equatable {
        case file, directory, symbolicLink, other
    }

    /// What is at a path without following a final symbolic link; nil when nothing is there.
    public var kind: @Sendable (String) -> Kind?
    /// The canonical absolute path with every symbolic link resolved; nil when it does not exist.
    public var canonicalPath: @Sendable (String) -> String?
    /// The bytes of a file. The local file system refuses files larger than `maxReadSize`
    /// (`FileSystemError.Reason.tooLarge`), before reading when the system reports the size.
    /// Setting it makes `readFileInParts` read through it too, so a file system made from another
    /// by replacing its `readFile` (a test's unreadable file) reads every file its way.
    public var readFile: @Sendable (String) throws(FileSystemError) -> [UInt8] {
        didSet { readFileInParts = FileSystem.wholeFileInOnePart(readFile) }
    }
    /// `readFile`, a large file read in as many parts side by side as the second value says
    /// (the local file system: the kernel clears each new page of the buffer as it is filled,
    /// which on some machines costs more than the copy). Elsewhere it is `readFile`.
    public var readFileInParts: @Sendable (String, Int) throws(FileSystemError) -> [UInt8]
    /// The size in bytes of the regular file at a path, following symbolic links; nil when there
    /// is none or the size is unknown. Lets a reader refuse a huge file before reading any of it.
    public var fileSize: @Sendable (String) -> Int?
    /// Names inside a directory, unsorted, without `.` and `..`.
    public var listDirectory: @Sendable (String) throws(FileSystemError) -> [String]
    public var createDirectory: @Sendable (String) throws(FileSystemError) -> Void
    /// Writes a new file (fails if it exists).
    public var writeFile: @Sendable (String, [UInt8]) throws(FileSystemError) -> Void
    /// Atomically renames; replaces an existing file but never a non-empty directory.
    public var rename: @Sendable (String, String) throws(FileSystemError) -> Void
    /// Atomically renames only when nothing is at the destination (`.exists` otherwise), so a
    /// file that appears there meanwhile is never replaced.
    public var renameNoReplace: @Sendable (String, String) throws(FileSystemError) -> Void
    public var removeFile: @Sendable (String) throws(FileSystemError) -> Void
    public var removeEmptyDirectory: @Sendable (String) throws(FileSystemError) -> Void
    /// Target of a symbolic link.
    public var readLink: @Sendable (String) throws(FileSystemError) -> String
    /// What `lstat` says of a path (device, inode, mode, links); nil when nothing is there.
    public var info: @Sendable (String) -> FileInfo?
    /// Sets the permission bits (including setgid and sticky) and, when given, the group.
    public var setMode: @Sendable (_ path: String, _ mode: UInt32, _ group: UInt32?) throws(FileSystemError) -> Void
    /// Makes a written file or folder durable (fsync).
    public var sync: @Sendable (String) throws(FileSystemError) -> Void
    /// Makes everything written below a folder durable at once where the system can (syncfs);
    /// elsewhere `sync` for each of the paths given.
    public var syncTree: @Sendable (_ root: String, _ paths: [String]) throws(FileSystemError) -> Void
    /// Takes an exclusive lock named by a file at `path` (created when missing) without waiting;
    /// nil when another process holds it.
    public var lock: @Sendable (String) throws(FileSystemError) -> FileLock?
    /// Takes an exclusive lock on the folder itself without waiting, so that nothing is created
    /// for it; where the file system cannot lock a folder (NFS), on the file `fallback` as `lock`
    /// does. Nil when another process holds it. The kernel drops the lock when the process dies.
    public var lockFolder: @Sendable (_ folder: String, _ fallback: String) throws(FileSystemError) -> FileLock?
    /// Opens a file to be read as a stream, a chunk at a time (inputs of gigabytes). The default
    /// reads it whole through `readFile`.
    public var openRead: @Sendable (String) throws(FileSystemError) -> ByteStream
    /// The identity of the regular file at a path (not following a symbolic link), so a reader
    /// asked again can tell an unchanged file without reading it; nil for anything else, and
    /// always nil where the file system cannot tell (the default: nothing is ever reused).
    public var identity: @Sendable (String) -> FileIdentity?

    public init(kind: @escaping @Sendable (String) -> Kind?,
                canonicalPath: @escaping @Sendable (String) -> String?,
                readFile: @escaping @Sendable (String) throws(FileSystemError) -> [UInt8],
                listDirectory: @escaping @Sendable (String) throws(FileSystemError) -> [String],
                createDirectory: @escaping @Sendable (String) throws(FileSystemError) -> Void,
                writeFile: @escaping @Sendable (String, [UInt8]) throws(FileSystemError) -> Void,
                rename: @escaping @Sendable (String, String) throws(FileSystemError) -> Void,
                removeFile: @escaping @Sendable (String) throws(FileSystemError) -> Void,
                removeEmptyDirectory: @escaping @Sendable (String) throws(FileSystemError) -> Void,
                readLink: @escaping @Sendable (String) throws(FileSystemError) -> String,
                renameNoReplace: (@Sendable (String, String) throws(FileSystemError) -> Void)? = nil,
                info: (@Sendable (String) -> FileInfo?)? = nil,
                setMode: @escaping @Sendable (String, UInt32, UInt32?) throws(FileSystemError) -> Void = { _, _, _ in },
                sync: @escaping @Sendable (String) throws(FileSystemError) -> Void = { _ in },
                syncTree: @escaping @Sendable (String, [String]) throws(FileSystemError) -> Void = { _, _ in },
                lock: @escaping @Sendable (String) throws(FileSystemError) -> FileLock? = { _ in FileLock {} },
                lockFolder: @escaping @Sendable (String, String) throws(FileSystemError) -> FileLock? = { _, _ in FileLock {} },
                fileSize: @escaping @Sendable (String) -> Int? = { _ in nil },
                openRead: (@Sendable (String) throws(FileSystemError) -> ByteStream)? = nil,
                identity: @escaping @Sendable (String) -> FileIdentity? = { _ in nil },
                readFileInParts: (@Sendable (String, Int) throws(FileSystemError) -> [UInt8])? = nil) {
        self.kind = kind
        self.canonicalPath = canonicalPath
        self.readFile = readFile
        self.readFileInParts = readFileInParts ?? FileSystem.wholeFileInOnePart(readFile)
        self.openRead = openRead ?? FileSystem.streamOfWholeFile(readFile)
        self.listDirectory = listDirectory
        self.createDirectory = createDirectory
        self.writeFile = writeFile
        self.rename = rename
        self.renameNoReplace = renameNoReplace ?? FileSystem.checkThenRename(kind, rename)
        self.removeFile = removeFile
        self.removeEmptyDirectory = removeEmptyDirectory
        self.readLink = readLink
        // A file system without device numbers (in memory) is one device with mode 0o755 folders.
        self.info = info ?? { path in kind(path).map { FileInfo(kind: $0, device: 0, inode: 0, mode: $0 == .directory ? 0o755 : 0o644, group: 0, links: 1) } }
        self.setMode = setMode
        self.sync = sync
        self.syncTree = syncTree
        self.lock = lock
        self.lockFolder = lockFolder
        self.fileSize = fileSize
        self.identity = identity
    }

    /// `openRead` through `readFile`. (A closure written inline in `init` crashes Swift 6.3's SILGen.)
    static func streamOfWholeFile(_ readFile: @escaping @Sendable (String) throws(FileSystemError) -> [UInt8])
        -> @Sendable (String) throws(FileSystemError) -> ByteStream {
        return { (path: String) throws(FileSystemError) -> ByteStream in
            let bytes = try readFile(path)
            return ByteStream(bytes: bytes)
        }
    }

    /// `readFileInParts` through `readFile`. (Inline in `init`, as `streamOfWholeFile`, it crashes Swift 6.3's SILGen.)
    static func wholeFileInOnePart(_ readFile: @escaping @Sendable (String) throws(FileSystemError) -> [UInt8])
        -> @Sendable (String, Int) throws(FileSystemError) -> [UInt8] {
        return { (path: String, _: Int) throws(FileSystemError) -> [UInt8] in try readFile(path) }
    }

    /// `renameNoReplace` without an atomic call: the check and the rename are two steps (tests,
    /// memory). (Inline in `init`, as `streamOfWholeFile`, it crashes Swift 6.3's SILGen.)
    static func checkThenRename(_ kind: @escaping @Sendable (String) -> Kind?,
                                _ rename: @escaping @Sendable (String, String) throws(FileSystemError) -> Void)
        -> @Sendable (String, String) throws(FileSystemError) -> Void {
        return { (from: String, to: String) throws(FileSystemError) -> Void in
            if kind(to) != nil { throw FileSystemError(path: from, operation: "rename it to \(to)", reason: .exists, detail: "File exists") }
            try rename(from, to)
        }
    }

    /// The largest file `readFile` of the local file system reads (1 GiB): an export's files are
    /// a few megabytes, and a larger one would only fill the memory.
    public static let maxReadSize = 1 << 30
}

/// What `lstat` reports about one path.
public struct FileInfo: Sendable, Equatable {
    public var kind: FileSystem.Kind
    /// The device: a different one below a folder means another file system is mounted there.
    public var device: UInt64
    public var inode: UInt64
    /// Permission bits with setuid, setgid and sticky (`st_mode & 0o7777`).
    public var mode: UInt32
    public var group: UInt32
    /// Hard links to the file.
    public var links: UInt64

    public init(kind: FileSystem.Kind, device: UInt64, inode: UInt64, mode: UInt32, group: UInt32, links: UInt64) {
        self.kind = kind
        self.device = device
        self.inode = inode
        self.mode = mode
        self.group = group
        self.links = links
    }
}

/// A failed file-system call: what was attempted, on which path, and the system's reason.
public struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case notFound, permissionDenied, exists, notEmpty, noSpace, other
        /// A rename across file systems, or of a mount point (EXDEV, EBUSY).
        case crossDevice
        /// The file is larger than `FileSystem.maxReadSize`.
        case tooLarge
    }

    public var path: String
    public var operation: String
    public var reason: Reason
    public var detail: String

    public init(path: String, operation: String, reason: Reason, detail: String) {
        self.path = path
        self.operation = operation
        self.reason = reason
        self.detail = detail
    }

    /// From the current `errno`.
    static func posix(_ path: String, _ operation: String) -> FileSystemError {
        let code = errno
        let reason: Reason
        switch code {
        case ENOENT, ENOTDIR: reason = .notFound
        case EACCES, EPERM: reason = .permissionDenied
        case EEXIST: reason = .exists
        case ENOTEMPTY: reason = .notEmpty
        case ENOSPC, EDQUOT: reason = .noSpace
        case EXDEV, EBUSY: reason = .crossDevice
        default: reason = .other
        }
        return FileSystemError(path: path, operation: operation, reason: reason, detail: String(cString: strerror(code)))
    }

    /// A file larger than `FileSystem.maxReadSize`.
    static func tooLarge(_ path: String) -> FileSystemError {
        FileSystemError(path: path, operation: "read", reason: .tooLarge, detail: "larger than 1 GiB")
    }

    public var description: String { "cannot \(operation) \(Diagnostic.path(path)): \(detail)" }

    /// The kind of a failed write: out of space or another I/O failure is `.io`; anything else
    /// (permissions, a file in the way) means the output cannot be created.
    var writeKind: ErrorKind { reason == .noSpace || reason == .other ? .io : .cannotCreate }
}

extension FileSystem {
    /// Writes a file, replacing one of the same name in a single rename (so a reader never sees
    /// half of it). Callers decide beforehand whether replacing is allowed.
    public func writeReplacing(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        guard kind(path) != nil else { return try writeFile(path, bytes) }
        let temporary = path + ".waymark-tmp"
        try writeFile(temporary, bytes)
        try rename(temporary, path)
    }

    /// Creates `path` and any missing parent folders, like `mkdir -p`.
    public func createDirectories(_ path: String) throws(FileSystemError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") where component != "." {
            current += "/" + component
            if kind(current) == nil { try createDirectory(current) }
        }
    }
}
