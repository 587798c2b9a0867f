/// One problem found in an export, with the file and the place inside it.
///
/// Printed like a compiler message: `points.json: /data/17/pointDate: not a date-time (got "2026-13-01")`
/// or `points.json:3:17: expected ',' or ']' after an array element`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    public enum Location: Sendable, Hashable {
        case file
        case jsonPath(JSONPath)
        case lineColumn(line: Int, column: Int)
        /// A line of a CSV or XML file (1-based).
        case line(Int)
        /// A row of an SQLite table, by its row id.
        case row(table: String, id: Int64)
    }

    /// What kind of failure an error is, which decides the exit code.
    public enum Category: Sendable, Hashable {
        /// The content is wrong (exit 65).
        case data
        /// The export or one of its files is missing or unreadable (exit 66).
        case missingInput
        /// Reading failed for another reason (exit 74).
        case io
    }

    public var severity: Severity
    public var category: Category = .data
    /// The kind of failure an error of this category is.
    public var kind: ErrorKind {
        switch category {
        case .data: return .badData
        case .missingInput: return .missingInput
        case .io: return .io
        }
    }
    /// The problem spoils one record only; `--skip-invalid` may drop that record and go on.
    public var dropsRecord = false
    /// Path relative to the export directory, e.g. `points.json` or `notes/run.md`.
    public var file: String
    public var location: Location
    public var message: String

    public init(_ severity: Severity, file: String, _ location: Location, _ message: String) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
    }

    public static func error(_ file: String, _ location: Location, _ message: String,
                             category: Category = .data) -> Diagnostic {
        var d = Diagnostic(.error, file: file, location, message)
        d.category = category
        return d
    }

    public static func warning(_ file: String, _ location: Location, _ message: String) -> Diagnostic {
        Diagnostic(.warning, file: file, location, message)
    }

    public var description: String {
        let name = Diagnostic.shorten(file, limit: 120)
        switch location {
        case .file: return "\(name): \(message)"
        case .jsonPath(let path): return "\(name): \(Diagnostic.shorten(path.description, limit: 120)): \(message)"
        case .lineColumn(let line, let column): return "\(name):\(line):\(column): \(message)"
        case .line(let line): return "\(name):\(line): \(message)"
        case .row(let table, let id): return "\(name): \(table) row \(id): \(message)"
        }
    }

    /// A path or a file name as every summary and message prints it: escaped by `shorten`,
    /// and cut only past `pathLimit` characters, so a path to copy stays whole.
    public static func path(_ text: String) -> String { shorten(text, limit: pathLimit) }
    public static let pathLimit = 1_024

    /// Makes a value from the data safe and short enough to quote in a terminal message:
    /// control characters, bidi overrides and quotes are escaped, and long values are cut with "…".
    public static func shorten(_ text: String, limit: Int = 60) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    /// A path as one word of a command to paste into a shell: as it is when every character is
    /// one a shell takes literally, else in single quotes (`'s p/ü'`, a quote inside as `'\''`);
    /// a relative path beginning with `-` or `=` after `./`, which no command takes for an
    /// option and zsh does not expand.
    /// A path with characters a terminal must not be sent raw (controls, bidi overrides) is
    /// shown escaped as `path` shows it: it cannot be pasted in any form.
    public static func shellWord(_ path: String) -> String {
        guard !path.isEmpty else { return "''" }
        if path.hasPrefix("-") || path.hasPrefix("=") { return shellWord("./" + path) }
        let plain = path.unicodeScalars.allSatisfy { s in
            s.isASCII && (("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || "_-./+,:@%=".unicodeScalars.contains(s))
        }
        if plain { return path }
        let unsafe = path.unicodeScalars.contains { s in
            switch s.value {
            case 0x00..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: return true
            default: return false
            }
        }
        if unsafe { return self.path(path) }
        return "'" + path.replacing("'", with: "'\\''") + "'"
    }
}
