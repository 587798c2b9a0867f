import CArchive

/// A zip (or tar, tar.gz) archive read with libarchive, entry by entry as streams: nothing is
/// extracted to disk, so no entry's name can lead anywhere, and a 4 GB entry is never in memory.
///
/// A zip bomb cannot fill the memory (entries are streamed) and cannot run for ever: an entry
/// stops with an error once it has produced more than `maxExpansion` times the archive's size,
/// beyond anything deflate reaches on real data (its ceiling is about 1,032 to 1).
struct ZipArchive: Sendable {
    static let maxExpansion: Int64 = 1_100
    let path: String
    /// How messages name the archive.
    let displayName: String
    /// How many times its own size (at least 1 MiB) an entry may unpack to.
    var expansion: Int64 = ZipArchive.maxExpansion

    struct Entry: Sendable {
        var index: Int
        var path: String
        var size: Int64?
        var head: [UInt8]
    }

    /// The regular files inside, with their first bytes. Links and folders are left out.
    func entries() throws(SourceError) -> (entries: [Entry], skippedLinks: [String]) {
        let handle = try Handle(path: path, displayName: displayName, expansion: expansion)
        var entries: [Entry] = []
        var links: [String] = []
        var index = 0
        while let entry = try handle.next() {
            defer { index += 1 }
            let name = Self.name(of: entry)
            let type = archive_entry_filetype(entry)
            if type == 0o120000 { links.append(name); continue }
            guard type == 0o100000, !name.hasSuffix("/") else { continue }
            let size: Int64? = archive_entry_size_is_set(entry) != 0 ? archive_entry_size(entry) : nil
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: SourceFile.headSize, alignment: 1)
            defer { buffer.deallocate() }
            var filled = 0
            while filled < buffer.count {
                let n = try handle.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                if n == 0 { break }
                filled += n
            }
            entries.append(Entry(index: index, path: name, size: size, head: Array(buffer[0..<filled])))
        }
        return (entries, links)
    }

    /// A stream of one entry's bytes, from its beginning.
    func open(_ entry: Entry) throws(SourceError) -> ByteStream {
        let handle = try Handle(path: path, displayName: displayName, expansion: expansion)
        var index = 0
        while let header = try handle.next() {
            if index == entry.index {
                guard Self.name(of: header) == entry.path else { break }
                return ByteStream(read: { (buffer) throws(SourceError) -> Int in try handle.read(into: buffer) }, close: { handle.close() })
            }
            index += 1
        }
        throw SourceError("\(displayName)/\(entry.path) changed while it was read", category: .io)
    }

    private static func name(of entry: OpaquePointer) -> String {
        if let utf8 = archive_entry_pathname_utf8(entry) { return String(cString: utf8) }
        if let raw = archive_entry_pathname(entry) { return String(decoding: Array(UnsafeBufferPointer(start: raw, count: strlen(raw))).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return "?"
    }

    /// One open libarchive reader.
    private final class Handle {
        private var archive: OpaquePointer?
        private let displayName: String
        private let limit: Int64
        private let expansion: Int64
        private var produced: Int64 = 0

        init(path: String, displayName: String, expansion: Int64) throws(SourceError) {
            self.displayName = displayName
            guard let archive = archive_read_new() else { throw SourceError("cannot open \(displayName): out of memory", category: .io) }
            self.archive = archive
            archive_read_support_format_zip(archive)
            archive_read_support_format_tar(archive)
            archive_read_support_filter_gzip(archive)
            var size: Int64 = 0
            var st = stat()
            if stat(path, &st) == 0 { size = Int64(st.st_size) }
            self.expansion = expansion
            limit = max(size, 1 << 20).multipliedReportingOverflow(by: expansion).partialValue
            guard archive_read_open_filename(archive, path, 1 << 16) == ARCHIVE_OK else {
                let message = error
                close()
                throw SourceError("cannot read \(displayName) as a zip archive: \(message)")
            }
        }

        deinit { close() }

        func close() {
            if let archive { archive_read_free(archive) }
            archive = nil
        }

        private var error: String {
            archive.flatMap { archive_error_string($0) }.map { String(cString: $0) } ?? "unknown error"
        }

        func next() throws(SourceError) -> OpaquePointer? {
            guard let archive else { return nil }
            var entry: OpaquePointer?
            let status = archive_read_next_header(archive, &entry)
            switch status {
            case ARCHIVE_EOF: return nil
            case ARCHIVE_OK, ARCHIVE_WARN:
                produced = 0
                return entry
            default: throw SourceError("\(displayName) is damaged: \(error)")
            }
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(SourceError) -> Int {
            guard let archive else { return 0 }
            let n = archive_read_data(archive, buffer.baseAddress, buffer.count)
            guard n >= 0 else { throw SourceError("\(displayName) is damaged: \(error)") }
            produced += Int64(n)
            guard produced <= limit else {
                throw SourceError("\(displayName): an entry unpacks to more than \(limit >> 20) MiB, \(expansion) times the archive's size; it looks like a zip bomb and was not read further")
            }
            return n
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
