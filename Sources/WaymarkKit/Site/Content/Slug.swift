/// Turns names from the data into safe file names: lower-case ASCII letters, digits and `-`,
/// never empty, never `.`/`..`, never a reserved name, unique within one `Slugger`.
public struct Slugger: Sendable {
    private var used: Set<String>
    /// Names the site itself uses in the same folder.
    public static let reserved: Set<String> = ["index", "media", "page", "period", "assets"]

    public init(reserved: Set<String> = Slugger.reserved) {
        used = reserved
    }

    /// The slug for `name`; `fallback` is used when the name has no ASCII letters or digits
    /// (e.g. "晨跑"), and is itself made safe.
    public mutating func slug(for name: String, fallback: String) -> String {
        var base = Slugger.ascii(name)
        if base.isEmpty { base = Slugger.ascii(fallback) }
        if base.isEmpty { base = "item" }
        var candidate = base
        var n = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(n)"
            n += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// ASCII letters and digits lower-cased, runs of anything else as one `-`, at most 60 characters.
    public static func ascii(_ text: String) -> String {
        var out = ""
        var dash = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let isAlnum = (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A)
            if isAlnum {
                if dash && !out.isEmpty { out.append("-") }
                dash = false
                out.unicodeScalars.append(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(UInt8(v + 32)) : scalar)
                if out.utf8.count >= 60 { break }
            } else {
                dash = true
            }
        }
        return out
    }

    /// A short stable hash (FNV-1a, 32 bits, hex) for fallbacks that must not depend on order.
    public static func hash(_ text: String) -> String {
        var h: UInt32 = 0x811C_9DC5
        for b in text.utf8 {
            h ^= UInt32(b)
            h = h &* 0x0100_0193
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
