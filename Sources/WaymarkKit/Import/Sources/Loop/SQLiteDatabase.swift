import CSQLite

/// A read-only SQLite connection to a database from somewhere else (a Loop Habit Tracker backup),
/// set up so that neither the user's file nor a hostile one can be harmed or do harm:
///
/// - A file on disk is opened with `SQLITE_OPEN_READONLY` and a `file:` URI with `immutable=1`:
///   SQLite takes no lock and never creates a `-journal`, `-wal` or `-shm` file beside it (with
///   `mode=ro` alone it does create `-wal` and `-shm` for a database in WAL mode).
/// - Bytes (an entry of a zip archive, a test) are handed to `sqlite3_deserialize` as a read-only
///   in-memory database: nothing is written to disk at all, not even a temporary copy.
/// - Strings and rows are capped (`SQLITE_LIMIT_LENGTH`), functions in the schema do not run
///   (`trusted_schema=OFF`), damaged pages are caught early (`cell_size_check`), and a progress
///   handler stops any statement that runs far longer than reading a real backup takes.
final class SQLiteDatabase {
    /// Why the database could not be opened or read, in SQLite's words.
    struct Failure: Error, Sendable {
        var message: String
        /// SQLite's primary result code (`SQLITE_CORRUPT`, `SQLITE_NOTADB`, …).
        var code: Int32
    }

    /// The most a database handed over as bytes may weigh (a Loop backup of ten years is a few MB).
    static let maxMemorySize = 256 << 20
    /// The longest string or row SQLite will build.
    static let maxLength: Int32 = 16 << 20
    /// How many progress callbacks (each every 1,000 virtual machine steps) a connection gets in
    /// all: some billion steps, tens of seconds, far more than reading any real backup takes.
    static let stepBudget = 1_000_000

    private(set) var handle: OpaquePointer?
    private let budget = Budget()

    /// The steps left before statements are interrupted; a class so the C callback can reach it.
    private final class Budget {
        var remaining = SQLiteDatabase.stepBudget
    }

    /// Opens the file at `path` read-only and immutable.
    init(path: String) throws(Failure) {
        var db: OpaquePointer?
        let status = sqlite3_open_v2(Self.uri(path), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        handle = db
        guard status == SQLITE_OK, db != nil else { throw closing(status) }
        try harden()
    }

    /// Opens `bytes` (a whole database file) as a read-only database in memory.
    init(bytes: [UInt8]) throws(Failure) {
        // The header alone is 100 bytes; less cannot be a database (and sqlite3_malloc64(0) may
        // return nil).
        guard bytes.count >= 100 else { throw Failure(message: "file is not a database (shorter than an SQLite header)", code: SQLITE_NOTADB) }
        guard bytes.count <= Self.maxMemorySize else {
            throw Failure(message: "the database is larger than \(Self.maxMemorySize >> 20) MiB", code: SQLITE_TOOBIG)
        }
        var db: OpaquePointer?
        let status = sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READONLY, nil)
        handle = db
        guard status == SQLITE_OK, db != nil else { throw closing(status) }
        guard let buffer = sqlite3_malloc64(UInt64(bytes.count))?.assumingMemoryBound(to: UInt8.self) else {
            throw closing(SQLITE_NOMEM)
        }
        bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            buffer.update(from: base, count: bytes.count)
        }
        // A database in WAL mode (header bytes 18 and 19 are 2) cannot be deserialized: SQLite
        // would look for its WAL. This copy says "rollback journal" instead, which changes nothing
        // for reading (a log beside the file has been applied to these bytes by `SQLiteWAL`).
        if buffer[18] == 2 { buffer[18] = 1 }
        if buffer[19] == 2 { buffer[19] = 1 }
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
        // On failure sqlite3_deserialize frees the buffer itself (FREEONCLOSE).
        let loaded = sqlite3_deserialize(db, "main", buffer, Int64(bytes.count), Int64(bytes.count), flags)
        guard loaded == SQLITE_OK else { throw closing(loaded) }
        try harden()
    }

    deinit { close() }

    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// `PRAGMA user_version`: the schema version the app wrote.
    func userVersion() throws(Failure) -> Int64 {
        let statement = try prepare("PRAGMA user_version")
        guard try statement.step(), case .integer(let version) = statement.value(0) else { return 0 }
        return version
    }

    /// The names of `table`'s columns, lower-cased, in order.
    func columns(of table: String) throws(Failure) -> [String] {
        // The table name is one of ours, never from the data; quoting keeps it a name anyway.
        let statement = try prepare("PRAGMA table_info(\"\(table.replacingAll("\"", with: "\"\""))\")")
        var names: [String] = []
        while try statement.step() {
            if case .text(let name) = statement.value(1) { names.append(name.lowercased()) }
        }
        return names
    }

    /// The lower-cased names of the real tables (not views) among `names`.
    func tables(among names: [String]) throws(Failure) -> Set<String> {
        let statement = try prepare("SELECT lower(name) FROM sqlite_master WHERE type = 'table'")
        var found = Set<String>()
        let wanted = Set(names.map { $0.lowercased() })
        while try statement.step() {
            if case .text(let name) = statement.value(0), wanted.contains(name) { found.insert(name) }
        }
        return found
    }

    /// Whether the schema holds no table, view, index or trigger at all.
    func hasNoTables() throws(Failure) -> Bool {
        let statement = try prepare("SELECT count(*) FROM sqlite_master")
        guard try statement.step(), case .integer(let count) = statement.value(0) else { return false }
        return count == 0
    }

    func prepare(_ sql: String) throws(Failure) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw failure(status)
        }
        return SQLiteStatement(statement, database: self)
    }

    /// The connection's last error as a `Failure`.
    func failure(_ status: Int32) -> Failure {
        let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
        return Failure(message: message, code: status & 0xFF)
    }

    /// The failure, with the half-open connection closed.
    private func closing(_ status: Int32) -> Failure {
        let error = failure(status)
        close()
        return error
    }

    private func harden() throws(Failure) {
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Self.maxLength)
        sqlite3_progress_handler(handle, 1000, { context in
            guard let context else { return 1 }
            let budget = Unmanaged<Budget>.fromOpaque(context).takeUnretainedValue()
            budget.remaining -= 1
            return budget.remaining > 0 ? 0 : 1
        }, Unmanaged.passUnretained(budget).toOpaque())
        for pragma in ["PRAGMA trusted_schema = OFF", "PRAGMA cell_size_check = ON", "PRAGMA query_only = ON",
                       "PRAGMA temp_store = MEMORY"] {
            let status = sqlite3_exec(handle, pragma, nil, nil, nil)
            guard status == SQLITE_OK else { throw closing(status) }
        }
    }

    /// A `file:` URI for `path`: `%`, `?` and `#` escaped, and an empty authority before an
    /// absolute path so that a path starting with `//` is not read as a host name.
    static func uri(_ path: String) -> String {
        var escaped = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?immutable=1"
    }
}

extension String {
    /// The string with every `target` replaced (Foundation-free).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
