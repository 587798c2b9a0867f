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
        var info: FileInfo?
    }

    /// Relative path → entry; the root itself and Waymark's own files in it are not listed.
    private(set) var entries: [String: Entry] = [:]

    init() {}

    /// Walks `root` at any depth (a work list, not recursion: nesting is the user's to choose).
    init(fileSystem fs: FileSystem, root: String) {
        guard let rootInfo = fs.info(root) else { return }
        var pending = [""]
        while let relative = pending.popLast() {
            let full = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? fs.listDirectory(full) else { continue }
            for name in names where !(relative.isEmpty && SiteWriter.reserved(name)) {
                let child = relative.isEmpty ? name : relative + "/" + name
                guard let info = fs.info(root + "/" + child) else {
                    // A name that is not UTF-8 cannot be looked up by its decoded text: it is
                    // someone else's (Waymark's names are ASCII), counted and never entered.
                    if name.unicodeScalars.contains("\u{FFFD}") { entries[child] = Entry(kind: .other, info: nil) }
                    continue
                }
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

    /// Removes the temporary files an earlier, killed build left (and forgets them): those with
    /// the ending its manifest names, those of files the manifest lists, and the manifest's own.
    /// Nothing else has such a name and a single link.
    mutating func removeTemporaries(of manifest: SiteManifest, root: String, _ fs: FileSystem) {
        let listed = Set(manifest.files)
        for (path, entry) in entries where entry.kind == .file && entry.info?.links == 1 {
            let ours: Bool
            if path == SiteManifest.fileName + ".waymark-tmp" {
                ours = true  // an earlier version's name for the manifest's temporary
            } else if let (original, suffix) = SiteTemporaries.original(of: path) {
                ours = suffix == manifest.temporaries || listed.contains(original) || original == SiteManifest.fileName
            } else {
                ours = false
            }
            if ours, (try? fs.removeFile(root + "/" + path)) != nil { entries[path] = nil }
        }
    }
}
