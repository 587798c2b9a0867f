/// Finds repeated ids among a million records without a `Dictionary<String, Int>`: ids are
/// hashed once (FNV-1a, 64 bits) into an open-addressing table, and compared only when their
/// hashes meet.
struct DuplicateFinder<ID> {
    private var slots: [Int]  // index into `ids`, or -1
    private var hashes: [UInt64]
    private var ids: [(index: Int, id: ID, hash: UInt64)] = []
    private let mask: Int

    init(expected: Int) {
        let size = FNV1a.tableSize(for: expected)
        slots = [Int](repeating: -1, count: size)
        hashes = [UInt64](repeating: 0, count: size)
        mask = size - 1
        ids.reserveCapacity(expected)
    }

    /// Records `id` (with its hash) for the record at `index`; returns the index of an earlier
    /// record with an id that `same` finds equal, if any (the earlier one stays remembered).
    mutating func insert(_ id: ID, hash h: UInt64, at index: Int, same: (ID, ID) -> Bool) -> Int? {
        if ids.count * 2 >= slots.count { grow() }
        var slot = Int(truncatingIfNeeded: h) & mask
        while slots[slot] >= 0 {
            if hashes[slot] == h && same(ids[slots[slot]].id, id) { return ids[slots[slot]].index }
            slot = (slot + 1) & mask
        }
        slots[slot] = ids.count
        hashes[slot] = h
        ids.append((index, id, h))
        return nil
    }

    private mutating func grow() {
        var bigger = DuplicateFinder(expected: max(16, ids.count * 2))
        // Entries are distinct, so nothing is compared while they move.
        for entry in ids { _ = bigger.insert(entry.id, hash: entry.hash, at: entry.index) { _, _ in false } }
        self = bigger
    }
}

extension DuplicateFinder where ID == String {
    static func hash(_ id: String) -> UInt64 { FNV1a.hash(id.utf8) }

    mutating func insert(_ id: String, at index: Int) -> Int? {
        insert(id, hash: DuplicateFinder.hash(id), at: index, same: ==)
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
