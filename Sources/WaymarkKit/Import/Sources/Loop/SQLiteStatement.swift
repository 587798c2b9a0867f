import CSQLite

/// One prepared statement of a `SQLiteDatabase`, stepped row by row.
final class SQLiteStatement {
    /// A column's value as SQLite stores it (columns have no fixed type in SQLite).
    enum Value: Equatable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        /// A blob, by its size: no Loop column holds one.
        case blob(Int)
    }

    private var statement: OpaquePointer?
    /// Kept so the connection outlives its statements.
    private let database: SQLiteDatabase

    init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    /// Moves to the next row; false at the end. A damaged page or the step budget running out
    /// throws.
    func step() throws(SQLiteDatabase.Failure) -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case SQLITE_INTERRUPT:
            throw SQLiteDatabase.Failure(message: "reading took too long and was stopped", code: status)
        default:
            throw database.failure(status)
        }
    }

    /// The value of column `index` (0-based) of the current row.
    func value(_ index: Int32) -> Value {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            // Asking for the text before its length, as SQLite's documentation says; text may
            // hold NUL bytes, so the length is used, and bad UTF-8 becomes U+FFFD.
            guard let text = sqlite3_column_text(statement, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: max(0, count)), as: UTF8.self))
        case SQLITE_BLOB: return .blob(Int(sqlite3_column_bytes(statement, index)))
        default: return .null
        }
    }
}
