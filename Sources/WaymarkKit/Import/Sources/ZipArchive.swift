import CArchive

/// A zip (or tar, tar.gz) archive read with libarchive, entry by entry as streams: nothing is
/// extracted to disk, so no entry's name can lead anywhere, and a 4 GB entry is never in memory.
///
/// The archive is listed in one pass (`entries`); the entries importers claim are then read
/// through readers that move forward and are reused (`ArchiveReaderPool`), so reading them in
/// archive order is one more pass, however many there are. A zip bomb cannot fill the memory
/// (entries are streamed) and cannot run for long: all the bytes inflated from the archive, by
/// every reader and for skipped entries too, are charged to one `ArchiveBudget`.
struct ZipArchive: Sendable {
    /// How many times its own size an archive may inflate to, in all: beyond what deflate reaches
    /// on real data (its ceiling is about 1,032 to 1).
    static let maxExpansion: Int64 = 1_100
    /// What any archive may inflate to, however small: a small archive of very regular text stays
    /// readable, and inflating this much takes a fraction of a second.
    static let minimumBudget: Int64 = 64 << 20
    let path: String
    /// How messages name the archive.
    let displayName: String
    let budget: ArchiveBudget
    private let pool = ArchiveReaderPool()

    struct Entry: Sendable {
        var index: Int
        var path: String
        var size: Int64?
        var head: [UInt8]
    }

    init(path: String, displayName: String, expansion: Int64 = ZipArchive.maxExpansion, minimum: Int64 = ZipArchive.minimumBudget) {
        self.path = path
        self.displayName = displayName
        var st = stat()
        let size = stat(path, &st) == 0 ? Int64(st.st_size) : 0
        budget = ArchiveBudget(archiveSize: size, expansion: expansion, minimum: minimum)
    }

    /// What reading the archive has cost so far.
    var work: ArchiveBudget.Work { budget.work }

    /// The regular files inside, with their first bytes. Links and folders are left out.
    func entries() throws(SourceError) -> (entries: [Entry], skippedLinks: [String]) {
        let reader = try ArchiveReader(path: path, displayName: displayName, budget: budget)
        defer { reader.close() }
        var entries: [Entry] = []
        var links: [String] = []
        while let entry = try reader.next() {
            let name = Self.name(of: entry)
            let type = archive_entry_filetype(entry)
            if type == 0o120000 { links.append(name); continue }
            guard type == 0o100000, !name.hasSuffix("/") else { continue }
            let size: Int64? = archive_entry_size_is_set(entry) != 0 ? archive_entry_size(entry) : nil
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: SourceFile.headSize, alignment: 1)
            defer { buffer.deallocate() }
            var filled = 0
            while filled < buffer.count {
                let n = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                if n == 0 { break }
                filled += n
            }
            entries.append(Entry(index: reader.index, path: name, size: size, head: Array(buffer[0..<filled])))
        }
        return (entries, links)
    }

    /// A stream of one entry's bytes, from its beginning. Closing it hands its reader back to the
    /// pool, stopped at this entry, for the entries after it.
    func open(_ entry: Entry) throws(SourceError) -> ByteStream {
        let reader: ArchiveReader
        if let idle = pool.take(before: entry.index) {
            reader = idle
        } else {
            reader = try ArchiveReader(path: path, displayName: displayName, budget: budget)
        }
        do throws(SourceError) {
            while reader.index < entry.index, let header = try reader.next() {
                guard reader.index == entry.index else { continue }
                guard Self.name(of: header) == entry.path else { break }
                let pool = self.pool
                return ByteStream(read: { (buffer) throws(SourceError) -> Int in try reader.read(into: buffer) },
                                  close: { pool.give(reader) })
            }
        } catch {
            reader.close()
            throw error
        }
        reader.close()
        throw SourceError("\(displayName)/\(entry.path) changed while it was read", category: .io)
    }

    private static func name(of entry: OpaquePointer) -> String {
        if let utf8 = archive_entry_pathname_utf8(entry) { return String(cString: utf8) }
        if let raw = archive_entry_pathname(entry) { return String(decoding: Array(UnsafeBufferPointer(start: raw, count: strlen(raw))).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return "?"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
