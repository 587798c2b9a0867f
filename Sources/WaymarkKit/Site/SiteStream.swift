import Synchronization

/// A first build, into a folder that does not exist yet or is empty, written while it is
/// rendered: each page goes into the staging folder as soon as it is made, so the disk works while
/// the cores render. Everything else is as in `SiteWriter.write`: the site appears in the output
/// only when complete, and a failed build leaves nothing behind.
///
/// Start one with `SiteWriter.beginStream`, hand every file to `put` (from any thread), then call
/// `SiteWriter.finish` with the full list, or `SiteWriter.abandon`.
public final class SiteStream: Sendable {
    let target: String
    let staging: String
    let parent: String
    let name: String
    /// Whether the output folder existed (empty) when the build began.
    let existed: Bool
    private let fileSystem: FileSystem
    private let state = Mutex<State>(State())

    struct State {
        var madeDirectories: Set<String> = []
        var paths: Set<String> = []
        var failure: SiteWriteError?
    }

    init(target: String, staging: String, parent: String, name: String, existed: Bool, fileSystem: FileSystem) {
        self.target = target
        self.staging = staging
        self.parent = parent
        self.name = name
        self.existed = existed
        self.fileSystem = fileSystem
    }

    /// Writes one file into the staging folder. A failure is kept and reported by `finish`;
    /// files after it are not written.
    public func put(_ file: SiteFile) {
        let writer = SiteWriter(fileSystem: fileSystem)
        let ready = state.withLock { s -> Bool in
            guard s.failure == nil else { return false }
            guard SitePath.isSafe(file.path), file.path != SiteManifest.fileName, s.paths.insert(file.path).inserted else {
                s.failure = SiteWriteError(kind: .io, message: "internal error: unsafe or duplicate output path \(Diagnostic.shorten(file.path))")
                return false
            }
            // Folders are few; making them under the lock keeps two threads from racing for one.
            do throws(FileSystemError) {
                try writer.makeDirectories(for: file.path, in: staging, made: &s.madeDirectories)
            } catch {
                s.failure = SiteWriter.failure(error)
                return false
            }
            return true
        }
        guard ready else { return }
        do throws(FileSystemError) {
            try fileSystem.writeFile(staging + "/" + file.path, file.bytes)
        } catch {
            state.withLock { if $0.failure == nil { $0.failure = SiteWriter.failure(error) } }
        }
    }

    /// The paths written so far and the first failure.
    var progress: (paths: Set<String>, failure: SiteWriteError?) {
        state.withLock { ($0.paths, $0.failure) }
    }
}

extension SiteWriter {
    /// Starts a streamed first build when the output does not exist or is an empty folder;
    /// nil otherwise (and whenever in doubt), in which case `write` does all the work.
    public func beginStream(to output: String) -> SiteStream? {
        guard let target = try? resolveTarget(output), let ownership = try? ownershipOf(target) else { return nil }
        let existed: Bool
        switch ownership {
        case .absent: existed = false
        case .empty: existed = true
        case .ours, .foreign: return nil
        }
        let (parent, name) = split(target)
        removeStaleStaging(parent: parent, name: name)
        let staging = parent + "/." + name + ".waymark-new-\(processID)"
        guard (try? fileSystem.createDirectory(staging)) != nil else { return nil }
        return SiteStream(target: target, staging: staging, parent: parent, name: name, existed: existed, fileSystem: fileSystem)
    }

    /// Completes a streamed build: writes what was not streamed (the list is the whole site) and
    /// the manifest, then moves the site into place. If the output changed meanwhile, the staging
    /// folder is dropped and the site written by `write` instead.
    public func finish(_ stream: SiteStream, files: [SiteFile], force: Bool) throws(SiteWriteError) -> Report {
        let already = stream.progress.paths
        for file in files where !already.contains(file.path) { stream.put(file) }
        let (paths, failure) = stream.progress
        if let failure {
            abandon(stream)
            throw failure
        }
        guard paths.count == files.count, files.allSatisfy({ paths.contains($0.path) }) else {
            abandon(stream)
            throw SiteWriteError(kind: .io, message: "internal error: the streamed files are not the site's files")
        }
        let stillFresh: Bool
        switch try? ownershipOf(stream.target) {
        case .absent?: stillFresh = !stream.existed
        case .empty?: stillFresh = stream.existed
        default: stillFresh = false
        }
        guard stillFresh else {
            abandon(stream)
            return try write(files, to: stream.target, force: force)
        }
        do throws(FileSystemError) {
            try fileSystem.writeFile(stream.staging + "/" + SiteManifest.fileName, Array(SiteManifest(files: Array(paths)).text.utf8))
        } catch {
            abandon(stream)
            throw SiteWriter.failure(error)
        }
        try swap(staging: stream.staging, into: stream.target, existed: stream.existed, parent: stream.parent, name: stream.name)
        return Report(written: files.count, unchanged: 0, kept: [], upToDate: false)
    }

    /// Removes what a stream wrote; the output is untouched.
    public func abandon(_ stream: SiteStream) {
        removeTree(stream.staging)
    }

    static func failure(_ error: FileSystemError) -> SiteWriteError {
        SiteWriteError(kind: error.reason == .noSpace || error.reason == .other ? .io : .cannotCreate,
                       message: "\(error.description); the previous site was left as it was")
    }
}
