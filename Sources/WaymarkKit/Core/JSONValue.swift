/// A parsed JSON value.
///
/// Numbers keep their source text: numeric strings (`"62.5"`) and numbers (`62.5`) then share one
/// conversion path, and messages can quote exactly what the file said (`1e400`, `-0`).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the value's kind for messages: "a string", "an object", …
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value as it would appear in JSON, shortened for messages.
    public var quoted: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let text): return Diagnostic.shorten(text)
        case .string(let s): return "\"" + Diagnostic.shorten(s) + "\""
        case .array(let a): return "an array of \(a.count)"
        case .object: return "an object"
        }
    }
}

/// JSON object members in file order. Records have few fields, so a linear scan beats hashing.
public struct JSONObject: Sendable, Equatable {
    public var members: [(key: String, value: JSONValue)]

    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    /// The value of the last member named `key` (JSON parsers commonly let the last one win).
    public subscript(key: String) -> JSONValue? {
        var i = members.count - 1
        while i >= 0 {
            if members[i].key == key { return members[i].value }
            i -= 1
        }
        return nil
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count && zip(a.members, b.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
