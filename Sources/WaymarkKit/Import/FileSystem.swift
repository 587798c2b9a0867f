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
    public var readFile: @Sendable (String) throws(FileSystemError) -> [UInt8]
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
    /// Atomically exchanges two directories where the system can; nil where it cannot.
    public var exchange: (@Sendable (String, String) throws(FileSystemError) -> Void)?
    /// Makes a hard link `to` for the existing file `from`.
    public var hardLink: @Sendable (_ from: String, _ to: String) throws(FileSystemError) -> Void
    public var removeFile: @Sendable (String) throws(FileSystemError) -> Void
    public var removeEmptyDirectory: @Sendable (String) throws(FileSystemError) -> Void
    /// Target of a symbolic link.
    public var readLink: @Sendable (String) throws(FileSystemError) -> String
    public var makeSymbolicLink: @Sendable (_ target: String, _ at: String) throws(FileSystemError) -> Void

    public init(kind: @escaping @Sendable (String) -> Kind?,
                canonicalPath: @escaping @Sendable (String) -> String?,
                readFile: @escaping @Sendable (String) throws(FileSystemError) -> [UInt8],
                listDirectory: @escaping @Sendable (String) throws(FileSystemError) -> [String],
                createDirectory: @escaping @Sendable (String) throws(FileSystemError) -> Void,
                writeFile: @escaping @Sendable (String, [UInt8]) throws(FileSystemError) -> Void,
                rename: @escaping @Sendable (String, String) throws(FileSystemError) -> Void,
                exchange: (@Sendable (String, String) throws(FileSystemError) -> Void)?,
                hardLink: @escaping @Sendable (String, String) throws(FileSystemError) -> Void,
                removeFile: @escaping @Sendable (String) throws(FileSystemError) -> Void,
                removeEmptyDirectory: @escaping @Sendable (String) throws(FileSystemError) -> Void,
                readLink: @escaping @Sendable (String) throws(FileSystemError) -> String,
                makeSymbolicLink: @escaping @Sendable (String, String) throws(FileSystemError) -> Void,
                fileSize: @escaping @Sendable (String) -> Int? = { _ in nil }) {
        self.kind = kind
        self.canonicalPath = canonicalPath
        self.readFile = readFile
        self.listDirectory = listDirectory
        self.createDirectory = createDirectory
        self.writeFile = writeFile
        self.rename = rename
        self.exchange = exchange
        self.hardLink = hardLink
        self.removeFile = removeFile
        self.removeEmptyDirectory = removeEmptyDirectory
        self.readLink = readLink
        self.makeSymbolicLink = makeSymbolicLink
        self.fileSize = fileSize
    }

    /// The largest file `readFile` of the local file system reads (1 GiB): an export's files are
    /// a few megabytes, and a larger one would only fill the memory.
    public static let maxReadSize = 1 << 30
}

/// A failed file-system call: what was attempted, on which path, and the system's reason.
public struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case notFound, permissionDenied, exists, notEmpty, noSpace, other
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
        default: reason = .other
        }
        return FileSystemError(path: path, operation: operation, reason: reason, detail: String(cString: strerror(code)))
    }

    /// A file larger than `FileSystem.maxReadSize`.
    static func tooLarge(_ path: String) -> FileSystemError {
        FileSystemError(path: path, operation: "read", reason: .tooLarge, detail: "larger than 1 GiB")
    }

    public var description: String { "cannot \(operation) \(path): \(detail)" }

    /// The exit code for a failed write: out of space or another I/O failure is 74; anything
    /// else (permissions, a file in the way) means the output cannot be created, 73.
    var writeExitCode: ExitCode { reason == .noSpace || reason == .other ? .ioError : .cannotCreate }
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
