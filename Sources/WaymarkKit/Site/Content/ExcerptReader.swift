/// `NoteExcerpt.make`'s reader: what `NoteExcerpt.Reader`, the plain reference, does, on the
/// HTML's bytes where they lie. Text between tags is read in place (copied only to decode a
/// reference), tags are told by their names' bytes, and plain scalars (`ExcerptScalars`: ASCII,
/// CJK, smart punctuation) are added as bytes. Other text is read as Swift's characters together
/// with the plain scalar on each side, which a mark, a joiner or a prepended sign may join to it.
struct ExcerptReader {
    let limit: Int
    let title: String
    /// The most of a held heading kept: more could never be shown or compared.
    private let headingLimit: Int
    private(set) var text: ExcerptText
    /// What goes before the next text: nothing, a space (a block ended) or " · " (a cell).
    private var pending: NoteExcerpt.Reader.Separator = .none
    /// How deep inside `<pre>` (code, left out).
    private var skipping = 0
    /// The text of a heading before any other text, held until it ends: it may be the title.
    private var heading: [UInt8]?
    /// Cells so far in the table's row: a separator goes before all but the first.
    private var rowCells = 0

    init(budget: Int, title: String) {
        // A few columns more than the budget: enough to know the text goes on.
        limit = budget.saturatingAdd(2)
        self.title = title
        let (four, overflow) = limit.multipliedReportingOverflow(by: 4)
        headingLimit = overflow ? .max : four.saturatingAdd(title.utf8.count)
        // About a byte a character in English and three in Chinese, where a character is two columns.
        text = ExcerptText(budget: budget, bytes: min(limit, 1_000) * 2 + 16)
    }

    var full: Bool { text.width > limit }

    /// One pass over the HTML, stopping once more text than the budget is collected.
    mutating func read(_ html: [UInt8]) {
        var i = 0
        var start = 0
        while i < html.count && !full {
            if html[i] == UInt8(ascii: "<") {
                flush(html[start..<i])
                i = tag(html, from: i)
                start = i
            } else {
                i += 1
            }
        }
        flush(html[start..<i])
    }

    /// Reads the tag starting at `start` (a comment too) and returns the index after it.
    private mutating func tag(_ html: [UInt8], from start: Int) -> Int {
        let n = html.count
        if n - start >= 4 && html[start + 1] == UInt8(ascii: "!") && html[start + 2] == 0x2D && html[start + 3] == 0x2D {
            var j = start + 4
            while j + 2 < n && !(html[j] == 0x2D && html[j + 1] == 0x2D && html[j + 2] == 0x3E) { j += 1 }
            return min(n, j + 3)
        }
        var j = start + 1
        let closing = j < n && html[j] == UInt8(ascii: "/")
        if closing { j += 1 }
        let nameStart = j
        while j < n, isNameByte(html[j]) { j += 1 }
        let kind = Kind(html[nameStart..<j])
        // To the end of the tag, past quoted attribute values.
        var quote: UInt8?
        while j < n {
            let c = html[j]
            if let q = quote { if c == q { quote = nil } } else if c == 0x22 || c == 0x27 { quote = c } else if c == UInt8(ascii: ">") { break }
            j += 1
        }
        element(kind, closing: closing)
        return min(n, j + 1)
    }

    private func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    private mutating func element(_ kind: Kind, closing: Bool) {
        switch kind {
        case .pre:
            skipping = max(0, skipping + (closing ? -1 : 1))
            endBlock(.space)
        case .heading:
            if !closing {
                endBlock(.space)
                // Only a heading before any text can repeat the title.
                if text.isEmpty && skipping == 0 { heading = [] }
            } else {
                if let held = heading, !repeatsTitle(held) { append(held[...]) }
                heading = nil
                endBlock(.dot)
            }
        case .row:
            rowCells = 0
            if closing { endBlock(.dot) }
        case .cell:
            if !closing {
                if rowCells > 0 { endBlock(.dot) }
                rowCells += 1
            }
        case .table:
            // After a table a plain space, not the separator its rows left.
            if closing && !text.isEmpty { pending = .space } else { endBlock(.space) }
        case .block:
            endBlock(.space)
        case .other:
            break
        }
    }

    /// Whether a heading's text is the title: `NoteExcerpt.normalized` of both the same.
    private func repeatsTitle(_ held: [UInt8]) -> Bool {
        NormalizedBytes.same(held[...], Array(title.utf8)[...])
            ?? (NoteExcerpt.normalized(String(decoding: held, as: UTF8.self)) == NoteExcerpt.normalized(title))
    }

    /// A block or cell ended: the next text is set apart by `separator` (a " · " already
    /// pending is kept, so a heading's separator survives the paragraph that follows).
    private mutating func endBlock(_ separator: NoteExcerpt.Reader.Separator) {
        guard !text.isEmpty else { return }
        if separator == .dot || pending == .none { pending = separator }
    }

    /// Text between two tags, references still in it.
    private mutating func flush(_ run: ArraySlice<UInt8>) {
        guard !run.isEmpty, skipping == 0 else { return }
        let hasReference = run.contains(UInt8(ascii: "&"))
        if heading != nil {
            // In place (no copy per run), and no more than could ever be shown or compared.
            if let held = heading?.count, held <= headingLimit {
                if hasReference { heading?.append(contentsOf: NoteExcerpt.Reader.decoded(Array(run))) } else { heading?.append(contentsOf: run) }
            }
            return
        }
        if hasReference { append(NoteExcerpt.Reader.decoded(Array(run))[...]) } else { append(run) }
    }

    /// Adds text, collapsing whitespace into the pending separator: plain scalars from their
    /// bytes, anything else as characters with the plain scalar on either side of it.
    private mutating func append(_ bytes: ArraySlice<UInt8>) {
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end && !full {
            if let v = ExcerptScalars.plain(bytes, at: i) {
                let next = i + ExcerptScalars.length(v)
                // Two plain scalars side by side, or one at the end of the text, are two characters.
                if next == end || bytes[next] < 0x80 || ExcerptScalars.plain(bytes, at: next) != nil {
                    plain(v)
                    i = next
                    continue
                }
            }
            let stop = otherEnd(bytes, from: i)
            characters(bytes[i..<stop])
            i = stop
        }
    }

    /// The end of the text from `start` that is read as characters: its first scalar (plain or
    /// not), the scalars up to the next plain one, and that one, again while a scalar that is not
    /// plain follows. A character never spans that end, nor the start, which follows a plain
    /// scalar or begins the text.
    private func otherEnd(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var j = start + (ExcerptScalars.plain(bytes, at: start).map(ExcerptScalars.length) ?? 1)
        while j < bytes.endIndex {
            guard let v = ExcerptScalars.plain(bytes, at: j) else {
                // A byte of a scalar that is not plain (never the first byte of a plain one).
                j += 1
                continue
            }
            j += ExcerptScalars.length(v)
            if j == bytes.endIndex || ExcerptScalars.plain(bytes, at: j) != nil { break }
        }
        return j
    }

    /// A plain scalar: a character of its own.
    @inline(__always)
    private mutating func plain(_ v: UInt32) {
        if v < 0x80 {
            let b = UInt8(truncatingIfNeeded: v)
            if ExcerptScalars.isWhitespace(ascii: b) { return space() }
            separate()
            text.add(ascii: b)
        } else {
            separate()
            text.add(plain: v)
        }
    }

    /// Any text, character by character (as UTF-8, broken bytes repaired the same way).
    private mutating func characters(_ bytes: ArraySlice<UInt8>) {
        for c in String(decoding: bytes, as: UTF8.self) {
            if full { return }
            if c.isWhitespace {
                space()
            } else {
                separate()
                text.add(other: c.utf8, ExcerptText.Traits(c))
            }
        }
    }

    /// Whitespace: a space before the next text, unless a separator is already pending.
    private mutating func space() {
        if !text.isEmpty && pending == .none { pending = .space }
    }

    /// Before text: the pending separator, if any.
    @inline(__always)
    private mutating func separate() {
        if pending != .none { insertSeparator() }
    }

    private mutating func insertSeparator() {
        if !text.isEmpty {
            switch pending {
            case .none: break
            // Full-width punctuation carries its own space: "得分。深度", not "得分。 深度".
            case .space: if !text.endsFullWidth { text.add(ascii: 0x20) }
            case .dot:
                text.add(ascii: 0x20)
                text.add(other: Self.dot, Self.dotTraits)
                text.add(ascii: 0x20)
            }
        }
        pending = .none
    }

    private static let dot = Array("·".utf8)
    private static let dotTraits = ExcerptText.Traits("·")
}
