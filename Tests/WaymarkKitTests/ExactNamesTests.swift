import Testing
@testable import WaymarkKit

/// `ExactNames` against the plain reference, a dictionary of each name's first number.
struct ExactNamesTests {
    @Test func numbersNamesInTheirFirstOrder() {
        var names = ExactNames()
        #expect(names.insert("Run") == (0, true))
        #expect(names.insert("早睡 Early night") == (1, true))
        #expect(names.insert("Run") == (0, false))
        #expect(names.insert("") == (2, true))
        #expect(names.index(of: "") == 2)
        #expect(names.index(of: "run") == nil)
        #expect(names.count == 3)
    }

    @Test func bytesDecideNotCanonicalEquivalence() {
        // "é" precomposed (U+00E9) and as "e" + U+0301: equal as Strings, two names here.
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        #expect(composed == decomposed)
        let names = ExactNames([composed, decomposed])
        #expect(names.count == 2)
        #expect(names.index(of: decomposed) == 1)
        #expect(names.index(of: "Caf\u{E9}") == 0)
    }

    @Test func agreesWithADictionaryWhileGrowing() {
        var seed: UInt64 = 5
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        var names = ExactNames(capacity: 1)
        var reference: [[UInt8]: Int] = [:]
        for _ in 0..<20_000 {
            // Short inline names and long stored ones, ASCII and not, some repeated many times.
            let n = next() % 3000
            let name = n % 3 == 0 ? "n\(n)" : n % 3 == 1 ? "习惯 number \(n) with a long tail" : String(repeating: "x", count: Int(n % 40))
            let key = Array(name.utf8)
            let expected = reference[key]
            if expected == nil { reference[key] = reference.count }
            let (index, inserted) = names.insert(name)
            #expect(index == expected ?? reference.count - 1)
            #expect(inserted == (expected == nil))
        }
        #expect(names.count == reference.count)
        for (key, number) in reference { #expect(names.index(of: String(decoding: key, as: UTF8.self)) == number) }
        #expect(names.index(of: "absent") == nil)
    }
}
