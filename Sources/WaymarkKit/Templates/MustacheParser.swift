/// Turns Mustache source into nodes, following the Mustache spec (v1.4) including its
/// standalone-line rules and the inheritance module (`{{<parent}}`, `{{$block}}`).
struct MustacheParser {
    private struct Tag {
        enum Kind: Equatable {
            case variable, unescaped, section, inverted, close, comment, partial, parent, block, delimiters
        }
        var kind: Kind
        var name: String
        var tagStart: Int
        var tagEnd: Int
        /// Start of the line the tag starts on; end of its line's text; just past its line break.
        var lineStart: Int
        var lineTextEnd: Int
        var lineEnd: Int
        var blankBefore: Bool
        var blankAfter: Bool
        /// What the tag removes from the output: the tag, or its whole line when it stands alone.
        var consumedStart: Int
        var consumedEnd: Int
        var standalone = false
        var open: String
        var close: String
        /// Index of the matching close tag, for sections, parents and blocks.
        var match: Int?
    }

    private let bytes: [UInt8]
    private let template: String
    private let firstLine: Int
    private let columnShift: Int
    private var tags: [Tag] = []
    /// Bytes parsed so far, nested block bodies included.
    private var work = 0
    private var locator = Locator()

    /// Parses `source`. `firstLine` and `columnShift` map positions back to the original file when
    /// the source is a re-indented part of it.
    static func parse(_ source: String, template: String, open: String = "{{", close: String = "}}",
                      firstLine: Int = 1, columnShift: Int = 0) throws(TemplateError) -> [MustacheNode] {
        var work = 0
        return try parse(source, template: template, open: open, close: close, firstLine: firstLine, columnShift: columnShift, work: &work)
    }

    /// The same, adding the bytes parsed (nested block bodies included) to `work`.
    static func parse(_ source: String, template: String, open: String = "{{", close: String = "}}",
                      firstLine: Int = 1, columnShift: Int = 0, work: inout Int) throws(TemplateError) -> [MustacheNode] {
        work += source.utf8.count
        var parser = MustacheParser(bytes: Array(source.utf8), template: template, firstLine: firstLine, columnShift: columnShift)
        parser.work = work
        defer { work = parser.work }
        try parser.tokenize(open: open, close: close)
        try parser.matchSections()
        parser.applyStandaloneRules()
        var index = 0
        return try parser.build(from: &index, textStart: 0, end: parser.bytes.count, closing: nil)
    }

    private init(bytes: [UInt8], template: String, firstLine: Int, columnShift: Int) {
        self.bytes = bytes
        self.template = template
        self.firstLine = firstLine
        self.columnShift = columnShift
    }

    // MARK: Positions and errors

    /// Line, column and line facts of byte offsets, found by scanning on from the offset asked
    /// for last. A parse asks in increasing order (tags in source order), so all its locations
    /// cost one pass over the source; counting from the start for every tag made parsing
    /// quadratic in the number of tags. Asking for an earlier offset (only on the way to an
    /// error) starts again from the top.
    private struct Locator {
        private(set) var offset = 0
        /// 1-based; the column counts Unicode scalars and skips "\r", as `SourceText.lineColumn`.
        private(set) var line = 1
        private(set) var column = 1
        /// Where the line holding `offset` starts.
        private(set) var lineStart = 0
        /// Whether every byte from `lineStart` up to `offset` is a space or a tab.
        private(set) var blankSoFar = true

        mutating func move(to target: Int, in bytes: [UInt8]) {
            if target < offset { self = Locator() }
            let end = min(target, bytes.count)
            while offset < end {
                let b = bytes[offset]
                if b == 0x0A {
                    line += 1
                    column = 1
                    lineStart = offset + 1
                    blankSoFar = true
                } else {
                    if b & 0xC0 != 0x80 && b != 0x0D { column += 1 }
                    if !MustacheParser.isBlank(b) { blankSoFar = false }
                }
                offset += 1
            }
        }
    }

    private mutating func location(_ offset: Int) -> SourceLocation {
        locator.move(to: offset, in: bytes)
        return SourceLocation(line: locator.line + firstLine - 1, column: max(1, locator.column - columnShift))
    }

    private mutating func error(_ offset: Int, _ message: String) -> TemplateError {
        let l = location(offset)
        return TemplateError(template: template, line: l.line, column: l.column, message: message)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    // MARK: Tokens

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start <= bytes.count - needle.count else { return nil }
        var i = start
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first {
                var k = 1
                while k < needle.count && bytes[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    /// What is trimmed around a tag's name.
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A }

    private mutating func tokenize(open initialOpen: String, close initialClose: String) throws(TemplateError) {
        var open = Array(initialOpen.utf8)
        var close = Array(initialClose.utf8)
        var pos = 0
        // The first line break at or after the last tag's end, and where the blanks before it
        // start (after that tag): tags sharing a line share them, so a long line is scanned once
        // rather than once per tag on it.
        var lineBreak = -1
        var trailingBlanks = 0
        // Made once per delimiter change rather than once per tag.
        var openText = initialOpen
        var closeText = initialClose
        while let start = find(open, from: pos) {
            var i = start + open.count
            var kind = Tag.Kind.variable
            var endMarker = close
            if i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "{"): kind = .unescaped; endMarker = [UInt8(ascii: "}")] + close; i += 1
                case UInt8(ascii: "&"): kind = .unescaped; i += 1
                case UInt8(ascii: "#"): kind = .section; i += 1
                case UInt8(ascii: "^"): kind = .inverted; i += 1
                case UInt8(ascii: "/"): kind = .close; i += 1
                case UInt8(ascii: "!"): kind = .comment; i += 1
                case UInt8(ascii: ">"): kind = .partial; i += 1
                case UInt8(ascii: "<"): kind = .parent; i += 1
                case UInt8(ascii: "$"): kind = .block; i += 1
                case UInt8(ascii: "="): kind = .delimiters; endMarker = [UInt8(ascii: "=")] + close; i += 1
                default: break
                }
            }
            guard let end = find(endMarker, from: i) else {
                throw error(start, "unclosed tag: \"\(String(decoding: open, as: UTF8.self))\" without a matching \"\(String(decoding: endMarker, as: UTF8.self))\"")
            }
            // Trimmed as bytes: trimming the String by Characters was most of the time per tag.
            var nameStart = i
            var nameEnd = end
            while nameStart < nameEnd && MustacheParser.isSpace(bytes[nameStart]) { nameStart += 1 }
            while nameEnd > nameStart && MustacheParser.isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
            let name = text(nameStart..<nameEnd)
            let tagEnd = end + endMarker.count
            if name.isEmpty && kind != .comment {
                throw error(start, "empty tag: a name is missing between the delimiters")
            }

            locator.move(to: start, in: bytes)
            let lineStart = locator.lineStart
            let blankBefore = locator.blankSoFar
            if tagEnd > lineBreak {
                lineBreak = tagEnd
                while lineBreak < bytes.count && bytes[lineBreak] != 0x0A { lineBreak += 1 }
                var t = lineBreak
                if t > tagEnd && t < bytes.count && bytes[t - 1] == 0x0D { t -= 1 }
                while t > tagEnd && MustacheParser.isBlank(bytes[t - 1]) { t -= 1 }
                trailingBlanks = t
            }
            // The line's text ends before a "\r\n" unless the tag itself ends there.
            var lineTextEnd = lineBreak
            if lineTextEnd > tagEnd && lineTextEnd < bytes.count && bytes[lineTextEnd - 1] == 0x0D { lineTextEnd -= 1 }
            let lineEnd = lineBreak < bytes.count ? lineBreak + 1 : lineBreak
            let blankAfter = trailingBlanks <= tagEnd

            tags.append(Tag(kind: kind, name: name, tagStart: start, tagEnd: tagEnd, lineStart: lineStart,
                            lineTextEnd: lineTextEnd, lineEnd: lineEnd, blankBefore: blankBefore, blankAfter: blankAfter,
                            consumedStart: start, consumedEnd: tagEnd,
                            open: openText, close: closeText))
            pos = tagEnd

            if kind == .delimiters {
                let parts = name.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard parts.count == 2, !parts[0].contains("="), !parts[1].contains("=") else {
                    throw error(start, "a delimiter change needs two delimiters, like {{=<% %>=}}")
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
                openText = String(parts[0])
                closeText = String(parts[1])
            }
        }
    }

    private func describe(_ tag: Tag) -> String {
        let sigil: String
        switch tag.kind {
        case .section: sigil = "#"
        case .inverted: sigil = "^"
        case .parent: sigil = "<"
        case .block: sigil = "$"
        default: sigil = ""
        }
        return "\(tag.open)\(sigil)\(tag.name)\(tag.close)"
    }

    /// Deeper nesting is refused: building and rendering recurse once per level.
    static let maxNesting = 100

    private mutating func matchSections() throws(TemplateError) {
        var stack: [Int] = []
        for i in tags.indices {
            switch tags[i].kind {
            case .section, .inverted, .parent, .block:
                stack.append(i)
                if stack.count > MustacheParser.maxNesting {
                    throw error(tags[i].tagStart, "sections nested more than \(MustacheParser.maxNesting) deep")
                }
            case .close:
                guard let top = stack.popLast() else {
                    throw error(tags[i].tagStart, "\(tags[i].open)/\(tags[i].name)\(tags[i].close) closes nothing: no section is open")
                }
                guard tags[top].name == tags[i].name else {
                    let l = location(tags[top].tagStart)
                    throw error(tags[i].tagStart, "\(tags[i].open)/\(tags[i].name)\(tags[i].close) does not match \(describe(tags[top])) opened at line \(l.line), column \(l.column)")
                }
                tags[top].match = i
            default:
                break
            }
        }
        if let open = stack.last {
            throw error(tags[open].tagStart, "unclosed section \(describe(tags[open])): add \(tags[open].open)/\(tags[open].name)\(tags[open].close)")
        }
    }

    // MARK: Standalone lines

    private func paired(_ a: Tag, _ b: Tag) -> Bool {
        a.blankBefore && b.blankAfter && a.tagEnd == b.tagStart
    }

    private mutating func applyStandaloneRules() {
        for i in tags.indices where tags[i].kind != .variable && tags[i].kind != .unescaped {
            if tags[i].blankBefore && tags[i].blankAfter {
                tags[i].standalone = true
                tags[i].consumedStart = tags[i].lineStart
                tags[i].consumedEnd = tags[i].lineEnd
            }
        }
        // The inheritance module lets some tag pairs on one line count as standalone together.
        for i in tags.indices {
            guard let closing = tags[i].match else { continue }
            switch tags[i].kind {
            case .block where paired(tags[i], tags[closing]):
                // `  {{$b}}{{/b}}`: the line's break stays, so an empty block leaves an empty line.
                tags[i].standalone = true
                tags[i].consumedStart = tags[i].lineStart
                tags[closing].consumedEnd = tags[closing].lineTextEnd
            case .parent:
                if paired(tags[i], tags[closing]) {
                    tags[i].standalone = true
                    tags[i].consumedStart = tags[i].lineStart
                    tags[closing].consumedEnd = tags[closing].lineEnd
                }
                let blocks = directBlocks(of: i)
                if let first = blocks.first, paired(tags[i], tags[first]) {
                    tags[i].standalone = true
                    tags[i].consumedStart = tags[i].lineStart
                    tags[first].standalone = true
                    tags[first].consumedEnd = tags[first].lineEnd
                }
                if let last = blocks.last, let lastClose = tags[last].match, paired(tags[lastClose], tags[closing]) {
                    tags[lastClose].consumedStart = tags[lastClose].lineStart
                    tags[closing].consumedEnd = tags[closing].lineEnd
                }
            default:
                break
            }
        }
    }

    /// Blocks directly inside the parent tag at `index`.
    private func directBlocks(of index: Int) -> [Int] {
        guard let end = tags[index].match else { return [] }
        var result: [Int] = []
        var i = index + 1
        while i < end {
            if tags[i].kind == .block { result.append(i) }
            i = (tags[i].match ?? i) + 1
        }
        return result
    }

    // MARK: Tree

    private func path(_ name: String) -> [TemplateKey] {
        name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map { TemplateKey(String($0)) }
    }

    /// Builds nodes from tag `index` on, until the tag `closing` (exclusive) or the end.
    private mutating func build(from index: inout Int, textStart: Int, end: Int, closing: Int?) throws(TemplateError) -> [MustacheNode] {
        var nodes: [MustacheNode] = []
        var cursor = textStart
        func flushText(upTo limit: Int) {
            if limit > cursor { nodes.append(.text(Array(text(cursor..<limit).utf8))) }
        }
        while index < tags.count, index != closing {
            let tag = tags[index]
            flushText(upTo: tag.consumedStart)
            let at = location(tag.tagStart)
            switch tag.kind {
            case .variable, .unescaped:
                nodes.append(.variable(path: path(tag.name), escaped: tag.kind == .variable, at: at))
                index += 1
                cursor = tag.consumedEnd
            case .comment, .delimiters:
                index += 1
                cursor = tag.consumedEnd
            case .partial:
                let indentation = tag.standalone ? text(tag.lineStart..<tag.tagStart) : ""
                nodes.append(.partial(name: tag.name, indentation: indentation, at: at))
                index += 1
                cursor = tag.consumedEnd
            case .section, .inverted:
                guard let close = tag.match else { index += 1; continue }
                index += 1
                let children = try build(from: &index, textStart: tag.consumedEnd, end: tags[close].consumedStart, closing: close)
                nodes.append(.section(path: path(tag.name), inverted: tag.kind == .inverted, children: children, at: at))
                index = close + 1
                cursor = tags[close].consumedEnd
            case .parent:
                guard let close = tag.match else { index += 1; continue }
                var overrides: [String: MustacheBlock] = [:]
                for b in directBlocks(of: index) where overrides[tags[b].name] == nil {
                    overrides[tags[b].name] = try blockBody(b)
                }
                let indentation = tag.standalone ? text(tag.lineStart..<tag.tagStart) : ""
                nodes.append(.parent(name: tag.name, indentation: indentation, overrides: overrides, at: at))
                index = close + 1
                cursor = tags[close].consumedEnd
            case .block:
                guard let close = tag.match else { index += 1; continue }
                let body = try blockBody(index)
                var indentation: String?
                if tag.standalone {
                    let own = MustacheParser.dedent(text(tag.consumedEnd..<tags[close].consumedStart)).indentation
                    indentation = own.isEmpty ? text(tag.lineStart..<tag.tagStart) : own
                }
                nodes.append(.block(name: tag.name, body: body, indentation: indentation))
                index = close + 1
                cursor = tags[close].consumedEnd
            case .close:
                index += 1
                cursor = tag.consumedEnd
            }
        }
        flushText(upTo: closing.map { tags[$0].consumedStart } ?? end)
        return nodes
    }

    /// The body of the block at `index`: dedented when it stands alone, parsed on its own.
    private mutating func blockBody(_ index: Int) throws(TemplateError) -> MustacheBlock {
        let tag = tags[index]
        let close = tag.match ?? index
        var source = text(tag.consumedEnd..<tags[close].consumedStart)
        var shift = 0
        if tag.standalone {
            let dedented = MustacheParser.dedent(source)
            source = dedented.text
            shift = dedented.indentation.utf8.count
        }
        let firstLine = location(tag.consumedEnd).line
        let nodes = try MustacheParser.parse(source, template: template, open: tag.open, close: tag.close,
                                             firstLine: firstLine, columnShift: -shift, work: &work)
        return MustacheBlock(source: source, open: tag.open, close: tag.close, firstLine: firstLine, nodes: nodes)
    }

    /// Removes the whitespace all non-blank lines share (blank lines become empty), and returns it
    /// as it stood on the first line. Works on bytes: spaces and tabs are ASCII.
    static func dedent(_ source: String) -> (text: String, indentation: String) {
        let bytes = Array(source.utf8)
        // Lines as byte ranges, split at "\n".
        var lines: [Range<Int>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            lines.append(start..<i)
            start = i + 1
        }
        lines.append(start..<bytes.count)
        func blank(_ r: Range<Int>) -> Bool { bytes[r].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        func lead(_ r: Range<Int>) -> Int { bytes[r].prefix { $0 == 0x20 || $0 == 0x09 }.count }
        var margin: Range<Int>?
        for r in lines where !blank(r) {
            let l = r.lowerBound..<(r.lowerBound + lead(r))
            guard let m = margin else {
                margin = l
                continue
            }
            var k = 0
            while k < m.count && k < l.count && bytes[m.lowerBound + k] == bytes[l.lowerBound + k] { k += 1 }
            margin = m.lowerBound..<(m.lowerBound + k)
        }
        let cut = margin.map { Array(bytes[$0]) } ?? []
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (n, r) in lines.enumerated() {
            if n > 0 { out.append(0x0A) }
            if bytes[r].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let hasCut = r.count >= cut.count && Array(bytes[r.lowerBound..<(r.lowerBound + cut.count)]) == cut
            out += bytes[(hasCut ? r.lowerBound + cut.count : r.lowerBound)..<r.upperBound]
        }
        let firstBlank = lines.first.map(blank) ?? true
        return (String(decoding: out, as: UTF8.self), firstBlank ? "" : String(decoding: cut, as: UTF8.self))
    }

    /// Prefixes every non-empty line of `source` with `indentation`.
    static func indent(_ source: String, with indentation: String) -> String {
        guard !indentation.isEmpty else { return source }
        let lines = source.lines()
        return lines.map { $0.isEmpty || $0 == "\r" ? String($0) : indentation + $0 }.joined(separator: "\n")
    }
}
