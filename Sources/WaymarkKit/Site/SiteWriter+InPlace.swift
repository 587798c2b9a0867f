extension SiteWriter {
    /// Replaces the site's files inside the output one by one: each new page is written beside its
    /// place and renamed over it, so no page is ever half old and half new. Nothing Waymark did
    /// not write is touched, folders keep their permissions, and the manifest comes last, so an
    /// interrupted build is finished by the next one.
    func replaceInPlace(_ plan: Plan) throws(SiteWriteError) -> Report {
        let fs = fileSystem
        let target = plan.target
        var report = Report(written: 0, unchanged: 0, kept: [], upToDate: false, inPlace: true)
        let suffix = ".waymark-tmp-\(processID)"
        do throws(FileSystemError) {
            if fs.kind(target) == nil { try fs.createDirectory(target) }
            var made = Set<String>()
            for file in plan.files { try makeDirectories(for: file.path, in: target, made: &made) }
            let outcomes = Parallel.map(plan.files) { file -> Result<Bool, FileSystemError> in
                if let old = plan.oldBytes(file.path, fs), old == file.bytes { return .success(false) }
                let (folder, name) = SiteWriter.splitRelative(file.path)
                let temporary = target + "/" + folder + "." + name + suffix
                do throws(FileSystemError) {
                    if fs.kind(temporary) != nil { try fs.removeFile(temporary) }
                    try fs.writeFile(temporary, file.bytes)
                    try fs.sync(temporary)
                    try fs.rename(temporary, target + "/" + file.path)
                } catch {
                    try? fs.removeFile(temporary)
                    return .failure(error)
                }
                return .success(true)
            }
            for outcome in outcomes {
                switch outcome {
                case .success(let written): if written { report.written += 1 } else { report.unchanged += 1 }
                case .failure(let error): throw error
                }
            }
            // Waymark's own files that the new site no longer has.
            for path in plan.ourOld.subtracting(plan.newPaths).sorted() where plan.inventory.entries[path]?.kind == .file {
                try fs.removeFile(target + "/" + path)
                removeEmptyFolders(above: path, in: target)
            }
            try fs.writeReplacing(target + "/" + SiteManifest.fileName, Array(SiteManifest(files: Array(plan.newPaths)).text.utf8))
            try fs.sync(target)
        } catch {
            throw SiteWriteError(kind: error.writeKind, message: "\(error.description); the pages written so far are whole, and the next build finishes the rest")
        }
        report.kept = plan.foreign.filter { path in
            let kind = plan.inventory.entries[path]?.kind
            return kind != .directory && !plan.clashes.contains(path)
        }
        return report
    }

    /// "a/b/c.html" → ("a/b/", "c.html").
    static func splitRelative(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// Removes the folders of `path` that are now empty, deepest first; stops at the first that
    /// is not (it holds something else, perhaps the user's).
    private func removeEmptyFolders(above path: String, in root: String) {
        for folder in SiteWriter.directories(of: path).reversed() {
            guard (try? fileSystem.listDirectory(root + "/" + folder))?.isEmpty == true,
                  (try? fileSystem.removeEmptyDirectory(root + "/" + folder)) != nil else { return }
        }
    }
}
