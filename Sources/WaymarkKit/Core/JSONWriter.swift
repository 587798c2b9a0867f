/// Writes JSON with keys in the order given, two-space indentation and a final newline, so the
/// same data always gives the same bytes.
public enum JSONOutput: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number written with exactly `places` decimals, rounded half away from zero.
    case fixed(Double, places: Int)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    public static func == (a: JSONOutput, b: JSONOutput) -> Bool { a.text == b.text }

    /// `.fixed` for a value, `.null` when nil.
    public static func fixed(_ value: Double?, _ places: Int) -> JSONOutput {
        value.map { .fixed($0, places: places) } ?? .null
    }

    public var text: String {
        var out = ""
        write(&out, indent: 0)
        return out + "\n"
    }

    private func write(_ out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .fixed(let d, let places): out += LocaleFormat.fixed(d, places: places)
        case .string(let s): JSONOutput.quote(s, into: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(&out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                JSONOutput.quote(key, into: &out)
                out += ": "
                value.write(&out, indent: indent + 1)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// A JSON string; `<`, `>` and `&` are escaped too unless `htmlSafe` is false, so the file is
    /// safe to inline in HTML (a config file people read keeps them as they are).
    static func quote(_ s: String, into out: inout String, htmlSafe: Bool = true) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}", "\u{2029}":
                out += "\\u" + pad4(scalar.value)
            case "<" where htmlSafe, ">" where htmlSafe, "&" where htmlSafe:
                out += "\\u" + pad4(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += "\\u" + pad4(scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        out += "\""
    }

    private static func pad4(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: false)
        return String(repeating: "0", count: 4 - s.count) + s
    }
}
