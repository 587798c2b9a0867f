#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes each short text that repeats across records (a habit's name, "tag") into a `String`
/// once: later records share that string instead of allocating and validating their own copy.
/// Ten years of points hold about 66,000 names but a few hundred distinct ones.
///
/// One interner serves one thread. The table stops growing at `limit` distinct texts, so a file
/// of unique texts costs a hash per text and nothing more.
final class StringInterner {
    /// Longer texts are rarely repeated; they are decoded directly.
    static let maxLength = 96
    private let limit: Int
    // Fixed-size storage behind `let` pointers: the stored arrays of a class are checked for
    // exclusive access at run time on every use, which cost more than the lookups themselves.
    private let slots: UnsafeMutableBufferPointer<Int32>
    private let hashes: UnsafeMutableBufferPointer<UInt64>
    private let strings: UnsafeMutablePointer<String>
    private var count = 0
    private let mask: Int

    init(limit: Int = 2048) {
        self.limit = limit
        let size = FNV1a.tableSize(for: limit)
        slots = .allocate(capacity: size)
        slots.initialize(repeating: -1)
        hashes = .allocate(capacity: size)
        hashes.initialize(repeating: 0)
        strings = .allocate(capacity: limit)
        mask = size - 1
    }

    deinit {
        strings.deinitialize(count: count)
        strings.deallocate()
        slots.deallocate()
        hashes.deallocate()
    }

    /// The text of `bytes`, which must be valid UTF-8 (the file was checked as a whole).
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Short texts are looked up too: a String of up to 15 bytes lives inline, without an
        // allocation to save, but making one validates the UTF-8 again and costs more than the
        // lookup ("tag" in every point record).
        guard bytes.count <= StringInterner.maxLength, let base = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        let h = FNV1a.hash(bytes)
        var slot = Int(truncatingIfNeeded: h) & mask
        while slots[slot] >= 0 {
            if hashes[slot] == h {
                var candidate = strings[Int(slots[slot])]
                let same = candidate.withUTF8 { own in
                    own.count == bytes.count && own.baseAddress.map { memcmp($0, base, bytes.count) == 0 } == true
                }
                if same { return candidate }
            }
            slot = (slot + 1) & mask
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if count < limit {
            slots[slot] = Int32(count)
            hashes[slot] = h
            (strings + count).initialize(to: text)
            count += 1
        }
        return text
    }
}
