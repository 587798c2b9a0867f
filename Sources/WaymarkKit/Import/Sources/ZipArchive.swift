/// A zip (or tar, tar.gz) archive read with libarchive, entry by entry as streams: nothing is
/// extracted to disk, so no entry's name can lead anywhere, and a 4 GB entry is never in memory.
///
/// The archive is listed in one pass (`entries`), which reads each entry's first bytes; an entry
/// that ends within them is kept whole. While the listing is at an entry, `handling` may read the
/// whole of it there and then (`Handling.read`): that is how a `.tar.gz`, which has to be inflated
/// to be listed at all, is inflated once only, its files being kept or streamed as they pass
/// (`ListingReads`). An entry passed over is read later through readers that move forward and
/// are reused (`ArchiveReaderPool`): in a zip or a plain tar that reader goes straight to it, in a
/// `.tar.gz` it inflates the archive again up to it.
///
/// A zip bomb cannot fill the memory (entries are streamed) and cannot run for long: all the
/// bytes inflated from the archive, by every reader and for skipped entries too, are charged to
/// one `ArchiveBudget`.
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
        /// The whole entry, when it ended within its head: it is then read from memory.
        var bytes: [UInt8]?
        /// Reading the entry after the listing means inflating the archive again from its start
        /// up to it (a decompression filter lies under the format: `.tar.gz`, gzip twice).
        var isBehindFilter: Bool
    }

    /// What the listing does with an entry longer than its head.
    enum Handling {
        /// Passed over: in a `.tar.gz` still inflated (and charged), but not looked at.
        case pass
        /// Handed to the closure there and then, as a stream of the whole entry from its first
        /// byte, valid only during the call.
        case read((ByteStream) -> Void)
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
    /// `handling` is asked about each entry that does not end within its head. A failure of the
    /// archive while an entry is read (damage, the budget) stops the listing, whatever the
    /// closure made of it. With a `limit`, the listing stops at a regular file past the first
    /// `limit.count` that `limit.counts` (by name), with `isCut` set: an archive of a million
    /// entries is refused without reading them all.
    func entries(limit: (count: Int, counts: (String) -> Bool)? = nil, _ handling: (Entry) -> Handling = { _ in .pass })
        throws(SourceError) -> (entries: [Entry], skippedLinks: [String], isCut: Bool) {
        let reader = try ArchiveReader(path: path, displayName: displayName, budget: budget)
        defer { reader.close() }
        var entries: [Entry] = []
        var links: [String] = []
        var counted = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: SourceFile.headSize, alignment: 1)
        defer { buffer.deallocate() }
        let lib = reader.lib
        while let header = try reader.next() {
            let name = Self.name(of: header, lib)
            let type = lib.entryFiletype(header)
            if type == 0o120000 { links.append(name); continue }
            guard type == 0o100000, !name.hasSuffix("/") else { continue }
            if let limit, limit.counts(name) {
                guard counted < limit.count else { return (entries, links, true) }
                counted += 1
            }
            let size: Int64? = lib.entrySizeIsSet(header) != 0 ? lib.entrySize(header) : nil
            let filled = try Self.fill(buffer, from: reader)
            var entry = Entry(index: reader.index, path: name, size: size, head: Array(buffer[0..<filled]), isBehindFilter: reader.isFiltered)
            if filled < buffer.count {
                entry.bytes = entry.head
            } else if case .read(let body) = handling(entry) {
                try Self.hand(entry, from: reader, to: body)
            }
            entries.append(entry)
        }
        return (entries, links, false)
    }

    /// Hands the current entry, from its first byte, to `body`; rethrows a failure of the
    /// archive under the stream.
    private static func hand(_ entry: Entry, from reader: ArchiveReader, to body: (ByteStream) -> Void) throws(SourceError) {
        let failure = FirstFailure()
        let head = ByteStream(bytes: entry.head)
        let stream = ByteStream(read: { (buffer) throws(SourceError) -> Int in
            let n = try head.read(into: buffer)
            if n > 0 { return n }
            do throws(SourceError) { return try reader.read(into: buffer) } catch {
                failure.error = failure.error ?? error
                throw error
            }
        })
        body(stream)
        stream.close()
        if let error = failure.error { throw error }
    }

    /// A stream of one entry's bytes, from its beginning: from memory when the listing has them;
    /// else from a reader. Closing it hands its reader back to the pool, stopped at this entry,
    /// for the entries after it.
    func open(_ entry: Entry) throws(SourceError) -> ByteStream {
        if let bytes = entry.bytes { return ByteStream(bytes: bytes) }
        let reader: ArchiveReader
        if let idle = pool.take(before: entry.index) {
            reader = idle
        } else {
            reader = try ArchiveReader(path: path, displayName: displayName, budget: budget)
        }
        do throws(SourceError) {
            while reader.index < entry.index, let header = try reader.next() {
                guard reader.index == entry.index else { continue }
                guard Self.name(of: header, reader.lib) == entry.path else { break }
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

    /// Reads from the current entry until `buffer` is full or the entry ends; returns how much.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from reader: ArchiveReader) throws(SourceError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let n = try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    private static func name(of entry: OpaquePointer, _ lib: LibArchive) -> String {
        if let utf8 = lib.entryPathnameUTF8(entry) { return String(cString: utf8) }
        if let raw = lib.entryPathname(entry) { return String(decoding: Array(UnsafeBufferPointer(start: raw, count: strlen(raw))).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return "?"
    }
}

/// The first error a stream handed on met, for whoever made the stream.
private final class FirstFailure {
    var error: SourceError?
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
