/// A text node's literal with smart punctuation turned back into the ASCII cmark made it from
/// (“ ” → `"`, ‘ ’ → `'`, – → `--`, — → `---`, … → `...`), remembering where each unit came from,
/// so an autolink can show its URL as written and leave the text around it as cmark wrote it.
struct UnsmartText {
    private(set) var units: [UInt8] = []
    /// For each unit (and one past the end), the literal offset of the character it came from.
    private var origins: [Int] = []
    /// Whether a unit is the first one made from its character (a link may end there).
    private var starts: [Bool] = []

    /// Whether units and literal are the same bytes (no smart character in it): no tables kept.
    private var identity = false

    init(_ literal: [UInt8], smart: Bool) {
        if !smart || !literal.contains(0xE2) {
            units = literal
            identity = true
            return
        }
        units.reserveCapacity(literal.count)
        origins.reserveCapacity(literal.count + 1)
        starts.reserveCapacity(literal.count + 1)
        var i = 0
        while i < literal.count {
            if smart, i + 2 < literal.count, literal[i] == 0xE2, literal[i + 1] == 0x80, let ascii = UnsmartText.ascii(literal[i + 2]) {
                for (k, b) in ascii.enumerated() {
                    units.append(b)
                    origins.append(i)
                    starts.append(k == 0)
                }
                i += 3
            } else {
                units.append(literal[i])
                origins.append(i)
                starts.append(true)
                i += 1
            }
        }
        origins.append(literal.count)
        starts.append(true)
    }

    /// E2 80 xx: the smart characters cmark writes.
    private static func ascii(_ last: UInt8) -> [UInt8]? {
        switch last {
        case 0x93: return Array("--".utf8)
        case 0x94: return Array("---".utf8)
        case 0xA6: return Array("...".utf8)
        case 0x98, 0x99: return [UInt8(ascii: "'")]
        case 0x9C, 0x9D: return [UInt8(ascii: "\"")]
        default: return nil
        }
    }

    func origin(_ unit: Int) -> Int { identity ? unit : origins[unit] }

    /// `unit`, or the start of the character it is part of.
    func pieceStart(atOrBefore unit: Int) -> Int {
        if identity { return unit }
        var u = unit
        while u > 0, !starts[u] { u -= 1 }
        return u
    }
}
