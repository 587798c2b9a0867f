#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Names numbered in the order they were first added, found by their UTF-8 bytes, for the
/// loops that look up a name on each of a million records. `String`'s own hashing normalises
/// non-ASCII text first; byte equality is stricter, so callers that must match canonically
/// equivalent names fall back to a `String` key when this misses. A name's bytes are hashed and compared where the `String` keeps them, and the table keeps
/// its own copy of each name's bytes, so a lookup neither copies nor retains a `String`; in
/// front of them, `insert` and `number(of:)` remember the last strings they met by their
/// representation (`RecentStrings`), which finds a string shared by many records at once.
/// Hashing is `WordHash`'s, seeded per process, which costs a fraction of `Hasher`'s SipHash on
/// the names of a million records; an insert that has to probe far (which names crafted to land
/// in one slot would make every insert do) moves the table to `Hasher`, so no file of names can
/// make lookups slow. The numbers depend on neither.
struct ExactNames {
    private var bytes: [UInt8] = []
    private var spans: [Range<Int>] = []
    private var slots: [Int32]  // a name's number, or -1
    private var hashes: [Int]
    private var mask: Int
    private let seed: UInt64
    /// The numbers of the strings looked up lately, by their representation (`RecentStrings`):
    /// a loop over records meets the same shared strings again and again.
    private var recent = RecentStrings()
    /// Whether names are hashed by `Hasher` (after a long probe) rather than `WordHash`.
    private(set) var hashesWithSipHash = false
    /// The probes an insert may take before the table moves to `Hasher`: with the table at most
    /// half full, a fair hash needs this many about once in 2^40 inserts.
    static let longProbe = 40

    /// How many names there are.
    var count: Int { spans.count }

    /// `seed` is for tests that place names in chosen slots; otherwise the process's own.
    init(capacity: Int = 8, seed: UInt64 = WordHash.processSeed) {
        let size = FNV1a.tableSize(for: capacity)
        slots = [Int32](repeating: -1, count: size)
        hashes = [Int](repeating: 0, count: size)
        mask = size - 1
        self.seed = seed
    }

    /// `names` numbered 0, 1, … in their order, a repeated name keeping its first number.
    init(_ names: some Sequence<String>) {
        self.init()
        for name in names { _ = insert(name) }
    }

    /// The number of `name`, if it was added.
    func index(of name: String) -> Int? {
        ExactNames.withBytes(name) { find($0).index }
    }

    /// The number of `name`, if it was added; as `index(of:)`, remembering the answer for the
    /// next lookup of the same string.
    mutating func number(of name: String) -> Int? {
        if let known = recent.number(of: name) { return known >= 0 ? known : nil }
        let found = index(of: name)
        recent.remember(name, as: found ?? -1)
        return found
    }

    /// The number of `name`, which is added with the next number if new.
    mutating func insert(_ name: String) -> (index: Int, inserted: Bool) {
        if let known = recent.number(of: name), known >= 0 { return (known, false) }
        let result = insertBytes(name)
        if result.inserted { recent.forgetAbsent() }
        recent.remember(name, as: result.index)
        return result
    }

    private mutating func insertBytes(_ name: String) -> (index: Int, inserted: Bool) {
        ExactNames.withBytes(name) { key in
            var (found, slot, h) = find(key)
            if let found { return (found, false) }
            if !hashesWithSipHash && probes(from: h, to: slot) > ExactNames.longProbe {
                useSipHash()
                (found, slot, h) = find(key)
            }
            let number = spans.count
            let start = bytes.count
            bytes.append(contentsOf: key)
            spans.append(start..<bytes.count)
            slots[slot] = Int32(truncatingIfNeeded: number)
            hashes[slot] = h
            if spans.count * 2 > slots.count { grow() }
            return (number, true)
        }
    }

    /// The number of `key` if present, else the free slot it would take; with its hash.
    private func find(_ key: UnsafeBufferPointer<UInt8>) -> (index: Int?, slot: Int, hash: Int) {
        let h = hash(key)
        var slot = h & mask
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if hashes[slot] == h && equal(spans[number], key) { return (number, slot, h) }
            slot = (slot + 1) & mask
        }
        return (nil, slot, h)
    }

    private func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        guard hashesWithSipHash else { return Int(truncatingIfNeeded: WordHash.hash(key, seed: seed)) }
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(key))
        return hasher.finalize()
    }

    /// How many slots past its own a name with hash `h` lies when it is at `slot`.
    private func probes(from h: Int, to slot: Int) -> Int { (slot - (h & mask)) & mask }

    /// Every name hashed again by `Hasher`, into a table of the same size.
    private mutating func useSipHash() {
        hashesWithSipHash = true
        slots = [Int32](repeating: -1, count: slots.count)
        for (number, span) in spans.enumerated() {
            let h = bytes.withUnsafeBufferPointer { hash(UnsafeBufferPointer(rebasing: $0[span])) }
            var s = h & mask
            while slots[s] >= 0 { s = (s + 1) & mask }
            slots[s] = Int32(truncatingIfNeeded: number)
            hashes[s] = h
        }
    }

    private func equal(_ span: Range<Int>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard span.count == key.count else { return false }
        guard let k = key.baseAddress, !key.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { own in
            own.baseAddress.map { memcmp($0 + span.lowerBound, k, key.count) == 0 } ?? false
        }
    }

    private mutating func grow() {
        let size = slots.count * 2
        var newSlots = [Int32](repeating: -1, count: size), newHashes = [Int](repeating: 0, count: size)
        let newMask = size - 1
        for (slot, number) in slots.enumerated() where number >= 0 {
            var s = hashes[slot] & newMask
            while newSlots[s] >= 0 { s = (s + 1) & newMask }
            newSlots[s] = number
            newHashes[s] = hashes[slot]
        }
        (slots, hashes, mask) = (newSlots, newHashes, newMask)
    }

    /// The UTF-8 bytes of `text` where it keeps them (a copy only for a string that is not
    /// stored as UTF-8).
    private static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }
}
