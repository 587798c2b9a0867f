/// The swap could not be done because of where the output is (a mount point, another file
/// system): the caller writes in place instead. Nothing was changed.
struct SwapFailure: Error {
    var reason: String
}

extension SiteWriter {
    /// Builds the new site in a hidden sibling folder and swaps it in.
    func swapIn(_ plan: Plan) throws -> Report {
        let fs = fileSystem
        let staging = plan.parent + "/." + plan.name + ".waymark-new-\(processID)"
        do {
            try fs.createDirectory(staging)
            // Marks the folder as Waymark's until the manifest says what is in it.
            try fs.writeFile(staging + "/" + SiteLeftovers.marker, [])
        } catch {
            throw SiteWriteError(kind: .cannotCreate, message: "cannot create \(Diagnostic.path(staging)) beside the output: \(error.detail)")
        }
        signalCleanup?.register(staging, site: plan.target)
        defer { signalCleanup?.unregister(staging) }
        var report = Report(written: 0, unchanged: 0, kept: [], upToDate: false)
        do {
            var made = Set<String>()
            for file in plan.files { try makeDirectories(for: file.path, in: staging, made: &made) }
            // Files go to disk on every core; each is linked from the old site when unchanged.
            let outcomes = Parallel.map(plan.files) { file -> Result<Bool, FileSystemError> in
                let destination = staging + "/" + file.path
                if let old = plan.oldBytes(file.path, fs), old == file.bytes, (try? fs.hardLink(plan.target + "/" + file.path, destination)) != nil {
                    return .success(false)
                }
                do throws(FileSystemError) { try fs.writeFile(destination, file.bytes) } catch { return .failure(error) }
                return .success(true)
            }
            for outcome in outcomes {
                switch outcome {
                case .success(let written): if written { report.written += 1 } else { report.unchanged += 1 }
                case .failure(let error): throw error
                }
            }
            // What Waymark did not write goes along: the same files (hard links), same folders.
            for path in plan.foreign where !plan.clashes.contains(path) {
                let source = plan.target + "/" + path
                switch plan.inventory.entries[path]?.kind {
                case .directory?:
                    try makeDirectories(for: path + "/x", in: staging, made: &made)
                case .file?:
                    try makeDirectories(for: path, in: staging, made: &made)
                    do throws(FileSystemError) { try fs.hardLink(source, staging + "/" + path) } catch {
                        // A copy would be a different file: write in place instead.
                        throw SwapFailure(reason: "\(Diagnostic.path(path)) cannot be linked into the new site (\(error.detail))")
                    }
                    report.kept.append(path)
                case .symbolicLink?:
                    try makeDirectories(for: path, in: staging, made: &made)
                    try fs.makeSymbolicLink(try fs.readLink(source), staging + "/" + path)
                    report.kept.append(path)
                default:
                    break
                }
            }
            try copyFolderModes(plan, staging: staging, folders: made)
            try seal(staging, paths: plan.newPaths)
        } catch let error as FileSystemError {
            SiteLeftovers(fileSystem: fs).remove(staging, site: plan.target)
            throw SiteWriter.failure(error)
        } catch {
            SiteLeftovers(fileSystem: fs).remove(staging, site: plan.target)
            throw error
        }
        let existed: Bool
        if case .absent = plan.ownership { existed = false } else { existed = true }
        try swap(staging: staging, plan: plan, existed: existed)
        return report
    }

    /// Finishes a staging folder: the manifest that lists `paths` as Waymark's, the staging
    /// marker removed (the manifest now says what is Waymark's), everything synced to disk.
    func seal(_ staging: String, paths: Set<String>) throws(FileSystemError) {
        try fileSystem.writeFile(staging + "/" + SiteManifest.fileName, Array(SiteManifest(files: Array(paths)).text.utf8))
        try fileSystem.removeFile(staging + "/" + SiteLeftovers.marker)
        try fileSystem.syncTree(staging, paths.map { staging + "/" + $0 })
    }

    /// Folders keep the permissions and group they had (a shared 2775 site stays 2775).
    private func copyFolderModes(_ plan: Plan, staging: String, folders: Set<String>) throws(FileSystemError) {
        guard let root = plan.inventory.root else { return }
        let fs = fileSystem
        func copy(_ old: FileInfo, to path: String) throws(FileSystemError) {
            guard let now = fs.info(path), now.mode != old.mode || now.group != old.group else { return }
            try fs.setMode(path, old.mode, now.group != old.group ? old.group : nil)
        }
        try copy(root, to: staging)
        for folder in folders.sorted() {
            if let old = plan.inventory.entries[folder], old.kind == .directory { try copy(old.info, to: staging + "/" + folder) }
        }
    }

    /// Puts the staging folder in the output's place and removes the old site.
    private func swap(staging: String, plan: Plan, existed: Bool) throws {
        let fs = fileSystem
        let target = plan.target
        var old: String?
        do throws(FileSystemError) {
            if !existed {
                try fs.rename(staging, target)
            } else if let exchange = fs.exchange, (try? exchange(staging, target)) != nil {
                old = staging
            } else {
                let aside = plan.parent + "/." + plan.name + ".waymark-old-\(processID)"
                try fs.rename(target, aside)
                do throws(FileSystemError) { try fs.rename(staging, target) } catch {
                    try? fs.rename(aside, target)
                    throw error
                }
                old = aside
            }
        } catch {
            SiteLeftovers(fileSystem: fs).remove(staging, site: target)
            if error.reason == .crossDevice { throw SwapFailure(reason: "\(Diagnostic.path(target)) cannot be renamed (\(error.detail))") }
            throw SiteWriteError(kind: .io, message: "cannot move the new site into \(Diagnostic.path(target)): \(error.detail); the previous site was left as it was")
        }
        // The rename is durable only once the parent folder is.
        try? fs.sync(plan.parent)
        if let old { SiteLeftovers(fileSystem: fs).remove(old, site: target) }
    }
}
