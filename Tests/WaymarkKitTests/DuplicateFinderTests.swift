import Testing
@testable import WaymarkKit

struct DuplicateFinderTests {
    @Test func findsRepeatsAndGrows() {
        var finder = DuplicateFinder<String>(expected: 2)
        #expect(finder.insert("a", at: 0) == nil)
        #expect(finder.insert("b", at: 1) == nil)
        #expect(finder.insert("a", at: 2) == 0)
        #expect(finder.insert("a", at: 3) == 0)
        for i in 4..<10_000 { #expect(finder.insert("id-\(i)", at: i) == nil) }
        #expect(finder.insert("id-5000", at: 10_000) == 5000)
        #expect(finder.insert("", at: 10_001) == nil && finder.insert("", at: 10_002) == 10_001)
    }
}
