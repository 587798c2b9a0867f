/// A reader of the XML Apple Health writes, several times faster than libxml2 on it: elements
/// with attributes, white space between them, comments, processing instructions, the five
/// predefined entities and character references; UTF-8 only. Everything else — a DOCTYPE, a
/// CDATA section, text in an element, another entity, a namespace prefix, a CR, a name that is
/// not ASCII — and anything that is not well-formed makes it give up (`unsupported`), and the
/// export is read again by libxml2 (`HealthXMLParser`), which reads any XML and says what is
/// wrong. So a file it reads is a file libxml2 reads the same way: tests compare the two on
/// every real export and on fuzzed ones (docs/performance.md measures the gain).
///
/// It is fed the bytes a chunk at a time, as the prolog filter passes them on; a tag cut by the
/// end of a chunk is kept and completed from the next one. Elements are handed to the handler
/// with their depth and the line of their `>`, attributes with their values normalised as XML
/// says (a tab or line break in a value is a space; references resolved).
final class HealthXMLScanner {
    private unowned let handler: HealthXMLHandler
    private(set) var depth = 0
    private(set) var line = 1
    /// Why the scanner stopped, when it did: the file is then for libxml2.
    private(set) var unsupported: String?
    /// The longest tag, comment or instruction kept across chunks (libxml2 allows 10 MB values).
    static let maxMarkup = 16 << 20
    /// The longest attribute value libxml2 reads (without XML_PARSE_HUGE): longer ones go to it,
    /// and it says so.
    static let maxValue = 10_000_000

    /// A tag, comment or instruction the last chunk ended in, from its `<`.
    private var carry: [UInt8] = []
    /// The names of the open elements, one after another, and where each ends.
    private var openNames: [UInt8] = []
    private var nameEnds: [Int] = []
    private var rootSeen = false
    private var rootClosed = false
    /// Nothing but a BOM was read: where `<?xml …?>` may be.
    private var atStart = true
    /// Values whose references or white space were resolved; never more bytes than the tag.
    private var scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
    private var entries = UnsafeMutableBufferPointer<HealthXMLAttributes.Entry>.allocate(capacity: 32)

    init(handler: HealthXMLHandler) {
        self.handler = handler
    }

    deinit {
        scratch.deallocate()
        entries.deallocate()
    }

    private enum Step {
        /// The markup ends before this index.
        case done(Int)
        case incomplete
        case unsupported(String)
    }

    /// Reads `bytes`; false once the scanner has given up.
    @discardableResult
    func push(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard unsupported == nil, let base = bytes.baseAddress else { return unsupported == nil }
        var offset = 0
        if atStart, carry.isEmpty, bytes.count >= 3, base.load(as: UInt8.self) == 0xEF,
           base.load(fromByteOffset: 1, as: UInt8.self) == 0xBB, base.load(fromByteOffset: 2, as: UInt8.self) == 0xBF {
            offset = 3
        }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
        if carry.isEmpty {
            guard let tail = scan(rest) else { return false }
            carry.append(contentsOf: UnsafeRawBufferPointer(rebasing: rest[tail...]))
        } else {
            // The tag cut by the last chunk, and this chunk after it, read as one.
            carry.append(contentsOf: rest)
            guard let tail = carry.withUnsafeBytes({ scan($0) }) else { return false }
            carry.removeSubrange(0..<tail)
        }
        return carry.count <= Self.maxMarkup || stop("a tag longer than \(Self.maxMarkup >> 20) MiB")
    }

    /// Reads the elements of `bytes`; the index where the markup that it cuts starts (its end
    /// when none), or nil when the scanner gave up.
    private func scan(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return 0 }
        var i = 0
        let n = bytes.count
        while true {
            // Between elements: white space only.
            let start = i
            while i < n {
                let b = base.load(fromByteOffset: i, as: UInt8.self)
                if b == UInt8(ascii: "<") { break }
                if b == 0x0A { line += 1 } else if b != 0x20, b != 0x09 {
                    _ = stop(b == 0x0D ? "a carriage return" : "text outside the tags")
                    return nil
                }
                i += 1
            }
            // White space before it: `<?xml …?>` may no longer come.
            if i > start { atStart = false }
            guard i < n else { return n }
            switch markup(bytes, at: i) {
            case .done(let end): i = end
            case .incomplete: return i
            case .unsupported(let why):
                _ = stop(why)
                return nil
            }
        }
    }

    /// Checks that the document is complete; false (and `unsupported`) when it is not.
    @discardableResult
    func finish() -> Bool {
        guard unsupported == nil else { return false }
        if !carry.isEmpty { return stop("a file that ends inside a tag") }
        if !rootSeen || depth > 0 { return stop("a file that ends before its root element does") }
        return true
    }

    private func stop(_ why: String) -> Bool {
        unsupported = why
        return false
    }

    /// Reads the markup starting with the `<` at `s`.
    private func markup(_ buf: UnsafeRawBufferPointer, at s: Int) -> Step {
        let n = buf.count
        guard s + 1 < n else { return .incomplete }
        switch buf[s + 1] {
        case UInt8(ascii: "/"): return endTag(buf, at: s)
        case UInt8(ascii: "?"): return instruction(buf, at: s)
        case UInt8(ascii: "!"):
            guard s + 4 <= n else { return .incomplete }
            guard buf[s + 2] == UInt8(ascii: "-"), buf[s + 3] == UInt8(ascii: "-") else { return .unsupported("a declaration or CDATA section") }
            return comment(buf, at: s)
        default: return startTag(buf, at: s)
        }
    }

    /// What each byte may be in a name: 1 its first byte, 2 a later one (ASCII letters and `_`
    /// both; digits, `-` and `.` later only).
    private static let nameBytes: [UInt8] = (0..<256).map { b in
        let c = UInt8(b)
        if ((c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z")) || c == UInt8(ascii: "_") { return 3 }
        if (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") { return 2 }
        return 0
    }

    /// An ASCII name without a namespace prefix: its end, or why not.
    private func name(_ buf: UnsafeRawBufferPointer, at start: Int) -> Step {
        var p = start
        let n = buf.count
        Self.nameBytes.withUnsafeBufferPointer { table in
            if p < n, table[Int(buf[p])] & 1 != 0 { p += 1 } else { return }
            while p < n, table[Int(buf[p])] != 0 { p += 1 }
        }
        guard p < n else { return .incomplete }
        let b = buf[p]
        if b >= 0x80 || b == UInt8(ascii: ":") { return .unsupported("a name that is not plain ASCII or has a namespace prefix") }
        return p > start ? .done(p) : .unsupported("a tag without a name")
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 }

    private func startTag(_ buf: UnsafeRawBufferPointer, at s: Int) -> Step {
        guard let bufBase = buf.baseAddress else { return .incomplete }
        let n = buf.count
        guard case .done(let nameEnd) = name(buf, at: s + 1) else { return name(buf, at: s + 1) }
        if rootClosed { return .unsupported("an element after the root element") }
        var p = nameEnd
        var newlines = 0
        var count = 0
        var used = 0
        var selfClosing = false
        if scratch.count < n - s { growScratch(n - s) }
        while true {
            let spaceStart = p
            while p < n, Self.isSpace(buf[p]) {
                if buf[p] == 0x0A { newlines += 1 }
                p += 1
            }
            guard p < n else { return .incomplete }
            let b = buf[p]
            if b == UInt8(ascii: ">") {
                p += 1
                break
            }
            if b == UInt8(ascii: "/") {
                guard p + 1 < n else { return .incomplete }
                guard buf[p + 1] == UInt8(ascii: ">") else { return .unsupported("a '/' in a tag") }
                selfClosing = true
                p += 2
                break
            }
            guard p > spaceStart else { return .unsupported("attributes not separated by white space") }
            let nameStart = p
            switch name(buf, at: p) {
            case .done(let end): p = end
            case let other: return other
            }
            let attributeName = UnsafeRawBufferPointer(rebasing: buf[nameStart..<p])
            while p < n, Self.isSpace(buf[p]) {
                if buf[p] == 0x0A { newlines += 1 }
                p += 1
            }
            guard p < n else { return .incomplete }
            guard buf[p] == UInt8(ascii: "=") else { return .unsupported("an attribute without a value") }
            p += 1
            while p < n, Self.isSpace(buf[p]) {
                if buf[p] == 0x0A { newlines += 1 }
                p += 1
            }
            guard p < n else { return .incomplete }
            let quote = buf[p]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return .unsupported("an unquoted attribute value") }
            p += 1
            var value: UnsafeRawBufferPointer
            switch HealthXMLValue.scan(bufBase, from: p, end: n, quote: quote, into: scratch.baseAddress.map { $0 + used }) {
            case .incomplete: return .incomplete
            case .unsupported(let why): return .unsupported(why)
            case .raw(let end, let lines):
                guard end - p <= Self.maxValue else { return .unsupported("an attribute value longer than libxml2's 10,000,000 bytes") }
                value = UnsafeRawBufferPointer(rebasing: buf[p..<end])
                newlines += lines
                p = end + 1
            case .resolved(let end, let length, let lines):
                guard length <= Self.maxValue else { return .unsupported("an attribute value longer than libxml2's 10,000,000 bytes") }
                value = UnsafeRawBufferPointer(start: scratch.baseAddress.map { UnsafeRawPointer($0 + used) }, count: length)
                used += length
                newlines += lines
                p = end + 1
            }
            for k in 0..<count where HealthXMLAttributes.equals(entries[k].name, attributeName) {
                return .unsupported("an attribute given twice")
            }
            if count == entries.count { growEntries() }
            entries[count] = HealthXMLAttributes.Entry(name: attributeName, value: value)
            count += 1
        }
        let elementDepth = depth
        if elementDepth == 0 {
            if rootSeen { return .unsupported("a second root element") }
            rootSeen = true
        }
        guard let entryBase = entries.baseAddress else { return .unsupported("a tag it had no memory for") }
        line += newlines
        atStart = false
        handler.startElement(UnsafeRawBufferPointer(rebasing: buf[(s + 1)..<nameEnd]), depth: elementDepth,
                             attributes: HealthXMLAttributes(scanned: UnsafePointer(entryBase), count: count), line: line)
        if selfClosing {
            if elementDepth == 0 { rootClosed = true }
        } else {
            openNames.append(contentsOf: UnsafeRawBufferPointer(rebasing: buf[(s + 1)..<nameEnd]))
            nameEnds.append(openNames.count)
            depth += 1
        }
        return .done(p)
    }

    private func endTag(_ buf: UnsafeRawBufferPointer, at s: Int) -> Step {
        let n = buf.count
        guard case .done(let nameEnd) = name(buf, at: s + 2) else { return name(buf, at: s + 2) }
        var p = nameEnd
        var newlines = 0
        while p < n, Self.isSpace(buf[p]) {
            if buf[p] == 0x0A { newlines += 1 }
            p += 1
        }
        guard p < n else { return .incomplete }
        guard buf[p] == UInt8(ascii: ">") else { return .unsupported("a closing tag not ended by '>'") }
        guard let end = nameEnds.last else { return .unsupported("a closing tag without its element") }
        let start = nameEnds.count > 1 ? nameEnds[nameEnds.count - 2] : 0
        let closing = UnsafeRawBufferPointer(rebasing: buf[(s + 2)..<nameEnd])
        guard openNames.withUnsafeBytes({ HealthXMLAttributes.equals(UnsafeRawBufferPointer(rebasing: $0[start..<end]), closing) }) else {
            return .unsupported("a closing tag that is not its element's")
        }
        openNames.removeSubrange(start..<end)
        nameEnds.removeLast()
        depth -= 1
        if depth == 0 { rootClosed = true }
        line += newlines
        atStart = false
        return .done(p + 1)
    }

    /// `<!-- … -->`: ASCII only, no `--` inside.
    private func comment(_ buf: UnsafeRawBufferPointer, at s: Int) -> Step {
        let n = buf.count
        var p = s + 4
        var newlines = 0
        while p + 1 < n {
            let b = buf[p]
            if b == UInt8(ascii: "-"), buf[p + 1] == UInt8(ascii: "-") {
                guard p + 2 < n else { return .incomplete }
                guard buf[p + 2] == UInt8(ascii: ">") else { return .unsupported("'--' inside a comment") }
                line += newlines
                atStart = false
                return .done(p + 3)
            }
            if b >= 0x80 || b == 0x0D { return .unsupported("a comment that is not plain ASCII") }
            if b == 0x0A { newlines += 1 }
            p += 1
        }
        return .incomplete
    }

    /// `<?target … ?>`: ASCII only, white space after the target; `<?xml …?>` only first, exactly
    /// as XML writes it (`version`, then `encoding` in UTF-8 and `standalone`, each optional).
    private func instruction(_ buf: UnsafeRawBufferPointer, at s: Int) -> Step {
        let n = buf.count
        guard case .done(let targetEnd) = name(buf, at: s + 2) else { return name(buf, at: s + 2) }
        let target = String(decoding: UnsafeRawBufferPointer(rebasing: buf[(s + 2)..<targetEnd]), as: UTF8.self)
        var p = targetEnd
        var newlines = 0
        while p + 1 < n {
            let b = buf[p]
            if b == UInt8(ascii: "?"), buf[p + 1] == UInt8(ascii: ">") {
                if target.lowercased() == "xml" {
                    guard target == "xml", atStart else { return .unsupported("an XML declaration after the start") }
                    let text = String(decoding: UnsafeRawBufferPointer(rebasing: buf[targetEnd..<p]), as: UTF8.self)
                    if let why = Self.declarationProblem(text) { return .unsupported(why) }
                }
                line += newlines
                atStart = false
                return .done(p + 2)
            }
            if p == targetEnd, !Self.isSpace(b) { return .unsupported("a processing instruction without white space after its target") }
            if b >= 0x80 || b == 0x0D || (b < 0x20 && b != 0x0A && b != 0x09) { return .unsupported("a processing instruction that is not plain ASCII") }
            if b == 0x0A { newlines += 1 }
            p += 1
        }
        return .incomplete
    }

    /// Why the text of `<?xml …?>` is not `version="1.n"`, then maybe `encoding="UTF-8"` and
    /// `standalone="yes|no"`, separated and ended by white space only; nil when it is.
    static func declarationProblem(_ text: String) -> String? {
        var rest = Substring(text)
        var expected = ["version", "encoding", "standalone"][...]
        var first = true
        while true {
            let before = rest.count
            rest = rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
            if rest.isEmpty { return first ? "an XML declaration without its version" : nil }
            guard rest.count < before else { return "an XML declaration that is not well-formed" }
            let key = String(rest.prefix(while: { $0.isASCII && $0.isLetter }))
            guard let at = expected.firstIndex(of: key), first ? key == "version" : true else { return "an XML declaration that is not well-formed" }
            expected = expected[(at + 1)...]
            rest = rest.dropFirst(key.count).drop(while: { $0 == " " })
            guard rest.first == "=" else { return "an XML declaration that is not well-formed" }
            rest = rest.dropFirst().drop(while: { $0 == " " })
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return "an XML declaration that is not well-formed" }
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: quote) else { return "an XML declaration that is not well-formed" }
            let value = String(rest[..<close])
            rest = rest[rest.index(after: close)...]
            switch key {
            case "version":
                guard value.hasPrefix("1."), value.count > 2, value.dropFirst(2).allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    return "an XML declaration that is not well-formed"
                }
            case "encoding":
                guard value.lowercased() == "utf-8" else { return "an encoding other than UTF-8" }
            default:
                guard value == "yes" || value == "no" else { return "an XML declaration that is not well-formed" }
            }
            first = false
        }
    }

    private func growScratch(_ bytes: Int) {
        scratch.deallocate()
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes, scratch.count * 2), alignment: 8)
    }

    private func growEntries() {
        let bigger = UnsafeMutableBufferPointer<HealthXMLAttributes.Entry>.allocate(capacity: entries.count * 2)
        _ = bigger.initialize(from: entries)
        entries.deallocate()
        entries = bigger
    }
}
