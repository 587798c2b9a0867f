#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// HTML built as UTF-8 bytes, for the pages that hold thousands of table rows. The bytes live in
/// one buffer of its own, grown by doubling, and every piece is copied in with `memcpy`: appending
/// to an `Array` checks uniqueness and capacity through generic code for each of the ten or so
/// pieces of a row, which cost more than the copies. Escaping follows `HTMLEscape` exactly.
struct HTMLBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    private mutating func append(_ start: UnsafePointer<UInt8>, _ n: Int) {
        if count + n > capacity {
            var grown = capacity * 2
            while count + n > grown { grown *= 2 }
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            larger.update(from: base, count: count)
            base.deallocate()
            base = larger
            capacity = grown
        }
        memcpy(base + count, start, n)
        count += n
    }

    /// Markup written by Waymark itself.
    mutating func markup(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    /// The bytes of `other`, copied in directly (no `Array` between).
    mutating func append(_ other: borrowing HTMLBytes) {
        if other.count > 0 { append(other.base, other.count) }
    }

    /// Empties the buffer and keeps its room, for a part written again and again (a day of a
    /// table), which then grows once rather than each time.
    mutating func removeAll() { count = 0 }

    /// Bytes that are already HTML (escaped earlier and kept for reuse).
    mutating func raw(_ html: [UInt8]) {
        html.withUnsafeBufferPointer { b in if let start = b.baseAddress { append(start, b.count) } }
    }

    /// Text from the data or the interface, escaped.
    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { source in HTMLEscape.escape(source) { start, n in append(start, n) } }
    }

    /// The digits of a whole number's magnitude (the caller writes any sign).
    mutating func digits(_ n: UInt) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits
        withUnsafeMutableBytes(of: &digits) { room in
            var i = room.count
            var m = n
            repeat {
                i -= 1
                room[i] = UInt8(ascii: "0") + UInt8(m % 10)
                m /= 10
            } while m > 0
            if let start = room.baseAddress {
                append(start.assumingMemoryBound(to: UInt8.self) + i, room.count - i)
            }
        }
    }
}
