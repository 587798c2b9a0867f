#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes written in place, for the pages, charts and tables Waymark writes a piece at a time.
/// The bytes live in one buffer of its own, grown by doubling. A page is thousands of pieces of a
/// few bytes each: appending one to an `Array` goes through generic code that checks uniqueness
/// and capacity and then calls `memcpy`, which together cost several times the copy; here a short
/// piece is two word-sized moves after one comparison. It cannot be copied, only passed `inout`,
/// so no two values ever write into one buffer.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// How many bytes have been written.
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 0) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written, as an array (one copy, by `memcpy`: making an array of a buffer copies
    /// it a byte at a time).
    var bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { room, initialized in
            if let to = room.baseAddress, count > 0 { memcpy(to, base, count) }
            initialized = count
        }
    }

    /// The bytes written, given up as an array.
    consuming func finish() -> [UInt8] { bytes }

    /// Room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if extra > capacity - count { grow(extra) }
    }

    private mutating func grow(_ extra: Int) {
        var grown = capacity * 2
        while extra > grown - count { grown *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    /// `n` bytes from `start`.
    @inline(__always)
    mutating func append(_ start: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n)
        let to = UnsafeMutableRawPointer(base + count)
        let from = UnsafeRawPointer(start)
        // Most pieces are short: two overlapping moves of a word (or of four bytes, or of 16)
        // copy any length from 4 to 32 without a call, four moves of 16 up to 64; the rest go to
        // memcpy.
        if n > 16 && n <= 32 {
            let head = from.loadUnaligned(as: SIMD16<UInt8>.self), tail = from.loadUnaligned(fromByteOffset: n - 16, as: SIMD16<UInt8>.self)
            to.storeBytes(of: head, as: SIMD16<UInt8>.self)
            to.storeBytes(of: tail, toByteOffset: n - 16, as: SIMD16<UInt8>.self)
        } else if n > 32 && n <= 64 {
            let a = from.loadUnaligned(as: SIMD16<UInt8>.self), b = from.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
            let c = from.loadUnaligned(fromByteOffset: n - 32, as: SIMD16<UInt8>.self)
            let d = from.loadUnaligned(fromByteOffset: n - 16, as: SIMD16<UInt8>.self)
            to.storeBytes(of: a, as: SIMD16<UInt8>.self)
            to.storeBytes(of: b, toByteOffset: 16, as: SIMD16<UInt8>.self)
            to.storeBytes(of: c, toByteOffset: n - 32, as: SIMD16<UInt8>.self)
            to.storeBytes(of: d, toByteOffset: n - 16, as: SIMD16<UInt8>.self)
        } else if n >= 8 && n <= 16 {
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 && n < 8 {
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
        } else if n < 4 {
            for i in 0..<n { to.storeBytes(of: from.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self) }
        } else {
            memcpy(to, from, n)
        }
        count += n
    }

    /// One byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Literal bytes.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let start = bytes.baseAddress { append(start, bytes.count) }
    }

    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    @inline(__always)
    mutating func append(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// The bytes of another buffer.
    mutating func append(_ other: borrowing ByteBuffer) {
        append(other.base, other.count)
    }

    /// `text` as UTF-8.
    @inline(__always)
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// The digits of a whole number's magnitude (the caller writes any sign).
    mutating func appendDigits(_ n: UInt) {
        reserve(20)
        var m = n, length = 1
        while m >= 10 {
            m /= 10
            length += 1
        }
        var i = count + length
        m = n
        repeat {
            i -= 1
            base[i] = UInt8(ascii: "0") + UInt8(m % 10)
            m /= 10
        } while m > 0
        count += length
    }

    /// A whole number, with its sign.
    mutating func appendInteger(_ n: Int) {
        if n < 0 { append(UInt8(ascii: "-")) }
        appendDigits(n.magnitude)
    }

    /// Up to `maximum` bytes written by `body` straight into the buffer; it returns how many.
    @inline(__always)
    mutating func appendInPlace(maximum: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        reserve(maximum)
        let written = body(UnsafeMutableBufferPointer(start: base + count, count: maximum))
        count += min(max(0, written), maximum)
    }

    /// The room for the next `n` bytes, for a writer that fills some of it and then `advance`s
    /// by as many: valid until the buffer is next changed.
    @inline(__always)
    mutating func room(_ n: Int) -> UnsafeMutableBufferPointer<UInt8> {
        reserve(n)
        return UnsafeMutableBufferPointer(start: base + count, count: n)
    }

    /// Counts `n` bytes written into `room` as written.
    @inline(__always)
    mutating func advance(by n: Int) {
        count += min(max(0, n), capacity - count)
    }

    /// Forgets the bytes from `count` on (keeping the room).
    mutating func removeAll(keepingFirst n: Int = 0) {
        count = min(max(0, n), count)
    }

    /// Reads the bytes from `start` to the end.
    func withBytes<R>(from start: Int = 0, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let from = min(max(0, start), count)
        return body(UnsafeBufferPointer(start: base + from, count: count - from))
    }
}
