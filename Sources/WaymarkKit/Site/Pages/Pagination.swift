/// `count` items split into numbered pages of at most `perPage`, page 1 first. There is always
/// at least one page, so an empty list still has a page to say so.
struct Pagination: Sendable, Equatable {
    let count: Int
    let perPage: Int

    init(count: Int, perPage: Int) {
        self.count = max(0, count)
        self.perPage = max(1, perPage)
    }

    /// 1 for up to `perPage` items (and for none), then one more for each further `perPage`.
    var pageCount: Int {
        // Division first: `count + perPage - 1` could overflow for a hostile count.
        max(1, count / perPage + (count % perPage == 0 ? 0 : 1))
    }

    /// The indices of the items on `page` (1-based); empty outside `1...pageCount`.
    func items(onPage page: Int) -> Range<Int> {
        guard page >= 1, page <= pageCount else { return 0..<0 }
        let start = (page - 1) * perPage
        // (page − 1) × perPage < count, so neither sum can overflow.
        return start..<start + min(perPage, count - start)
    }

    /// The page that holds item `index`; nil outside the items.
    func page(ofItem index: Int) -> Int? {
        guard index >= 0, index < count else { return nil }
        return index / perPage + 1
    }

    /// One entry of the numbered page links.
    enum Link: Equatable, Sendable {
        case page(Int)
        /// Pages left out between two shown ones ("…").
        case gap
    }

    /// The numbered links for `current`: every page when there are few, otherwise the first,
    /// the last and `radius` pages either side of the current one, with a gap for the rest. A gap
    /// never stands for a single page: that page is shown instead.
    func links(current: Int, radius: Int = 2) -> [Link] {
        let last = pageCount
        let current = min(max(current, 1), last)
        let r = max(0, radius)
        var shown = [1, last]
        shown += (max(1, current - r)...min(last, current + r))
        let pages = Set(shown).sorted()
        var out: [Link] = []
        var previous = 0
        for p in pages {
            if p - previous == 2 { out.append(.page(p - 1)) } else if p - previous > 2 { out.append(.gap) }
            out.append(.page(p))
            previous = p
        }
        return out
    }
}
