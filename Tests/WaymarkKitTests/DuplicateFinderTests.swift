import Testing
@testable import WaymarkKit

struct DuplicateFinderTests {
    /// The ids a test keeps, as the decoder keeps its chunks' lists: the finder knows each by its
    /// position in `ids`.
    struct Keeper {
        var ids: [String] = []
        var finder: DuplicateFinder

        init(expected: Int) { finder = DuplicateFinder(expected: expected) }

        mutating func insert(_ id: String) -> Int? {
            ids.append(id)
            let ids = self.ids
            return finder.insert(UInt64(ids.count - 1), hash: FNV1a.hash(id.utf8), hashAt: { FNV1a.hash(ids[Int($0)].utf8) },
                                 same: { ids[Int($0)] == id }).map { Int($0) }
        }
    }

    @Test func findsRepeatsAndGrows() {
        var keeper = Keeper(expected: 2)
        #expect(keeper.insert("a") == nil)
        #expect(keeper.insert("b") == nil)
        #expect(keeper.insert("a") == 0)
        #expect(keeper.insert("a") == 0)  // the first stays the one remembered
        for i in 4..<10_000 { #expect(keeper.insert("id-\(i)") == nil) }
        #expect(keeper.insert("id-5000") == 5000)
        #expect(keeper.insert("") == nil)
        #expect(keeper.insert("") == 10_001)
    }

    @Test func equalHashesAreComparedNotTrusted() {
        // Every id given the same hash: only the comparison tells them apart.
        var finder = DuplicateFinder(expected: 4)
        let ids = ["x", "y", "x", "z", "y"]
        var answers: [UInt64?] = []
        for (k, id) in ids.enumerated() {
            answers.append(finder.insert(UInt64(k), hash: 7, hashAt: { _ in 7 }, same: { ids[Int($0)] == id }))
        }
        #expect(answers == [nil, nil, 0, nil, 1])
    }

    @Test func agreesWithADictionaryOnSeededIds() {
        // The plain reference: a dictionary of each id's first position.
        var seed: UInt64 = 11
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        for round in 0..<20 {
            var keeper = Keeper(expected: round == 0 ? 1 : Int(next() % 3000))
            var firsts: [String: Int] = [:]
            let count = 1 + Int(next() % 5000)
            let spread = 1 + UInt64(count) * (1 + next() % 3) / 2
            for k in 0..<count {
                let id = "r\(next() % spread)"
                let expected = firsts[id]
                if expected == nil { firsts[id] = k }
                #expect(keeper.insert(id) == expected)
            }
        }
    }
}
