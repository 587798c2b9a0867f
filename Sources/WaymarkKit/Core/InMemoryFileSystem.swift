extension FileSystem {
    /// A read-only tree of files under `root`, e.g. the demo export compiled into the binary.
    /// `failures` makes reading chosen paths fail, to test how errors are reported.
    public static func inMemory(root: String, files: [String: [UInt8]],
                                failures: [String: FileSystemError.Reason] = [:]) -> FileSystem {
        var directories: Set<String> = [root]
        var children: [String: Set<String>] = [:]
        var absolute: [String: [UInt8]] = [:]
        for (relative, bytes) in files {
            let path = root + "/" + relative
            absolute[path] = bytes
            var parent = root
            var components = relative.split(separator: "/").map(String.init)
            let leaf = components.removeLast()
            for component in components {
                children[parent, default: []].insert(component)
                parent += "/" + component
                directories.insert(parent)
            }
            children[parent, default: []].insert(leaf)
        }
        let dirs = directories
        let kids = children
        let contents = absolute
        @Sendable func normalize(_ path: String) -> String {
            var p = path
            while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
            return p
        }
        @Sendable func readOnly(_ path: String) -> FileSystemError {
            FileSystemError(path: path, operation: "write", reason: .permissionDenied, detail: "read-only file system")
        }
        return FileSystem(
            kind: { path in
                let p = normalize(path)
                if dirs.contains(p) { return .directory }
                return contents[p] != nil ? .file : nil
            },
            canonicalPath: { path in
                let p = normalize(path)
                return dirs.contains(p) || contents[p] != nil ? p : nil
            },
            readFile: { (path) throws(FileSystemError) -> [UInt8] in
                let p = normalize(path)
                if let reason = failures[p] {
                    throw FileSystemError(path: p, operation: "read", reason: reason,
                                          detail: reason == .permissionDenied ? "Permission denied" : "Input/output error")
                }
                guard let bytes = contents[p] else {
                    throw FileSystemError(path: p, operation: "read", reason: .notFound, detail: "No such file or directory")
                }
                return bytes
            },
            listDirectory: { (path) throws(FileSystemError) -> [String] in
                let p = normalize(path)
                guard dirs.contains(p) else {
                    throw FileSystemError(path: p, operation: "list", reason: .notFound, detail: "No such file or directory")
                }
                return Array(kids[p] ?? [])
            },
            createDirectory: { (path) throws(FileSystemError) in throw readOnly(path) },
            writeFile: { (path, _) throws(FileSystemError) in throw readOnly(path) },
            rename: { (path, _) throws(FileSystemError) in throw readOnly(path) },
            removeFile: { (path) throws(FileSystemError) in throw readOnly(path) },
            removeEmptyDirectory: { (path) throws(FileSystemError) in throw readOnly(path) },
            readLink: { (path) throws(FileSystemError) -> String in
                throw FileSystemError(path: path, operation: "read link", reason: .other, detail: "not a link")
            },
            fileSize: { path in contents[normalize(path)]?.count }
        )
    }
}
