/// An SQLite write-ahead log (`NAME-wal`) applied to its database's bytes, in memory, as SQLite
/// itself recovers a log when it opens a database.
///
/// A database in WAL mode keeps its newest changes in the log until a checkpoint copies them into
/// the file, so a copy of the file alone (which is what a Loop backup is) can lack them, even
/// every table. SQLite would read the log only by opening the database read-write or in `mode=ro`,
/// which creates a `-shm` file beside the user's database (and fails where the folder is
/// read-only); with `immutable=1` it ignores the log. Here the log's committed frames are
/// checked and copied onto the pages in memory: nothing is written anywhere.
///
/// The format (sqlite.org/fileformat2.html, "The Write-Ahead Log"): a 32-byte header (magic
/// 0x377f0682 or 0x377f0683, version, page size, checkpoint sequence, two salts, a checksum of
/// the first 24 bytes), then frames of a 24-byte header (page number, the database's size in pages
/// after a commit or 0, the salts, a running checksum) and one page. Frames count up to the first
/// whose salts or checksum do not match; of those, the ones up to the last commit are applied.
enum SQLiteWAL {
    struct Failure: Error, Equatable, Sendable {
        var message: String
    }

    /// What applying a log gave.
    struct Applied: Equatable, Sendable {
        /// The database's bytes as of the log's last commit.
        var bytes: [UInt8]
        /// Frames applied (pages written, a page counted each time it was written).
        var frames: Int
    }

    /// `database` with the committed frames of `log` applied; nil when the log holds no commit
    /// (it is empty, cut before its first commit, or left from before the last checkpoint).
    static func apply(_ log: [UInt8], to database: [UInt8]) throws(Failure) -> Applied? {
        guard log.count >= 32 else { return nil }
        let magic = word(log, 0, bigEndian: true)
        guard magic == 0x377F_0682 || magic == 0x377F_0683 else {
            throw Failure(message: "its write-ahead log does not start like one (no SQLite WAL header)")
        }
        let bigEndian = magic == 0x377F_0683
        let pageSize = Int(word(log, 8, bigEndian: true))
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else {
            throw Failure(message: "its write-ahead log has an impossible page size (\(pageSize))")
        }
        let salts = (word(log, 16, bigEndian: true), word(log, 20, bigEndian: true))
        var sum = checksum(log, 0..<24, bigEndian: bigEndian, from: (0, 0))
        guard sum == (word(log, 24, bigEndian: true), word(log, 28, bigEndian: true)) else { return nil }

        // The newest committed copy of each page, and the database's size at that commit.
        var committed: [Int: Int] = [:]
        var pending: [Int: Int] = [:]
        var pages: Int?
        var frames = 0, pendingFrames = 0
        var offset = 32
        while offset + 24 + pageSize <= log.count {
            let page = Int(word(log, offset, bigEndian: true))
            let sizeAfterCommit = Int(word(log, offset + 4, bigEndian: true))
            guard page >= 1, (word(log, offset + 8, bigEndian: true), word(log, offset + 12, bigEndian: true)) == salts else { break }
            sum = checksum(log, offset..<(offset + 8), bigEndian: bigEndian, from: sum)
            sum = checksum(log, (offset + 24)..<(offset + 24 + pageSize), bigEndian: bigEndian, from: sum)
            guard sum == (word(log, offset + 16, bigEndian: true), word(log, offset + 20, bigEndian: true)) else { break }
            pending[page] = offset + 24
            pendingFrames += 1
            if sizeAfterCommit > 0 {
                committed.merge(pending) { _, newer in newer }
                pending = [:]
                frames += pendingFrames
                pendingFrames = 0
                pages = sizeAfterCommit
            }
            offset += 24 + pageSize
        }
        guard let pages else { return nil }
        let (size, overflow) = pages.multipliedReportingOverflow(by: pageSize)
        guard !overflow, size <= SQLiteDatabase.maxMemorySize else {
            throw Failure(message: "its write-ahead log makes the database larger than \(SQLiteDatabase.maxMemorySize >> 20) MiB")
        }
        var bytes = Array(database.prefix(size))
        if bytes.count < size { bytes += [UInt8](repeating: 0, count: size - bytes.count) }
        for (page, start) in committed where page <= pages {
            bytes.replaceSubrange(((page - 1) * pageSize)..<(page * pageSize), with: log[start..<(start + pageSize)])
        }
        return Applied(bytes: bytes, frames: frames)
    }

    private static func word(_ bytes: [UInt8], _ at: Int, bigEndian: Bool) -> UInt32 {
        let b0 = UInt32(bytes[at]), b1 = UInt32(bytes[at + 1]), b2 = UInt32(bytes[at + 2]), b3 = UInt32(bytes[at + 3])
        return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
    }

    /// SQLite's running checksum over `range` (a multiple of 8 bytes), in the log's byte order.
    private static func checksum(_ bytes: [UInt8], _ range: Range<Int>, bigEndian: Bool, from start: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (s1, s2) = start
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            s1 = s1 &+ word(bytes, i, bigEndian: bigEndian) &+ s2
            s2 = s2 &+ word(bytes, i + 4, bigEndian: bigEndian) &+ s1
            i += 8
        }
        return (s1, s2)
    }
}
