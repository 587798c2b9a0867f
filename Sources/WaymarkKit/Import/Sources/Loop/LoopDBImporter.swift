import CSQLite

/// Loop Habit Tracker's full backup (`Loop Habits Backup <date>.db`): an SQLite database,
/// recognised by the SQLite header and Loop's tables `Habits` and `Repetitions`, whatever the
/// file is called.
///
/// A file on disk is opened where it is, read-only and immutable; one inside a zip archive is
/// read into memory (up to `SQLiteDatabase.maxMemorySize`) and opened with `sqlite3_deserialize`,
/// so no copy is ever written to disk. A database in WAL mode with its write-ahead log beside it
/// (`NAME-wal`, on disk or in the same archive) is read with the log applied in memory
/// (`SQLiteWAL`): the newest changes, even every table, may still be only there.
enum LoopDBImporter {
    static let name = "Loop Habit Tracker (full backup)"
    static let magic = Array("SQLite format 3\0".utf8)

    static let importer = SourceImporter(
        id: "loop-db", name: name,
        howToExport: "in Loop, Settings → Export full backup (a .db file)",
        claim: claim, read: { files, _ in read(files) }, explain: unreadable,
        // Recognising a backup opens it, which its head alone does not allow.
        mayRead: { $0.head.starts(with: magic) || $0.relative.hasSuffix("-wal") })

    /// Each backup, with its write-ahead log when one is beside it.
    static func claim(_ files: [SourceFile]) -> [[SourceFile]] {
        var byRelative: [String: SourceFile] = [:]
        for file in files where file.relative.hasSuffix("-wal") { byRelative[file.relative] = file }
        return files.compactMap { file in
            guard file.head.starts(with: magic) else { return nil }
            let log = writeAheadLog(of: file, among: byRelative)
            guard recognises(file, log: log) else { return nil }
            return log.map { [file, $0] } ?? [file]
        }
    }

    /// An SQLite database with Loop's tables. A damaged one is claimed too when its first page
    /// still names them, so that the user hears why it cannot be read.
    static func recognises(_ file: SourceFile, log: SourceFile? = nil) -> Bool {
        guard file.head.starts(with: magic) else { return false }
        do throws(SQLiteDatabase.Failure) {
            return try open(file, log: log).database.tables(among: ["Habits", "Repetitions"]).count == 2
        } catch {
            return mentions("Habits", in: file.head) && mentions("Repetitions", in: file.head)
        }
    }

    static func read(_ files: [SourceFile]) -> SourcePart {
        guard let file = files.first else { return SourcePart(kind: name, files: []) }
        let log = files.dropFirst().first
        var builder = LoopPartBuilder(kind: name, files: files.map(\.path))
        do throws(SQLiteDatabase.Failure) {
            let (database, frames) = try open(file, log: log)
            guard try database.tables(among: ["Habits", "Repetitions"]).count == 2 else {
                throw SQLiteDatabase.Failure(message: "it has no Habits and Repetitions tables, so it is not a Loop Habit Tracker backup", code: 0)
            }
            if let log {
                builder.part.remarks.append(frames > 0
                    ? "read with its write-ahead log \(log.name), which held \(frames) committed page write\(frames == 1 ? "" : "s") newer than \(file.name)"
                    : "its write-ahead log \(log.name) holds no committed change; \(file.name) was read as it is")
            }
            try LoopDBReader(database: database, file: file.path).read(into: &builder)
        } catch {
            builder.part.diagnostics.append(.error(file.path, .file, "cannot be read: " + explain(error)))
        }
        return builder.finish()
    }

    /// The database of `file`: in place on disk, else from its bytes in memory; with `log`, from
    /// the bytes with the log's committed frames applied (how many, 0 when none or no log).
    static func open(_ file: SourceFile, log: SourceFile? = nil) throws(SQLiteDatabase.Failure) -> (database: SQLiteDatabase, frames: Int) {
        if log == nil, let path = file.diskPath { return (try SQLiteDatabase(path: path), 0) }
        var bytes = try readAll(file)
        var frames = 0
        if let log {
            let logBytes = try readAll(log)
            do throws(SQLiteWAL.Failure) {
                if let applied = try SQLiteWAL.apply(logBytes, to: bytes) {
                    bytes = applied.bytes
                    frames = applied.frames
                }
            } catch {
                throw SQLiteDatabase.Failure(message: error.message, code: SQLITE_CORRUPT)
            }
        }
        return (try SQLiteDatabase(bytes: bytes), frames)
    }

    private static func readAll(_ file: SourceFile) throws(SQLiteDatabase.Failure) -> [UInt8] {
        do throws(SourceError) {
            return try file.readAll(limit: SQLiteDatabase.maxMemorySize)
        } catch {
            let hint = file.diskPath == nil ? "; unzip it and give the .db file itself" : ""
            throw SQLiteDatabase.Failure(message: "\(file.name) " + error.message + hint, code: SQLITE_IOERR)
        }
    }

    /// `NAME-wal` beside a database in WAL mode (header bytes 18 and 19 are 2): an entry of the same
    /// source, else a file beside it on disk.
    static func writeAheadLog(of file: SourceFile, among byRelative: [String: SourceFile]) -> SourceFile? {
        guard file.head.count >= 20, file.head[18] == 2 || file.head[19] == 2 else { return nil }
        if let entry = byRelative[file.relative + "-wal"] { return entry }
        guard let disk = file.diskPath.map({ $0 + "-wal" }), FileSystem.local.kind(disk) == .file else { return nil }
        let fs = FileSystem.local
        let display = file.path + "-wal"
        return SourceFile(path: display, relative: file.relative + "-wal", size: fs.fileSize(disk).map(Int64.init), head: [],
                          diskPath: disk) { () throws(SourceError) -> ByteStream in
            do throws(FileSystemError) { return try fs.openRead(disk) } catch {
                throw SourceError("\(display): cannot be read: \(error.detail)", category: .missingInput)
            }
        }
    }

    /// Why a database nobody claimed cannot be read, when it is the likely case of a backup whose
    /// tables are all still in its write-ahead log: WAL mode, no table in the file, no log beside it.
    static func unreadable(_ file: SourceFile, among files: [SourceFile]) -> String? {
        guard file.head.starts(with: magic), file.head.count >= 20, file.head[18] == 2 || file.head[19] == 2 else { return nil }
        let log = file.name + "-wal"
        if files.contains(where: { $0.relative == file.relative + "-wal" }) || file.diskPath.map({ FileSystem.local.kind($0 + "-wal") == .file }) == true {
            return "an SQLite database in WAL mode without Loop Habit Tracker's tables, also with its write-ahead log \(log) applied"
        }
        guard (try? open(file).database.hasNoTables()) == true else { return nil }
        return "an SQLite database in WAL mode whose tables are all still in its write-ahead log, \(log), which is not beside it; if it is a Loop Habit Tracker backup, open Loop and export the backup again, or copy \(log) beside it"
    }

    /// SQLite's message in the user's terms.
    static func explain(_ error: SQLiteDatabase.Failure) -> String {
        switch error.code {
        case SQLITE_CORRUPT: return "the database is damaged (SQLite: \(Diagnostic.shorten(error.message, limit: 200)))"
        case SQLITE_NOTADB: return "it is not an SQLite database, or it is damaged (SQLite: \(Diagnostic.shorten(error.message, limit: 200)))"
        default: return Diagnostic.shorten(error.message, limit: 200)
        }
    }

    /// Whether `name` appears in `bytes` as ASCII.
    static func mentions(_ name: String, in bytes: [UInt8]) -> Bool {
        let needle = Array(name.utf8)
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
