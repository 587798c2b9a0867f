/// Finds every record whose id an earlier record of the same file already has, among the ids the
/// decoding chunks collected (each with its record's index and its hash).
///
/// Equal ids have equal hashes, so the ids are split by hash: first into one partition per core,
/// then each partition's ids into buckets small enough that a bucket's hashes and its table stay
/// in the processor's cache while its ids are looked up. One table over a million ids would not:
/// every probe would wait for memory, twice (the slot, then the hash of the id it holds).
/// Within a bucket the ids keep their file order, so the first of equal ids is the one remembered.
enum DuplicateIDSearch {
    typealias Entry = (index: Int, id: RecordID, hash: UInt64)
    /// A repeated id: the record that repeats it, the first record that had it, and the id.
    typealias Hit = (index: Int, first: Int, id: String)

    /// Ids per bucket: 16 bytes each for the bucket's hashes and places, and a table of twice as
    /// many 8-byte slots, about 256 KB in all.
    static let idsPerBucket = 8_192

    /// The repeated ids of `lists` (each chunk's ids in file order, chunks in file order), in no
    /// particular order; `source` holds the bytes that `.span` ids point into.
    static func hits(_ lists: [[Entry]], partitions: Int, in source: [UInt8], parallelism: Parallelism) -> [Hit] {
        guard partitions > 0 else { return [] }
        let total = lists.reduce(0) { $0 + $1.count }
        // Buckets per partition, a power of two so that a hash's top bits choose one.
        var bits = 0
        while (1 << bits) * idsPerBucket * partitions < total && bits < 20 { bits += 1 }
        let bucketBits = bits
        return parallelism.map(Array(0..<partitions)) { p in
            source.withUnsafeBufferPointer { buffer in
                search(lists, partition: p, of: partitions, bucketBits: bucketBits, in: buffer)
            }
        }.flatMap { $0 }
    }

    /// The partition of an id with hash `h`: the hash mixed by an odd multiplier (FNV-1a's low
    /// bits are poorly spread: "id-0" … "id-29999" put 22 % and 42 % of the ids in two of three
    /// partitions), its upper half scaled to `partitions` rather than divided, which costs more.
    static func partition(of h: UInt64, among partitions: Int) -> Int {
        let mixed = h &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: ((mixed >> 32) &* UInt64(partitions)) >> 32)
    }

    private static func search(_ lists: [[Entry]], partition p: Int, of partitions: Int, bucketBits: Int,
                               in buffer: UnsafeBufferPointer<UInt8>) -> [Hit] {
        let buckets = 1 << bucketBits
        func bucket(_ h: UInt64) -> Int { bucketBits == 0 ? 0 : Int(truncatingIfNeeded: h >> UInt64(64 - bucketBits)) }
        func mine(_ h: UInt64) -> Bool { partition(of: h, among: partitions) == p }
        // Counted first, so that each bucket's part of one array is known before it is filled.
        var starts = [Int](repeating: 0, count: buckets + 1)
        for list in lists {
            for k in list.indices where mine(list[k].hash) { starts[bucket(list[k].hash) + 1] += 1 }
        }
        for b in 0..<buckets { starts[b + 1] += starts[b] }
        var filled = Array(starts.dropLast())
        // An id by its chunk and its place in that chunk's list (one 64-bit number), with its hash.
        var hashes = [UInt64](repeating: 0, count: starts[buckets])
        var places = [UInt64](repeating: 0, count: starts[buckets])
        for (c, list) in lists.enumerated() {
            for k in list.indices where mine(list[k].hash) {
                let h = list[k].hash
                let b = bucket(h)
                hashes[filled[b]] = h
                places[filled[b]] = UInt64(c) << 32 | UInt64(k)
                filled[b] += 1
            }
        }
        func entry(_ place: UInt64) -> Entry {
            lists[Int(truncatingIfNeeded: place >> 32)][Int(truncatingIfNeeded: place & 0xFFFF_FFFF)]
        }
        var hits: [Hit] = []
        for b in 0..<buckets where starts[b + 1] - starts[b] > 1 {
            let base = starts[b]
            var finder = DuplicateFinder(expected: starts[b + 1] - base)
            for j in base..<starts[b + 1] {
                // The ids themselves are read only when two hashes meet.
                let found = finder.insert(UInt64(j - base), hash: hashes[j], hashAt: { hashes[base + Int($0)] },
                                          same: { RecordID.same(entry(places[base + Int($0)]).id, entry(places[j]).id, in: buffer) })
                if let first = found {
                    let repeated = entry(places[j])
                    hits.append((repeated.index, entry(places[base + Int(first)]).index, repeated.id.text(in: buffer)))
                }
            }
        }
        return hits
    }
}
