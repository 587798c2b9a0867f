/// A small deterministic generator (SplitMix64), so `waymark sample --seed N` always writes the
/// same export on every machine.
struct SampleRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &+ 0x9E37_79B9_7F4A_7C15
    }

    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in 0..<n.
    mutating func int(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }

    /// A number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Roughly normal, mean 0, deviation 1 (sum of uniforms).
    mutating func gaussian() -> Double {
        var s = 0.0
        for _ in 0..<6 { s += unit() }
        return (s - 3) * 1.414
    }

    mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
}
