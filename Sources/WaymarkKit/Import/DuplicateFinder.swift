/// Finds repeated ids among a million records without a `Dictionary<String, Int>`: ids are
/// hashed once (FNV-1a, 64 bits) into an open-addressing table, and compared only when their
/// hashes meet. The table holds where each id is (a position the caller chooses, such as a
/// chunk and an offset in one 64-bit number), not the id, its hash or its record: the caller
/// keeps those, so a million of them are not copied a second time while a file is read.
struct DuplicateFinder {
    private var slots: [UInt64]  // a position + 1, or 0 for an empty slot
    private var count = 0
    private var mask: Int

    init(expected: Int) {
        let size = FNV1a.tableSize(for: expected)
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
    }

    /// Records the id at `position` (below `UInt64.max`), whose hash is `h`; returns the
    /// position of an earlier id equal to it, if any (the earlier one stays remembered).
    /// `hashAt(p)` is the hash of the id recorded at `p`; `same(p)` says whether that id equals
    /// this one, and is asked only when their hashes are equal.
    mutating func insert(_ position: UInt64, hash h: UInt64, hashAt: (UInt64) -> UInt64, same: (UInt64) -> Bool) -> UInt64? {
        if count * 2 >= slots.count { grow(hashAt) }
        var slot = Int(truncatingIfNeeded: h) & mask
        while slots[slot] != 0 {
            let earlier = slots[slot] - 1
            if hashAt(earlier) == h && same(earlier) { return earlier }
            slot = (slot + 1) & mask
        }
        slots[slot] = position + 1
        count += 1
        return nil
    }

    private mutating func grow(_ hashAt: (UInt64) -> UInt64) {
        var bigger = DuplicateFinder(expected: max(16, count * 2))
        // Recorded ids are distinct, so nothing is compared while they move.
        for stored in slots where stored != 0 {
            _ = bigger.insert(stored - 1, hash: hashAt(stored - 1), hashAt: hashAt) { _ in false }
        }
        self = bigger
    }
}

/// A record's id as the decoders found it: text from the general decoder, or the span of the
/// file's bytes that holds it (no escapes, so the bytes are the text) from the fast path, which
/// becomes a `String` only if it is reported.
enum RecordID: Sendable {
    case text(String)
    case span(Range<Int>)

    func bytes<R>(in source: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch self {
        case .text(var text): return text.withUTF8(body)
        case .span(let range): return body(UnsafeBufferPointer(rebasing: source[range]))
        }
    }

    func text(in source: UnsafeBufferPointer<UInt8>) -> String {
        switch self {
        case .text(let text): return text
        case .span(let range): return String(decoding: UnsafeBufferPointer(rebasing: source[range]), as: UTF8.self)
        }
    }

    func hash(in source: UnsafeBufferPointer<UInt8>) -> UInt64 {
        bytes(in: source) { FNV1a.hash($0) }
    }

    static func same(_ a: RecordID, _ b: RecordID, in source: UnsafeBufferPointer<UInt8>) -> Bool {
        a.bytes(in: source) { x in b.bytes(in: source) { y in x.count == y.count && x.elementsEqual(y) } }
    }
}
