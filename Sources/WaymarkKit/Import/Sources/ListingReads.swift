/// The importers' side of reading an archive in one pass (`ZipArchive.Handling`): as an archive
/// is listed, the entries some importer may read are kept in memory, and in a `.tar.gz` a file an
/// importer streams (Apple Health's export.xml) is read there and then, by itself.
///
/// Kept entries take at most `limit` bytes for all the archives of a build together. An entry
/// that would go past it is passed over and read from the archive when an importer reads it: in
/// a zip or a plain tar from where it lies, in a `.tar.gz` by inflating the archive again up to
/// it (charged to the same budget). Nothing is dropped; only that entry costs a second look.
///
/// A streamed file of a zip or a plain tar is not read while listing: its reader can go straight
/// to it later, and it is then read beside the other sources' files instead of before them.
///
/// Claims are made once the whole source is listed (an importer may group files from anywhere
/// in it), so a part read while listing is a forecast: it is used when the claims give its file
/// to the importer that read it, as the first of a unit (`part(of:by:)`); otherwise (an earlier
/// importer took the file) the file is read again, from the archive. Used on the thread that
/// lists the sources.
final class ListingReads {
    /// The most bytes of entries kept in memory during a build, all its archives together: the
    /// largest file the importers read
    /// whole besides a Loop backup (other apps' CSV and JSON, `CSVTable.sizeLimit`, 64 MiB).
    static let maxKept = Int64(CSVTable.sizeLimit)
    let limit: Int64
    /// Bytes of entries kept so far.
    private(set) var keptBytes: Int64 = 0
    private let importers: [SourceImporter]
    private let context: ImportContext
    /// The entries kept and not yet taken, by `SourceFile.path`.
    private var kept: [String: [UInt8]] = [:]
    /// The parts read while listing, by `SourceFile.path`, with the id of the importer.
    private var parts: [String: (importer: String, part: SourcePart)] = [:]
    /// The paths asked about so far: an archive may hold two entries of the same name, and
    /// what was read of one must not be taken for the other.
    private var asked: Set<String> = []

    init(importers: [SourceImporter], context: ImportContext, limit: Int64 = ListingReads.maxKept) {
        self.importers = importers
        self.context = context
        self.limit = limit
    }

    /// What to do with `file`, an entry being listed whose bytes are known only by their head
    /// (`behindFilter`: reading it later inflates the archive again up to it): what the first
    /// importer interested in it wants.
    func handling(for file: SourceFile, behindFilter: Bool) -> ZipArchive.Handling {
        guard asked.insert(file.path).inserted else {
            // Both are read from the archive, each as itself.
            if let bytes = kept.removeValue(forKey: file.path) { keptBytes -= Int64(bytes.count) }
            parts[file.path] = nil
            return .pass
        }
        for importer in importers {
            if let streamed = importer.streamed, streamed.recognises(file) {
                guard behindFilter else { return .pass }
                return .read { [self] stream in
                    let live = LiveStream(stream)
                    let reading = SourceFile(path: file.path, relative: file.relative, size: file.size, head: file.head) { () throws(SourceError) -> ByteStream in
                        try live.take(file.path)
                    }
                    parts[file.path] = (importer.id, streamed.read(reading, context))
                }
            }
            if importer.mayRead(file) { return keep(file) }
        }
        return .pass
    }

    /// Reads `file` into memory while the room left allows it.
    private func keep(_ file: SourceFile) -> ZipArchive.Handling {
        let room = limit - keptBytes
        // A tar or zip header states the size; a damaged one may not hold to it, hence the limit.
        if let size = file.size, size > room { return .pass }
        return .read { [self] stream in
            guard let bytes = try? stream.readAll(limit: Int(clamping: room)) else { return }
            kept[file.path] = bytes
            keptBytes += Int64(bytes.count)
        }
    }

    /// The bytes of the entry `path` when they were kept, handed over once.
    func takeKept(_ path: String) -> [UInt8]? {
        kept.removeValue(forKey: path)
    }

    /// The part of `files`, a unit of `importer`, when its first file was read while listing.
    func part(of files: [SourceFile], by importer: SourceImporter) -> SourcePart? {
        guard let first = files.first, let streamed = importer.streamed, let early = parts[first.path], early.importer == importer.id else {
            return nil
        }
        return streamed.complete(early.part, files)
    }
}

/// The stream of an entry being listed, which can be opened once, while it is listed.
private final class LiveStream: @unchecked Sendable {
    private var stream: ByteStream?

    init(_ stream: ByteStream) { self.stream = stream }

    func take(_ path: String) throws(SourceError) -> ByteStream {
        guard let stream else { throw SourceError("\(path) was read once while its archive was listed and cannot be read again then", category: .io) }
        self.stream = nil
        return stream
    }
}
