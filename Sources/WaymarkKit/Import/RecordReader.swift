/// Reads the fields of one JSON record into typed values, tolerating what the app's server sends
/// (numbers as strings, booleans as "1"/"0", `null` anywhere) and collecting a diagnostic for
/// every value it cannot read instead of stopping at the first.
struct RecordReader {
    let object: JSONObject
    let file: String
    /// Where the record sits; built only when a problem needs it, since most records have none.
    private let makePath: RecordLocation
    /// Zone for wall-clock date-times without an offset.
    let zone: Zone
    private(set) var problems: [Diagnostic] = []

    /// Where a record sits in its file.
    enum RecordLocation {
        case element(Int, inEnvelope: Bool)
        case path(JSONPath)
    }

    init(_ object: JSONObject, file: String, location: RecordLocation, zone: Zone) {
        self.object = object
        self.file = file
        self.makePath = location
        self.zone = zone
    }

    var path: JSONPath {
        switch makePath {
        case .element(let i, let inEnvelope): return inEnvelope ? JSONPath(["data", String(i)]) : JSONPath([String(i)])
        case .path(let p): return p
        }
    }

    /// The value, or nil when absent or null.
    private func present(_ key: String) -> JSONValue? {
        switch object[key] {
        case .none, .some(.null): return nil
        case .some(let v): return v
        }
    }

    private mutating func problem(_ key: String, _ message: String) {
        problems.append(.error(file, .jsonPath(path.appending(key)), message))
    }

    private mutating func missing(_ key: String) {
        problems.append(.error(file, .jsonPath(path), "missing required field \"\(key)\""))
    }

    /// Text of a string, or of a number (some servers send names as numbers).
    mutating func string(_ key: String, required: Bool = false) -> String? {
        guard let value = present(key) else {
            if required { missing(key) }
            return nil
        }
        switch value {
        case .string(let s): return s
        case .number(let n): return n
        default:
            problem(key, "expected text (got \(value.kindDescription))")
            return nil
        }
    }

    /// A non-empty name; blank text counts as missing when required.
    mutating func name(_ key: String, required: Bool = false) -> String? {
        guard let text = string(key, required: required) else { return nil }
        if text.trimmingWhitespace().isEmpty {
            if required { problem(key, "must not be empty") }
            return nil
        }
        return text
    }

    /// The raw text of a number or numeric string.
    private mutating func numberText(_ key: String, required: Bool) -> String? {
        guard let value = present(key) else {
            if required { missing(key) }
            return nil
        }
        switch value {
        case .number(let n): return n
        case .string(let s):
            if s.trimmingWhitespace().isEmpty {
                if required { problem(key, "expected a number (got \"\")") }
                return nil
            }
            return s
        default:
            problem(key, "expected a number (got \(value.quoted))")
            return nil
        }
    }

    private mutating func report(_ failure: NumberText.Failure, _ key: String, _ text: String, expected: String) {
        let got = present(key)?.quoted ?? text
        switch failure {
        case .notANumber: problem(key, "expected \(expected) (got \(got))")
        case .outOfRange: problem(key, "number out of range (got \(got))")
        case .notWhole: problem(key, "expected a whole number (got \(got))")
        }
    }

    mutating func integer(_ key: String, required: Bool = false, range: ClosedRange<Int> = -1_000_000_000...1_000_000_000) -> Int? {
        guard let text = numberText(key, required: required) else { return nil }
        switch NumberText.integer(text, limit: Int(clamping: max(1_000_000_000, range.lowerBound.magnitude, range.upperBound.magnitude))) {
        case .success(let v):
            guard range.contains(v) else {
                problem(key, "must be between \(range.lowerBound) and \(range.upperBound) (got \(present(key)?.quoted ?? text))")
                return nil
            }
            return v
        case .failure(let f):
            report(f, key, text, expected: "a whole number")
            return nil
        }
    }

    mutating func double(_ key: String, required: Bool = false, range: ClosedRange<Double>? = nil, meaning: String = "a number") -> Double? {
        guard let text = numberText(key, required: required) else { return nil }
        switch NumberText.double(text) {
        case .success(let v):
            if let range, !range.contains(v) {
                problem(key, "expected \(meaning) (got \(present(key)?.quoted ?? text))")
                return nil
            }
            return v
        case .failure(let f):
            report(f, key, text, expected: meaning)
            return nil
        }
    }

    /// `true`/`false`, `"1"`/`"0"`, `1`/`0`, `"true"`/`"false"`.
    mutating func bool(_ key: String) -> Bool? {
        guard let value = present(key) else { return nil }
        switch value {
        case .bool(let b): return b
        case .number(let n), .string(let n):
            switch n.trimmingWhitespace().lowercased() {
            case "1", "true": return true
            case "0", "false": return false
            case "": return nil
            default: break
            }
        default: break
        }
        problem(key, "expected true or false, 1 or 0 (got \(value.quoted))")
        return nil
    }

    mutating func moment(_ key: String, required: Bool = false) -> Moment? {
        guard let value = present(key) else {
            if required { missing(key) }
            return nil
        }
        guard case .string(let text) = value else {
            problem(key, "not a date-time (got \(value.quoted))")
            return nil
        }
        if text.trimmingWhitespace().isEmpty {
            if required { problem(key, "not a date-time (got \"\")") }
            return nil
        }
        guard let parsed = DateTimeText.parse(text) else {
            problem(key, "not a date-time (got \(value.quoted))" + DateTimeText.spanNote(text))
            return nil
        }
        return parsed.moment(in: zone)
    }

    mutating func color(_ key: String) -> Color? {
        guard let text = string(key) else { return nil }
        if text.trimmingWhitespace().isEmpty { return nil }
        guard let color = Color(hex: text) else {
            problem(key, "not a colour like #FF6B6B (got \(present(key)?.quoted ?? text))")
            return nil
        }
        return color
    }
}
