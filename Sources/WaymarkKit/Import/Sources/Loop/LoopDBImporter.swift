import CSQLite

/// Loop Habit Tracker's full backup (`Loop Habits Backup <date>.db`): an SQLite database,
/// recognised by the SQLite header and Loop's tables `Habits` and `Repetitions`, whatever the
/// file is called.
///
/// A file on disk is opened where it is, read-only and immutable; one inside a zip archive is
/// read into memory (up to `SQLiteDatabase.maxMemorySize`) and opened with `sqlite3_deserialize`,
/// so no copy is ever written to disk.
enum LoopDBImporter {
    static let name = "Loop Habit Tracker (full backup)"
    static let magic = Array("SQLite format 3\0".utf8)

    static let importer = SourceImporter(
        id: "loop-db", name: name,
        howToExport: "in Loop, Settings → Export full backup (a .db file)",
        claim: { files in files.filter(recognises).map { [$0] } },
        read: { files, _ in read(files) })

    /// An SQLite database with Loop's tables. A damaged one is claimed too when its first page
    /// still names them, so that the user hears why it cannot be read.
    static func recognises(_ file: SourceFile) -> Bool {
        guard file.head.starts(with: magic) else { return false }
        do throws(SQLiteDatabase.Failure) {
            return try open(file).tables(among: ["Habits", "Repetitions"]).count == 2
        } catch {
            return mentions("Habits", in: file.head) && mentions("Repetitions", in: file.head)
        }
    }

    static func read(_ files: [SourceFile]) -> SourcePart {
        guard let file = files.first else { return SourcePart(kind: name, files: []) }
        var builder = LoopPartBuilder(kind: name, files: [file.path])
        do throws(SQLiteDatabase.Failure) {
            let database = try open(file)
            guard try database.tables(among: ["Habits", "Repetitions"]).count == 2 else {
                throw SQLiteDatabase.Failure(message: "it has no Habits and Repetitions tables, so it is not a Loop Habit Tracker backup", code: 0)
            }
            try LoopDBReader(database: database, file: file.path).read(into: &builder)
        } catch {
            builder.part.diagnostics.append(.error(file.path, .file, "cannot be read: " + explain(error)))
        }
        return builder.finish()
    }

    /// The database of `file`: in place on disk, else from its bytes in memory.
    static func open(_ file: SourceFile) throws(SQLiteDatabase.Failure) -> SQLiteDatabase {
        if let path = file.diskPath { return try SQLiteDatabase(path: path) }
        let bytes: [UInt8]
        do throws(SourceError) {
            bytes = try file.readAll(limit: SQLiteDatabase.maxMemorySize)
        } catch {
            throw SQLiteDatabase.Failure(message: error.message + "; unzip it and give the .db file itself", code: SQLITE_IOERR)
        }
        return try SQLiteDatabase(bytes: bytes)
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
