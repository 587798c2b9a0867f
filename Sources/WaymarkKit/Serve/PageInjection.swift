/// Adds what a page needs in preview (the live-reload script, the error overlay) to the HTML of
/// a response, never to the built files: before the last `</body>`, or at the end when there is
/// none (a user's template may leave it out).
enum PageInjection {
    static func inject(_ extra: String, into page: [UInt8]) -> [UInt8] {
        guard !extra.isEmpty else { return page }
        let insert = Array(extra.utf8)
        guard let at = lastBodyEnd(page) else { return page + insert }
        var out = [UInt8]()
        out.reserveCapacity(page.count + insert.count)
        out += page[..<at]
        out += insert
        out += page[at...]
        return out
    }

    /// Where the last `</body>` (any case) starts.
    static func lastBodyEnd(_ page: [UInt8]) -> Int? {
        let tag = Array("</body>".utf8)
        var i = page.count - tag.count
        while i >= 0 {
            if page[i] == UInt8(ascii: "<") && page[i + 1] == UInt8(ascii: "/") {
                var matches = true
                for k in 2..<tag.count where page[i + k] | 0x20 != tag[k] {
                    matches = false
                    break
                }
                if matches { return i }
            }
            i -= 1
        }
        return nil
    }
}
