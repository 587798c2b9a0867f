/// Prepares the bytes of an Apple Health `export.xml` for libxml2, chunk by chunk:
///
/// - The `<!DOCTYPE HealthData [ … ]>` is cut out before the parser sees it, its line breaks
///   kept so that line numbers stay those of the file. Nothing in it is needed (no attribute has
///   a default), the one of iOS 16 is not even well-formed (an `<!ATTLIST` without its `>`), and
///   without it no entity can be declared: an "XML bomb" of nested entities becomes a reference
///   to an undeclared entity, an error, instead of gigabytes of text.
/// - Control characters XML does not allow (U+0000 to U+001F but tab and line breaks) become
///   spaces: iOS 16 writes U+000B in some values, which would stop the parser at that line.
///   They are single bytes in UTF-8 and never part of a multi-byte character.
struct HealthXMLPrologFilter {
    /// The longest prolog (XML declaration, comments, DOCTYPE) accepted; real ones are 3 to 20 KiB.
    static let maxProlog = 16 << 20

    /// Bytes held back while the prolog is not complete.
    private var pending: [UInt8] = []
    private var inBody = false
    /// Control characters replaced so far.
    private(set) var replaced = 0
    /// The DOCTYPE was cut out.
    private(set) var skippedDoctype = false

    /// Filters `chunk` and hands the bytes ready for the parser to `emit` (possibly none while the
    /// prolog is incomplete). `last` says no more bytes will come.
    mutating func feed(_ chunk: UnsafeMutableRawBufferPointer, last: Bool,
                       emit: (UnsafeRawBufferPointer) throws(SourceError) -> Void) throws(SourceError) {
        if inBody {
            replaced += Self.replaceControlCharacters(chunk)
            try emit(UnsafeRawBufferPointer(chunk))
            return
        }
        pending.append(contentsOf: chunk)
        switch Self.prologEnd(pending, complete: last) {
        case .needMore:
            guard pending.count <= Self.maxProlog else {
                throw SourceError("the document type declaration at the top is longer than \(Self.maxProlog >> 20) MiB; this is not an Apple Health export")
            }
            return
        case .found(let doctypes):
            var out = pending
            // From the last, so that the earlier ranges stay valid.
            for doctype in doctypes.reversed() {
                // Keep the line breaks of the DOCTYPE only, so line numbers stay the file's.
                let breaks = out[doctype].filter { $0 == 0x0A || $0 == 0x0D }
                out.replaceSubrange(doctype, with: breaks)
                skippedDoctype = true
            }
            pending = []
            inBody = true
            // withUnsafeMutableBytes rethrows untyped errors: the typed one is carried out by hand.
            var failure: SourceError?
            out.withUnsafeMutableBytes { bytes in
                replaced += Self.replaceControlCharacters(bytes)
                do throws(SourceError) { try emit(UnsafeRawBufferPointer(bytes)) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    enum PrologEnd: Equatable {
        case needMore
        /// The prolog is complete; the byte ranges of its DOCTYPEs.
        case found(doctypes: [Range<Int>])
    }

    /// Looks through the prolog (BOM, XML declaration, comments, processing instructions,
    /// white space) for DOCTYPEs and their ends. Stops at the first element, or at anything else
    /// (which the parser will then report). A second DOCTYPE is not XML, but once the first is cut
    /// out the parser would take it for the only one, entities and all: it is cut out too.
    static func prologEnd(_ bytes: [UInt8], complete: Bool) -> PrologEnd {
        var i = 0
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.starts(with: bom) {
            i = 3
        } else if bytes.count < 3, !complete, bom.starts(with: bytes) {
            return .needMore
        }
        func at(_ text: String, _ j: Int) -> Bool {
            let t = Array(text.utf8)
            return j + t.count <= bytes.count && bytes[j..<(j + t.count)].elementsEqual(t)
        }
        /// The index just after the first `end` at or after `j`.
        func after(_ end: String, from j: Int) -> Int? {
            let e = Array(end.utf8)
            guard let first = e.first, bytes.count >= e.count else { return nil }
            var k = j
            while k + e.count <= bytes.count {
                if bytes[k] == first, bytes[k..<(k + e.count)].elementsEqual(e) { return k + e.count }
                k += 1
            }
            return nil
        }
        var doctypes: [Range<Int>] = []
        /// The answer when the bytes run out before the prolog does.
        func incomplete() -> PrologEnd { complete ? .found(doctypes: doctypes) : .needMore }
        while true {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
            guard i < bytes.count else { return incomplete() }
            guard bytes[i] == UInt8(ascii: "<") else { return .found(doctypes: doctypes) }
            // Too few bytes to tell "<!DOCTYPE" or "<!--" from the first element.
            if bytes.count - i < 9, !complete { return .needMore }
            if at("<?", i) {
                guard let j = after("?>", from: i + 2) else { return incomplete() }
                i = j
            } else if at("<!--", i) {
                guard let j = after("-->", from: i + 4) else { return incomplete() }
                i = j
            } else if at("<!DOCTYPE", i) {
                // Up to the first '[' or '>'; with '[', the internal subset runs to "]" and ">".
                var j = i + 9
                while j < bytes.count, bytes[j] != UInt8(ascii: "["), bytes[j] != UInt8(ascii: ">") { j += 1 }
                guard j < bytes.count else { return incomplete() }
                var end = j + 1
                if bytes[j] == UInt8(ascii: "[") {
                    var k = j + 1
                    while true {
                        guard let close = after("]", from: k) else { return incomplete() }
                        var m = close
                        while m < bytes.count, bytes[m] == 0x20 || bytes[m] == 0x09 || bytes[m] == 0x0A || bytes[m] == 0x0D { m += 1 }
                        guard m < bytes.count else { return incomplete() }
                        if bytes[m] == UInt8(ascii: ">") {
                            end = m + 1
                            break
                        }
                        k = close
                    }
                }
                doctypes.append(i..<end)
                i = end
            } else {
                return .found(doctypes: doctypes)
            }
        }
    }

    /// Replaces the control characters XML 1.0 forbids by spaces; returns how many there were.
    ///
    /// Every byte of a 4 GB file passes here: eight are tested at once (a byte-by-byte loop was
    /// 10 % of the import's time). `(w − 0x20…20) & ~w & 0x80…80` is non-zero exactly when a byte
    /// of `w` is below 0x20; only such words (in practice those with a line break) are looked at
    /// byte by byte.
    static func replaceControlCharacters(_ bytes: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let n = bytes.count
        var count = 0
        var i = 0
        func fix(_ range: Range<Int>) {
            for k in range {
                let b = base.load(fromByteOffset: k, as: UInt8.self)
                if b < 0x20, b != 0x09, b != 0x0A, b != 0x0D {
                    base.storeBytes(of: 0x20, toByteOffset: k, as: UInt8.self)
                    count += 1
                }
            }
        }
        while i + 8 <= n {
            let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080 != 0 { fix(i..<(i + 8)) }
            i += 8
        }
        fix(i..<n)
        return count
    }
}
