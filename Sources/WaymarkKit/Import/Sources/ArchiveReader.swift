#if os(Linux) && canImport(CArchiveLinux)
import CArchiveLinux
#else
import CArchive
#endif

/// One open libarchive reader of an archive (zip, tar, tar.gz), moving forward entry by entry and
/// charging every byte it inflates to the archive's `ArchiveBudget`.
///
/// Used by one thread at a time: `ArchiveReaderPool` lends it to one stream at a time, hence
/// `@unchecked Sendable`.
final class ArchiveReader: @unchecked Sendable {
    /// The library's functions (`LibArchive`), for the entries this reader hands out too.
    let lib: LibArchive
    private var archive: OpaquePointer?
    private let displayName: String
    private let budget: ArchiveBudget
    /// The entry whose header was read last (counting folders and links): -1 before the first.
    private(set) var index = -1
    /// Whether the reader hit the end or an error: it cannot be used again.
    private(set) var isSpent = false
    /// A decompression filter lies under the format (`.tar.gz`, `.tgz`, gzip twice): skipping an
    /// entry then means inflating it inside one libarchive call that nothing can interrupt, so its
    /// data is read instead, a chunk at a time, and charged like any other. Reading an entry
    /// again later then means inflating the archive again up to it.
    private(set) var isFiltered = false
    /// The format is zip: its entries are inflated by the format itself, not by a filter.
    private var isZip = false
    private var entryFinished = true
    /// Entry bytes produced by the zip format so far.
    private var zipBytes: Int64 = 0
    /// What has been charged to the budget so far.
    private var charged: Int64 = 0

    init(path: String, displayName: String, budget: ArchiveBudget) throws(SourceError) {
        self.displayName = displayName
        self.budget = budget
        switch LibArchive.shared {
        case .success(let lib): self.lib = lib
        case .failure(let unavailable): throw unavailable.error
        }
        guard let archive = lib.readNew() else { throw SourceError("cannot open \(displayName): out of memory", category: .io) }
        self.archive = archive
        _ = lib.readSupportFormatZip(archive)
        _ = lib.readSupportFormatTar(archive)
        _ = lib.readSupportFilterGzip(archive)
        budget.readerOpened()
        guard lib.readOpenFilename(archive, path, 1 << 16) == ARCHIVE_OK else {
            let message = error
            close()
            throw SourceError("cannot read \(displayName) as a zip archive: \(message)")
        }
        // Filter 0 is the one next to the format; the last is the file itself.
        isFiltered = lib.filterCount(archive) > 1
        // Reading the first bytes to choose the filters may already have inflated some.
        try charge()
    }

    deinit { close() }

    func close() {
        if let archive { _ = lib.readFree(archive) }
        archive = nil
        isSpent = true
    }

    private var error: String {
        archive.flatMap { lib.errorString($0) }.map { String(cString: $0) } ?? "unknown error"
    }

    /// The next entry's header, or nil at the end.
    func next() throws(SourceError) -> OpaquePointer? {
        guard let archive, !isSpent else { return nil }
        if isFiltered, !entryFinished { try drain() }
        var entry: OpaquePointer?
        let status = lib.readNextHeader(archive, &entry)
        budget.headerRead()
        do { try charge() } catch { isSpent = true; throw error }
        switch status {
        case ARCHIVE_EOF:
            isSpent = true
            return nil
        case ARCHIVE_OK, ARCHIVE_WARN:
            index += 1
            entryFinished = false
            isZip = lib.format(archive) & ARCHIVE_FORMAT_BASE_MASK == ARCHIVE_FORMAT_ZIP
            return entry
        default:
            isSpent = true
            throw SourceError("\(displayName) is damaged: \(error)")
        }
    }

    /// Reads the current entry's data into `buffer`; 0 at its end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SourceError) -> Int {
        guard let archive, !isSpent else { return 0 }
        let n = lib.readData(archive, buffer.baseAddress, buffer.count)
        guard n >= 0 else {
            isSpent = true
            throw SourceError("\(displayName) is damaged: \(error)")
        }
        if n == 0 { entryFinished = true }
        if isZip { zipBytes += Int64(n) }
        do { try charge() } catch { isSpent = true; throw error }
        return n
    }

    /// Reads the rest of the current entry, for nothing but the charge.
    private func drain() throws(SourceError) {
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { scratch.deallocate() }
        while try read(into: scratch) > 0 {}
    }

    /// Charges what was inflated since the last charge: the output of every filter but the file
    /// itself, and the zip format's own output.
    private func charge() throws(SourceError) {
        guard let archive else { return }
        var total = zipBytes
        if isFiltered {
            for filter in 0..<(lib.filterCount(archive) - 1) {
                total += max(lib.filterBytes(archive, filter), 0)
            }
        }
        let fresh = total - charged
        charged = total
        if fresh > 0 { try budget.charge(fresh, archive: displayName) }
    }
}
