/// Folders that earlier versions of Waymark left beside the output when a build was killed: they
/// built the site in `.NAME.waymark-new-PID` and swapped it in, putting the old one in
/// `.NAME.waymark-old-PID`. Removal is careful: it takes away only what Waymark put there, and
/// keeps the folder (reported) when anything else is inside, since those versions could move a
/// user's files into it.
struct SiteLeftovers: Sendable {
    /// A file at the root of a staging folder until its manifest was written: everything in such
    /// a folder was written by Waymark (or is a hard link to a file that stays in the site).
    static let marker = ".waymark-staging"

    let fileSystem: FileSystem

    /// Whether `name` is one of the folder names a build uses beside the output `site`.
    static func isStagingName(_ name: String, site: String) -> Bool {
        for kind in ["new", "old"] {
            let prefix = "." + site + ".waymark-" + kind + "-"
            if name.hasPrefix(prefix) {
                let digits = name.utf8.dropFirst(prefix.utf8.count)
                return !digits.isEmpty && digits.count <= 10 && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            }
        }
        return false
    }

    /// Removes the leftovers of earlier builds beside `site` (call it holding the output's lock,
    /// so none of them belongs to a build still running). Returns those that could not be
    /// removed entirely.
    func clean(parent: String, name: String, site: String) -> [String] {
        guard let siblings = try? fileSystem.listDirectory(parent) else { return [] }
        var kept: [String] = []
        for sibling in siblings.sorted() where SiteLeftovers.isStagingName(sibling, site: name) {
            let path = parent + "/" + sibling
            guard fileSystem.kind(path) == .directory else { continue }
            if !remove(path, site: site) { kept.append(path) }
        }
        return kept
    }

    /// Removes a staging or old-site folder: the files its manifest lists, every file when it is
    /// still marked as staging, files that are the same file as the one at the same place in
    /// `site` (hard links carried over), then the folders left empty. Anything else stays, and
    /// so does the folder; returns whether it is gone.
    @discardableResult
    func remove(_ folder: String, site: String) -> Bool {
        let fs = fileSystem
        guard let root = fs.info(folder), root.kind == .directory else { return fs.kind(folder) == nil }
        let listed: Set<String> = (try? fs.readFile(folder + "/" + SiteManifest.fileName))
            .flatMap { SiteManifest(text: String(decoding: $0, as: UTF8.self)) }.map { Set($0.files) } ?? []
        let fresh = listed.isEmpty && fs.kind(folder + "/" + SiteLeftovers.marker) == .file
        func removable(_ relative: String, _ info: FileInfo) -> Bool {
            if listed.contains(relative) || fresh || relative == SiteManifest.fileName || relative == SiteLeftovers.marker { return true }
            let live = site + "/" + relative
            switch info.kind {
            case .file:
                guard let other = fs.info(live) else { return false }
                return other.device == info.device && other.inode == info.inode
            case .symbolicLink:
                return fs.info(live)?.kind == .symbolicLink && (try? fs.readLink(live)) == (try? fs.readLink(folder + "/" + relative))
            default:
                return false
            }
        }
        // Deepest first, without following links or entering another file system.
        func empty(_ relative: String) -> Bool {
            let full = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = try? fs.listDirectory(full) else { return false }
            var all = true
            for name in names {
                let child = relative.isEmpty ? name : relative + "/" + name
                guard let info = fs.info(folder + "/" + child) else { continue }
                if info.kind == .directory && info.device == root.device {
                    if empty(child) { all = removeFolder(folder + "/" + child) && all } else { all = false }
                } else if info.kind != .directory && removable(child, info) {
                    all = removeEntry(folder + "/" + child, parent: full) && all
                } else {
                    all = false
                }
            }
            return all
        }
        return empty("") && removeFolder(folder)
    }

    /// Removes a file, making its folder writable first when that is what stops it (a folder
    /// Waymark made that someone set read-only).
    private func removeEntry(_ path: String, parent: String) -> Bool {
        if (try? fileSystem.removeFile(path)) != nil { return true }
        guard let info = fileSystem.info(parent), (try? fileSystem.setMode(parent, info.mode | 0o700, nil)) != nil else { return false }
        return (try? fileSystem.removeFile(path)) != nil
    }

    private func removeFolder(_ path: String) -> Bool {
        (try? fileSystem.removeEmptyDirectory(path)) != nil
    }
}
