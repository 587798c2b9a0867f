/// A quick seeded hash of some bytes, read eight at a time: for the tables that look up a few
/// hundred names a million times, where `Hasher`'s SipHash costs more than the rest of the
/// lookup. It is not made to resist crafted keys; a table using it watches its probes and goes
/// over to `Hasher` when they run long (`ExactNames`).
enum WordHash {
    /// This process's seed, from `Hasher`'s own random one, so a table's layout differs between
    /// runs as `Hasher`'s does.
    static let processSeed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5761_796D_6172_6B21 as UInt64)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }()

    static func hash(_ key: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        let n = key.count
        var h = seed ^ (UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = key.baseAddress else { return finish(h) }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= n {
            h = mix(h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        if i < n {
            var word: UInt64 = 0, shift: UInt64 = 0
            while i < n {
                word |= UInt64(key[i]) << shift
                shift += 8
                i += 1
            }
            h = mix(h ^ word)
        }
        return finish(h)
    }

    @inline(__always) private static func mix(_ x: UInt64) -> UInt64 {
        let m = x &* 0xBF58_476D_1CE4_E5B9
        return m ^ (m >> 31)
    }

    /// The low bits pick a table's slot: every bit of the input reaches them.
    @inline(__always) private static func finish(_ x: UInt64) -> UInt64 {
        var z = x ^ (x >> 30)
        z = z &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
