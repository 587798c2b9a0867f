/// Turns a SOURCE argument (a folder, a file or a zip archive) into the files importers look at.
///
/// A folder that one of `importers` reads as a whole (a Waymark export) is not walked. Other
/// folders are walked to `maxDepth` levels, without hidden files and without following a
/// symbolic link that leads out of the folder. Archives are listed, not extracted; as they are
/// listed, their entries are kept or read as `listing` says (without it, passed over: finding
/// what a source holds needs only their heads).
struct SourceScanner {
    static let maxDepth = 8
    static let maxFiles = 200_000
    var fileSystem: FileSystem
    /// The most files a folder's walk lists, and the most a zip in it may bring together with
    /// the files listed before it (tests set fewer).
    var fileLimit = SourceScanner.maxFiles
    /// The formats, for the ones that are folders.
    var importers: [SourceImporter] = SourceImporters.all
    var listing: ListingReads? = nil

    func scan(_ given: String) -> Result<ScannedSource, SourceError> {
        guard fileSystem.kind(given) != nil, let canonical = fileSystem.canonicalPath(given) else {
            return .failure(SourceError("\(given): does not exist", category: .missingInput))
        }
        switch fileSystem.kind(canonical) {
        case .directory?:
            let names = (try? fileSystem.listDirectory(canonical)) ?? []
            if let importer = importers.first(where: { $0.folder?.recognises(names) == true }) {
                return .success(ScannedSource(given: given, shape: .folder(importer: importer, directory: given), isSingleFile: false,
                                              identity: canonical, warnings: []))
            }
            var warnings: [Diagnostic] = []
            var files: [SourceFile] = []
            walk(canonical, relative: "", given: given, root: canonical, depth: 0, into: &files, warnings: &warnings)
            return .success(ScannedSource(given: given, shape: .files(expandingZips(files, warnings: &warnings)), isSingleFile: false,
                                          identity: canonical, warnings: warnings))
        case .file?:
            let name = canonical.split(separator: "/").last.map(String.init) ?? given
            let file: SourceFile
            switch diskFile(canonical, relative: name, display: given) {
            case .success(let read): file = read
            case .failure(let error): return .failure(SourceError("\(given): cannot be read: \(error.detail)", category: .missingInput))
            }
            if isArchive(file) {
                switch listArchive(canonical, given: given) {
                case .failure(let error): return .failure(error)
                case .success(let listed):
                    return .success(ScannedSource(given: given, shape: .files(listed.files ?? []), isSingleFile: false, identity: canonical,
                                                  warnings: listed.warnings, archive: listed.archive))
                }
            }
            return .success(ScannedSource(given: given, shape: .files([file]), isSingleFile: true, identity: canonical, warnings: []))
        default:
            return .failure(SourceError("\(given): not a file, folder or zip archive", category: .missingInput))
        }
    }

    /// The entries of the archive at `canonical`, named under `given`.
    /// With a `limit`, an archive of more files is not listed past it: nil files.
    private func listArchive(_ canonical: String, given: String, limit: Int = .max)
        -> Result<(files: [SourceFile]?, warnings: [Diagnostic], archive: ZipArchive), SourceError> {
        let archive = ZipArchive(path: canonical, displayName: given)
        let listed: (entries: [ZipArchive.Entry], skippedLinks: [String], isCut: Bool)
        do {
            // Hidden entries (a Mac's `__MACOSX/._x` beside each file) are not files of the source.
            let counts = { (name: String) -> Bool in
                let relative = Self.withoutDotSegments(name)
                return !relative.isEmpty && !isHidden(relative)
            }
            listed = try archive.entries(limit: (limit, counts)) { entry in
                let relative = Self.withoutDotSegments(entry.path)
                guard let listing, !relative.isEmpty, !isHidden(relative) else { return .pass }
                let file = SourceFile(path: given + "/" + relative, relative: relative, size: entry.size, head: entry.head) { () throws(SourceError) -> ByteStream in
                    throw SourceError("\(given)/\(relative) cannot be read before its archive is listed", category: .io)
                }
                return listing.handling(for: file, behindFilter: entry.isBehindFilter)
            }
        } catch { return .failure(error) }
        if listed.isCut { return .success((nil, [], archive)) }
        let files = listed.entries.map { (entry: $0, relative: Self.withoutDotSegments($0.path)) }
            .filter { !$0.relative.isEmpty && !isHidden($0.relative) }
            .map { listed in
                let entry = listed.entry
                let path = given + "/" + listed.relative
                if let bytes = entry.bytes ?? listing?.takeKept(path) { return SourceFile(path: path, relative: listed.relative, bytes: bytes) }
                return SourceFile(path: path, relative: listed.relative, size: entry.size, head: entry.head) { () throws(SourceError) -> ByteStream in
                    try archive.open(entry)
                }
            }
        let warnings = listed.skippedLinks.map {
            Diagnostic.warning(given + "/" + $0, .file, "is a symbolic link inside the archive; skipped (Waymark never follows links out of an export)")
        }
        return .success((files, warnings, archive))
    }

    /// A folder's files with each zip among them replaced by its entries, named under the zip's
    /// path inside the folder (`phone/Download/export.zip/apple_health_export/export.xml`): a
    /// phone's backup keeps an app's export as the zip the app shared. Only files named `.zip`
    /// whose first bytes say zip: documents that are zips inside (`.docx`, `.epub`, `.apk`) are
    /// no export, and a tar must be read whole to be listed. The entries count towards the
    /// folder's limit of files. A zip that cannot be listed stays a file no importer knows, with
    /// a warning.
    private func expandingZips(_ files: [SourceFile], warnings: inout [Diagnostic]) -> [SourceFile] {
        func named(_ file: SourceFile) -> Bool { file.name.lowercased().hasSuffix(".zip") && isZip(file) }
        guard files.contains(where: named) else { return files }
        var out: [SourceFile] = []
        for file in files {
            guard named(file), let disk = file.diskPath else {
                out.append(file)
                continue
            }
            let room = max(0, fileLimit - out.count)
            switch listArchive(disk, given: file.path, limit: room) {
            case .success(let listed):
                guard let entries = listed.files else {
                    warnings.append(.warning(file.path, .file, "skipped: it holds more than \(room) files, and with them the folder would have more than \(fileLimit) files"))
                    continue
                }
                out += entries
                warnings += listed.warnings
            case .failure(let error):
                warnings.append(.warning(file.path, .file, "not read: \(Self.strip(error.message, file.path))"))
                out.append(file)
            }
        }
        return out
    }

    /// A message without the path it starts with, which the warning names already.
    private static func strip(_ message: String, _ path: String) -> String {
        message.hasPrefix(path + ": ") ? String(message.dropFirst(path.count + 2)) : message
    }

    private func isZip(_ file: SourceFile) -> Bool {
        file.head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || file.head.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// A zip or tar(.gz) archive, told by its first bytes, whatever its name.
    private func isArchive(_ file: SourceFile) -> Bool {
        let head = file.head
        if isZip(file) || head.starts(with: [0x1F, 0x8B]) { return true }
        if head.count > 262, Array(head[257..<262]) == Array("ustar".utf8) { return true }
        return false
    }

    /// An entry's path without `.` segments: `tar czf export.tgz .` names every entry `./…`,
    /// which is not a hidden folder.
    static func withoutDotSegments(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    private func isHidden(_ relative: String) -> Bool {
        relative.split(separator: "/").contains { $0.hasPrefix(".") || $0 == "__MACOSX" }
    }

    private func walk(_ directory: String, relative: String, given: String, root: String, depth: Int,
                      into files: inout [SourceFile], warnings: inout [Diagnostic]) {
        guard let names = try? fileSystem.listDirectory(directory) else {
            warnings.append(.warning(given + "/" + relative, .file, "cannot be listed; skipped"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") && name != "__MACOSX" {
            let path = directory + "/" + name
            let inside = relative.isEmpty ? name : relative + "/" + name
            let display = given.hasSuffix("/") ? given + inside : given + "/" + inside
            let kind = fileSystem.kind(path)
            if kind == .symbolicLink {
                guard let target = fileSystem.canonicalPath(path), target.hasPrefix(root + "/") else {
                    warnings.append(.warning(display, .file, "is a symbolic link leading out of the source; skipped"))
                    continue
                }
                // A link to something inside is read where that is, not twice.
                continue
            }
            switch kind {
            case .directory?:
                // A site Waymark built (an output inside the folder given): its stats.json and
                // weight.csv are no one's export.
                if fileSystem.kind(path + "/" + SitePath.manifestName) == .file { continue }
                guard depth < SourceScanner.maxDepth else {
                    warnings.append(.warning(display, .file, "is more than \(SourceScanner.maxDepth) folders deep; skipped"))
                    continue
                }
                walk(path, relative: inside, given: given, root: root, depth: depth + 1, into: &files, warnings: &warnings)
            case .file?:
                guard files.count < fileLimit else {
                    warnings.append(.warning(display, .file, "skipped: the folder has more than \(fileLimit) files"))
                    return
                }
                switch diskFile(path, relative: inside, display: display) {
                case .success(let file): files.append(file)
                // Never passed over in silence: it may be the export's only data.
                case .failure(let error): warnings.append(.warning(display, .file, "cannot be read (\(error.detail)); skipped"))
                }
            default:
                continue
            }
        }
    }

    /// A file on disk with its first bytes, or why it cannot be opened.
    private func diskFile(_ path: String, relative: String, display: String) -> Result<SourceFile, FileSystemError> {
        let fs = fileSystem
        let stream: ByteStream
        do throws(FileSystemError) { stream = try fs.openRead(path) } catch { return .failure(error) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: SourceFile.headSize, alignment: 1)
        defer { buffer.deallocate() }
        let filled = (try? stream.fill(buffer)) ?? 0
        stream.close()
        return .success(SourceFile(path: display, relative: relative, size: fs.fileSize(path).map(Int64.init), head: Array(buffer[0..<filled]),
                                   diskPath: path) { () throws(SourceError) -> ByteStream in
            do throws(FileSystemError) { return try fs.openRead(path) } catch {
                throw SourceError("\(display): cannot be read: \(error.detail)", category: .missingInput)
            }
        })
    }
}
