import Testing
@testable import WaymarkKit

/// `RecentStrings` and the lookups of `ExactNames` that go through it, against a dictionary of
/// each name's bytes: the cache must never answer for other bytes.
struct RecentStringsTests {
    /// A string of `text` in storage of its own (not shared with any other string).
    private func fresh(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }

    @Test func remembersAStringByItsRepresentation() {
        var recent = RecentStrings()
        let long = fresh("A habit with a name longer than fifteen bytes")
        #expect(recent.number(of: long) == nil)
        recent.remember(long, as: 7)
        let shared = long  // the same storage
        #expect(recent.number(of: shared) == 7)
        // The same text in other storage is another representation: a miss, not a wrong answer.
        #expect(recent.number(of: fresh(long)) == nil)
        // Small strings are their bytes: equal text is an equal representation.
        recent.remember("Run", as: 3)
        #expect(recent.number(of: fresh("Run")) == 3)
        #expect(recent.number(of: "Ran") == nil)
        // Another string in the same entry replaces it.
        recent.remember(long, as: 9)
        #expect(recent.number(of: shared) == 9)
    }

    @Test func exactNamesAgreeWithADictionaryOnSharedAndFreshStrings() {
        var seed: UInt64 = 11
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        // 600 texts (more than the cache holds), short and long, and two that are canonically
        // equal with other bytes; each kept as one shared string, as the importers share them.
        var texts = (0..<598).map { n in n % 2 == 0 ? "h\(n)" : "习惯 number \(n) with a long tail" }
        texts += ["Caf\u{E9} au lait every morning", "Cafe\u{301} au lait every morning"]
        let shared = texts.map(fresh)
        var names = ExactNames()
        var reference: [[UInt8]: Int] = [:]
        for step in 0..<60_000 {
            let k = Int(next() % UInt64(texts.count))
            // Mostly the shared string, sometimes a fresh copy of the same text.
            let name = next() % 8 == 0 ? fresh(texts[k]) : shared[k]
            let key = Array(name.utf8)
            if step % 3 == 0 {
                #expect(names.number(of: name) == reference[key])
            } else {
                let expected = reference[key]
                if expected == nil { reference[key] = reference.count }
                #expect(names.insert(name) == (expected ?? reference.count - 1, expected == nil))
            }
        }
        #expect(reference.count == texts.count)
        #expect(names.count == texts.count)
        // The two canonically equal texts stay two names.
        #expect(names.number(of: shared[598]) != names.number(of: shared[599]))
        for (k, text) in shared.enumerated() { #expect(names.number(of: text) == reference[Array(texts[k].utf8)]) }
    }

    @Test func anAbsentNameRememberedThenAddedIsFound() {
        var names = ExactNames()
        let name = fresh("Meditate for twenty minutes")
        #expect(names.number(of: name) == nil)
        #expect(names.number(of: name) == nil)  // from the cache now
        #expect(names.insert(name) == (0, true))
        #expect(names.number(of: name) == 0)
        #expect(names.insert(name) == (0, false))
        #expect(names.index(of: "Meditate for twenty minutes") == 0)
    }

    @Test func aNameAddedThroughOtherStorageIsFoundThroughTheFirst() {
        // Looked up while absent through one string, then added through a copy in other storage:
        // the first string must not be answered from the absence remembered for it.
        var names = ExactNames()
        let first = fresh("A habit added after it was looked up")
        #expect(names.number(of: first) == nil)
        #expect(names.insert(fresh("A habit added after it was looked up")) == (0, true))
        #expect(names.number(of: first) == 0)
        #expect(names.insert(first) == (0, false))
    }

    @Test func storageFreedAfterALookupIsNeverMistakenForIt() {
        // A string the cache has seen stays alive in it, so later strings cannot take its storage.
        var names = ExactNames()
        for n in 0..<2_000 {
            let name = fresh("a temporary name of some length \(n)")
            #expect(names.insert(name) == (n, true))
            #expect(names.number(of: fresh("a temporary name of some length \(n + 1)")) == nil)
        }
        #expect(names.number(of: "a temporary name of some length 1999") == 1_999)
    }
}
