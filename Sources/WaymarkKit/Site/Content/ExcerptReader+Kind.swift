extension ExcerptReader {
    /// What an element means to an excerpt, told from its name's bytes as `NoteExcerpt.Reader`
    /// tells it from the name as a `String`.
    enum Kind {
        case pre, heading, row, cell, table, block, other

        /// The kind of the element named by `name` (letters and digits, in any case).
        init(_ name: ArraySlice<UInt8>) {
            // The names are 2 to 10 bytes; up to 8 are one number, the two of 10 compared whole.
            guard name.count <= 8 else {
                self = name.count == 10 && (Self.matches(name, "blockquote") || Self.matches(name, "figcaption")) ? .block : .other
                return
            }
            var key: UInt64 = 0
            for b in name { key = key << 8 | UInt64(b | 0x20) }
            self = Self.keys.first { $0.key == key }?.kind ?? .other
        }

        /// Whether `name` is `lowercase` in any case.
        private static func matches(_ name: ArraySlice<UInt8>, _ lowercase: String) -> Bool {
            name.lazy.map { $0 | 0x20 }.elementsEqual(lowercase.utf8)
        }

        /// The names of up to 8 bytes as numbers, a byte each from the highest used.
        private static let keys: [(key: UInt64, kind: Kind)] = {
            let names: [(String, Kind)] = [
                ("p", .block), ("li", .block), ("h1", .heading), ("h2", .heading), ("h3", .heading), ("h4", .heading),
                ("h5", .heading), ("h6", .heading), ("td", .cell), ("th", .cell), ("tr", .row), ("pre", .pre),
                ("table", .table), ("ul", .block), ("ol", .block), ("div", .block), ("thead", .block), ("tbody", .block),
                ("tfoot", .block), ("hr", .block), ("br", .block), ("dd", .block), ("dt", .block), ("dl", .block),
                ("section", .block), ("figure", .block), ("details", .block), ("summary", .block), ("caption", .block),
            ]
            return names.map { name, kind in (name.utf8.reduce(0) { $0 << 8 | UInt64($1) }, kind) }
        }()
    }
}
