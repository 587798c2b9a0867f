/// Finds repeated ids among a million records without a `Dictionary<String, Int>`: ids are
/// hashed once (FNV-1a, 64 bits) into an open-addressing table, and compared as text only when
/// their hashes meet.
struct DuplicateFinder {
    private var slots: [Int]  // index into `ids`, or -1
    private var hashes: [UInt64]
    private var ids: [(index: Int, id: String)] = []
    private let mask: Int

    init(expected: Int) {
        let size = FNV1a.tableSize(for: expected)
        slots = [Int](repeating: -1, count: size)
        hashes = [UInt64](repeating: 0, count: size)
        mask = size - 1
        ids.reserveCapacity(expected)
    }

    static func hash(_ id: String) -> UInt64 { FNV1a.hash(id.utf8) }

    /// Records `id` for the record at `index`; returns the index of an earlier record with the
    /// same id, if any (the earlier one stays the one remembered).
    mutating func insert(_ id: String, at index: Int) -> Int? {
        insert(id, hash: DuplicateFinder.hash(id), at: index)
    }

    /// The same, with the id's hash already computed.
    mutating func insert(_ id: String, hash h: UInt64, at index: Int) -> Int? {
        if ids.count * 2 >= slots.count { grow() }
        var slot = Int(truncatingIfNeeded: h) & mask
        while slots[slot] >= 0 {
            if hashes[slot] == h && ids[slots[slot]].id == id { return ids[slots[slot]].index }
            slot = (slot + 1) & mask
        }
        slots[slot] = ids.count
        hashes[slot] = h
        ids.append((index, id))
        return nil
    }

    private mutating func grow() {
        var bigger = DuplicateFinder(expected: max(16, ids.count * 2))
        for entry in ids { _ = bigger.insert(entry.id, at: entry.index) }
        self = bigger
    }
}
