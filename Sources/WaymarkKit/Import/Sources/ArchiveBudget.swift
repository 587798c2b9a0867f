import Synchronization

/// What reading one archive may cost and what it has cost so far, shared by every reader of it.
///
/// Every byte a decompressor produces is charged, whether its entry is read, looked at or only
/// passed over, and at every level: a tar inside gzip inside gzip pays for both gzip outputs. A
/// `.tar.gz` has to be inflated to be skipped, so an entry nobody reads costs as much as one that
/// is read, and a zip bomb cannot hide in an entry no importer wants. The limit is `expansion`
/// times the archive's size, never less than `minimum`: one level of deflate stays under about
/// 1,032 to 1 on any data, so only nested or crafted compression goes beyond it.
final class ArchiveBudget: Sendable {
    /// What has been spent, for tests and messages.
    struct Work: Equatable, Sendable {
        /// Bytes produced by decompression, at every level.
        var inflated: Int64
        /// libarchive readers opened on the archive (each one starts from its first byte).
        var readersOpened: Int
        /// Entry headers read, by all readers together.
        var headersRead: Int
    }

    let limit: Int64
    let expansion: Int64
    let minimum: Int64
    private let archiveSize: Int64
    private let inflated = Atomic<Int64>(0)
    private let readers = Atomic<Int>(0)
    private let headers = Atomic<Int>(0)

    init(archiveSize: Int64, expansion: Int64, minimum: Int64) {
        self.archiveSize = archiveSize
        self.expansion = expansion
        self.minimum = minimum
        limit = max(archiveSize.multipliedReportingOverflow(by: expansion).partialValue, minimum)
    }

    var work: Work {
        Work(inflated: inflated.load(ordering: .relaxed), readersOpened: readers.load(ordering: .relaxed),
             headersRead: headers.load(ordering: .relaxed))
    }

    func readerOpened() { readers.wrappingAdd(1, ordering: .relaxed) }
    func headerRead() { headers.wrappingAdd(1, ordering: .relaxed) }

    /// Adds `bytes` inflated from `archive`; throws once the total is over the limit (and on every
    /// later charge, so every reader of the archive stops).
    func charge(_ bytes: Int64, archive: String) throws(SourceError) {
        let total = inflated.wrappingAdd(bytes, ordering: .relaxed).newValue
        guard total <= limit else {
            throw SourceError("\(archive): unpacking it produced more than \(Self.size(limit)), the most Waymark inflates from an archive of \(Self.size(archiveSize)) (\(LocaleFormat(.en).integer(Int(expansion))) times its size, at least \(Self.size(minimum))); it looks like a zip bomb and was not read further")
        }
    }

    /// `64 MiB`, `2 KiB`: sizes in messages, rounded down.
    static func size(_ bytes: Int64) -> String {
        if bytes >= 1 << 20 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
