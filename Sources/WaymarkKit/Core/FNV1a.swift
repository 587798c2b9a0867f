/// The 64-bit FNV-1a hash of some bytes: quick for the short texts (ids, names) that the import
/// hashes by the hundred thousand, and the same on every run, unlike `Hasher`.
enum FNV1a {
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        return h
    }

    /// A power of two at least twice `count`: the size of an open-addressing table that stays
    /// at most half full.
    static func tableSize(for count: Int) -> Int {
        var size = 16
        while size < count * 2 { size <<= 1 }
        return size
    }
}
