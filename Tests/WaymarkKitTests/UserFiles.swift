import Foundation
@testable import WaymarkKit

/// A user's files and folders in a site, named by bytes (any bytes, not only UTF-8), and what
/// each was like when recorded, to check that nothing about them changed: bytes, inode,
/// modification time, permissions and owner. (Not thread-safe: one thread makes the files.)
final class UserFiles: @unchecked Sendable {
    struct State: Equatable, CustomStringConvertible {
        var bytes: [UInt8]?
        var inode: UInt64
        var modified: Int64
        var mode: UInt32
        var owner: UInt32
        var group: UInt32

        var description: String { "inode \(inode), mtime \(modified), mode \(String(mode, radix: 8)), owner \(owner):\(group), \(bytes?.count ?? -1) bytes" }
    }

    let root: String
    private(set) var paths: [[UInt8]] = []
    private var recorded: [[UInt8]: State] = [:]

    init(root: String) {
        self.root = root
    }

    /// Makes a file at `relative` (a path of bytes below the root), its missing folders too.
    func file(_ relative: [UInt8], _ bytes: [UInt8]) {
        makeParents(relative)
        let fd = UserFiles.withPath(Array(root.utf8) + [0x2F] + relative) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o640) }
        guard fd >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        paths.append(relative)
    }

    func file(_ relative: String, _ text: String) { file(Array(relative.utf8), Array(text.utf8)) }

    /// Adds a file or folder that is already there.
    func existing(_ relative: [UInt8]) { paths.append(relative) }

    /// Makes a folder of the user's, to be checked as well (its modification time included).
    func folder(_ relative: [UInt8]) {
        makeParents(relative)
        _ = UserFiles.withPath(Array(root.utf8) + [0x2F] + relative) { mkdir($0, 0o750) }
        paths.append(relative)
    }

    private func makeParents(_ relative: [UInt8]) {
        var parent: [UInt8] = []
        for component in relative.split(separator: 0x2F, omittingEmptySubsequences: false).dropLast() {
            parent += (parent.isEmpty ? [] : [0x2F]) + component
            _ = UserFiles.withPath(Array(root.utf8) + [0x2F] + parent) { mkdir($0, 0o755) }
        }
    }

    /// Remembers the state of every file and folder made so far.
    func record() {
        recorded = Dictionary(uniqueKeysWithValues: paths.compactMap { path in state(path).map { (path, $0) } })
    }

    /// One line for each recorded path that is gone or changed; empty when all are as recorded.
    func changes(ignoringFolderTimes: Bool = false) -> [String] {
        paths.compactMap { path -> String? in
            let name = String(decoding: path, as: UTF8.self)
            guard let before = recorded[path] else { return "\(name): never recorded" }
            guard var now = state(path) else { return "\(name): gone" }
            if ignoringFolderTimes && now.bytes == nil { now.modified = before.modified }
            return now == before ? nil : "\(name): was \(before), is \(now)"
        }
    }

    func state(_ relative: [UInt8]) -> State? {
        let full = Array(root.utf8) + [0x2F] + relative
        var st = stat()
        guard UserFiles.withPath(full, { lstat($0, &st) }) == 0 else { return nil }
        var bytes: [UInt8]?
        if st.st_mode & S_IFMT == S_IFREG {
            let fd = UserFiles.withPath(full) { open($0, O_RDONLY) }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let n = read(fd, &buffer, buffer.count)
            close(fd)
            bytes = n >= 0 ? Array(buffer[0..<n]) : nil
        }
        #if canImport(Glibc)
        let time = st.st_mtim
        #else
        let time = st.st_mtimespec
        #endif
        return State(bytes: bytes, inode: UInt64(st.st_ino), modified: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec),
                     mode: UInt32(st.st_mode) & 0o7777, owner: st.st_uid, group: st.st_gid)
    }

    /// Calls `body` with `path` as a C string of exactly those bytes.
    static func withPath<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        let cString = (path + [0]).map { CChar(bitPattern: $0) }
        return cString.withUnsafeBufferPointer { buffer in buffer.baseAddress.map(body) ?? body("") }
    }
}
