/// HTML written into a `ByteBuffer` by the pages that hold thousands of table rows: markup as it
/// is, text escaped as `HTMLEscape` escapes it.
extension ByteBuffer {
    /// Markup written by Waymark itself.
    @inline(__always)
    mutating func markup(_ text: StaticString) { append(text) }

    /// Bytes that are already HTML (escaped earlier and kept for reuse).
    @inline(__always)
    mutating func raw(_ html: [UInt8]) { append(html) }

    /// Text from the data or the interface, escaped.
    mutating func text(_ text: String) { HTMLEscape.append(text, to: &self) }

    /// The digits of a whole number's magnitude (the caller writes any sign).
    mutating func digits(_ n: UInt) { appendDigits(n) }
}
