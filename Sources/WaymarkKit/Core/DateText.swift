/// Short texts of numbers and words ("Nov 29, 2026", "2026年11月29日") written straight as UTF-8
/// into a buffer on the stack. String interpolation formats each number through a general
/// description and grows its string piece by piece; a year's calendar names about 1,100 days,
/// and an English date of up to 15 bytes then needs no allocation at all.
struct DateText {
    /// Room for the longest text made here: three numbers of up to 20 digits and a sign, and
    /// words of at most 9 bytes ("September") or three 3-byte characters.
    static let capacity = 96

    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// The text `body` writes.
    static func make(_ body: (inout DateText) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var text = DateText(buffer)
            body(&text)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<text.count]), as: UTF8.self)
        }
    }

    /// Appends the text `body` writes to `bytes`: a chart that names hundreds of days writes
    /// each date into its own buffer, with no `String` between.
    static func append(to bytes: inout [UInt8], _ body: (inout DateText) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var text = DateText(buffer)
            body(&text)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<text.count]))
        }
    }

    /// Appends the text `body` writes straight into `bytes`' room.
    static func append(to bytes: inout ByteBuffer, _ body: (inout DateText) -> Void) {
        bytes.appendInPlace(maximum: capacity) { room in
            var text = DateText(room)
            body(&text)
            return text.count
        }
    }

    /// `n` in decimal digits, "-" before a negative one (as `String(n)` writes it).
    mutating func number(_ n: Int) {
        if n < 0 { byte(UInt8(ascii: "-")) }
        var m = n.magnitude
        let digits = decimalDigitCount(UInt64(m))
        guard count + digits <= buffer.count else { return }
        for i in stride(from: count + digits - 1, through: count, by: -1) {
            buffer[i] = UInt8(48 + m % 10)
            m /= 10
        }
        count += digits
    }

    /// The bytes of `literal` ("年", ", "): copied from the binary, with no `String`.
    mutating func literal(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// A month's English name, short ("Nov") or long ("November"), for `month` 1…12.
    mutating func month(_ month: Int, long: Bool) {
        (long ? LocaleFormat.monthsLongUTF8 : LocaleFormat.monthsShortUTF8)[month - 1].withUnsafeBufferPointer { append($0) }
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard count + bytes.count <= buffer.count else { return }
        _ = UnsafeMutableBufferPointer(rebasing: buffer[count..<(count + bytes.count)]).initialize(fromContentsOf: bytes)
        count += bytes.count
    }

    private mutating func byte(_ b: UInt8) {
        guard count < buffer.count else { return }
        buffer[count] = b
        count += 1
    }
}
