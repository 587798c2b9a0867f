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
    private var slots: [Int32]
    private var hashes: [UInt64]
    private var strings: [String] = []
    private let mask: Int

    init(limit: Int = 2048) {
        self.limit = limit
        let size = FNV1a.tableSize(for: limit)
        slots = [Int32](repeating: -1, count: size)
        hashes = [UInt64](repeating: 0, count: size)
        mask = size - 1
        strings.reserveCapacity(limit)
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
        if strings.count < limit {
            slots[slot] = Int32(strings.count)
            hashes[slot] = h
            strings.append(text)
        }
        return text
    }
}
