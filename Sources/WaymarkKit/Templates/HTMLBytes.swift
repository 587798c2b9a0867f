/// HTML built as UTF-8 bytes, for the pages that hold thousands of table rows: appending to a
/// byte array costs a copy, where each `String` append also checks and updates its bookkeeping.
/// Escaping follows `HTMLEscape` exactly.
struct HTMLBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Markup written by Waymark itself.
    mutating func markup(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Bytes that are already HTML (escaped earlier and kept for reuse).
    mutating func raw(_ html: [UInt8]) {
        bytes.append(contentsOf: html)
    }

    /// Text from the data or the interface, escaped.
    mutating func text(_ text: String) {
        HTMLEscape.append(text, to: &bytes)
    }

    /// The digits of a whole number's magnitude (the caller writes any sign).
    mutating func digits(_ n: UInt) {
        var count = 1
        var rest = n
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var m = n
        var i = start + count - 1
        while m > 0 {
            bytes[i] = UInt8(ascii: "0") + UInt8(m % 10)
            m /= 10
            i -= 1
        }
    }
}
