/// Everything below an output folder, found without following links and without crossing into
/// another file system: a folder on another device (a mount) is listed but not entered.
struct SiteInventory: Sendable {
    enum Kind: Sendable, Equatable {
        case file, directory, symbolicLink, other
        /// A folder where another file system is mounted.
        case mount
    }

    struct Entry: Sendable {
        var kind: Kind
        var info: FileInfo
    }

    /// Relative path → entry; the root itself, its manifest and a staging marker are not listed.
    private(set) var entries: [String: Entry] = [:]
    /// The root's own details.
    private(set) var root: FileInfo?

    init() {}

    /// Walks `root` at any depth (a work list, not recursion: nesting is the user's to choose).
    init(fileSystem fs: FileSystem, root: String) {
        guard let rootInfo = fs.info(root) else { return }
        self.root = rootInfo
        var pending = [""]
        while let relative = pending.popLast() {
            let full = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? fs.listDirectory(full) else { continue }
            for name in names where !(relative.isEmpty && (name == SiteManifest.fileName || name == SiteLeftovers.marker)) {
                let child = relative.isEmpty ? name : relative + "/" + name
                guard let info = fs.info(root + "/" + child) else { continue }
                let kind: Kind
                switch info.kind {
                case .file: kind = .file
                case .symbolicLink: kind = .symbolicLink
                case .other: kind = .other
                case .directory: kind = info.device == rootInfo.device ? .directory : .mount
                }
                entries[child] = Entry(kind: kind, info: info)
                if kind == .directory { pending.append(child) }
            }
        }
    }

    /// Removes the temporaries of an interrupted in-place write (single files Waymark names
    /// `.NAME.waymark-tmp-PID`) and forgets them.
    mutating func removeTemporaries(_ root: String, _ fs: FileSystem) {
        for (path, entry) in entries where entry.kind == .file && entry.info.links == 1 {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if SiteLeftovers.isTemporary(name), (try? fs.removeFile(root + "/" + path)) != nil { entries[path] = nil }
        }
    }

    /// Whether the output folder is itself a mount point (a container volume): its device differs
    /// from its parent's, so it cannot be renamed.
    func isMountPoint(_ target: String, parent: String, _ fs: FileSystem) -> Bool {
        guard let root, let parentInfo = fs.info(parent) else { return false }
        return root.device != parentInfo.device
    }
}
