import Testing
@testable import WaymarkKit

/// Archives: the notes index's pages of at most 100.
struct PaginationTests {
    @Test func noItemsStillMakeOnePage() {
        let p = Pagination(count: 0, perPage: 100)
        #expect(p.pageCount == 1 && p.items(onPage: 1) == 0..<0 && p.page(ofItem: 0) == nil)
        #expect(p.links(current: 1) == [.page(1)])
    }

    @Test func oneAndExactlyAHundred() {
        #expect(Pagination(count: 1, perPage: 100).pageCount == 1)
        #expect(Pagination(count: 1, perPage: 100).items(onPage: 1) == 0..<1)
        let full = Pagination(count: 100, perPage: 100)
        #expect(full.pageCount == 1 && full.items(onPage: 1) == 0..<100 && full.items(onPage: 2) == 0..<0)
        #expect(full.page(ofItem: 99) == 1 && full.page(ofItem: 100) == nil)
    }

    @Test func oneMoreThanAPageMakesASecondPageOfOne() {
        let p = Pagination(count: 101, perPage: 100)
        #expect(p.pageCount == 2 && p.items(onPage: 2) == 100..<101 && p.page(ofItem: 100) == 2)
        #expect(p.links(current: 2) == [.page(1), .page(2)])
    }

    @Test func aThousandMakeTenPagesWithGaps() {
        let p = Pagination(count: 1_000, perPage: 100)
        #expect(p.pageCount == 10 && p.items(onPage: 10) == 900..<1000 && p.items(onPage: 0) == 0..<0 && p.items(onPage: 11) == 0..<0)
        #expect(p.page(ofItem: 199) == 2 && p.page(ofItem: 200) == 3)
        // 1, 2, 3 around the first page, then the last; a gap stands for 4 … 9.
        #expect(p.links(current: 1) == [.page(1), .page(2), .page(3), .gap, .page(10)])
        // Around page 5: 3 … 7, and 1 and 10; page 2 alone is shown rather than a gap for it.
        #expect(p.links(current: 5) == [.page(1), .page(2), .page(3), .page(4), .page(5), .page(6), .page(7), .gap, .page(10)])
        #expect(p.links(current: 6) == [.page(1), .gap, .page(4), .page(5), .page(6), .page(7), .page(8), .page(9), .page(10)])
        // Out of range is clamped, not a crash.
        #expect(p.links(current: 99) == p.links(current: 10))
    }

    @Test func hostileNumbersDoNotTrap() {
        let p = Pagination(count: .max, perPage: 100)
        // Int.max = 9,223,372,036,854,775,807: 92,233,720,368,547,758 full pages and one of 7.
        #expect(p.pageCount == 92_233_720_368_547_759)
        #expect(p.items(onPage: p.pageCount).count == 7)
        #expect(Pagination(count: -5, perPage: 0).pageCount == 1)
    }
}
