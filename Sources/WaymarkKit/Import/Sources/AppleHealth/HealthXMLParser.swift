import CXML2

/// libxml2's SAX2 push parser, fed a chunk at a time: a 4 GB export is parsed in a few MB of
/// memory. It reports each element's start to `handler` with its depth (the root is 0); text
/// is not asked for. Measured on a 300 MB export, SAX2 push parsing takes half the time of
/// `xmlTextReader` (docs/performance.md).
///
/// No entity is ever expanded (no `XML_PARSE_NOENT`), no DTD loaded (`XML_PARSE_DTDLOAD`) and
/// nothing fetched (`XML_PARSE_NONET`); libxml2's size limits stay on (no `XML_PARSE_HUGE`).
/// The first fatal error stops the parse and is kept in `failure`.
final class HealthXMLParser {
    /// Where and why parsing stopped.
    struct Failure: Equatable {
        var line: Int
        var message: String
    }

    private static let initialised: Bool = {
        xmlInitParser()  // once, before parsers run on several threads
        return true
    }()

    private unowned let handler: HealthXMLHandler
    private let name: String
    private var context: xmlParserCtxtPtr?
    private(set) var depth = 0
    /// The first fatal error.
    private(set) var failure: Failure?
    /// Errors libxml2 could continue after (at most `maxErrors` kept).
    private(set) var errors: [Failure] = []
    static let maxErrors = 20

    init(handler: HealthXMLHandler, name: String) {
        _ = Self.initialised
        self.handler = handler
        self.name = name
    }

    deinit {
        guard let context else { return }
        // libxml2 keeps the entities of a DOCTYPE that reaches it in a document of its own
        // (never used: without a getEntity handler no reference finds them); it is ours to free.
        if let document = context.pointee.myDoc { xmlFreeDoc(document) }
        xmlFreeParserCtxt(context)
    }

    /// The line the parser is at (1-based): in an element start, the line of its `>`.
    var line: Int {
        guard let context else { return 0 }
        return Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer(context)))
    }

    /// Parses `bytes`; false once parsing has stopped on an error.
    @discardableResult
    func push(_ bytes: UnsafeRawBufferPointer, last: Bool = false) -> Bool {
        guard failure == nil else { return false }
        var rest = bytes
        if context == nil {
            // The first bytes go to the constructor: libxml2 tells the encoding from them.
            let first = rest.prefix(4)
            guard start(UnsafeRawBufferPointer(rebasing: first)) else { return false }
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(first.count))
        }
        guard let context else { return false }
        // xmlParseChunk takes an Int32 size: big buffers go in pieces.
        while !rest.isEmpty || last {
            let piece = UnsafeRawBufferPointer(rebasing: rest.prefix(1 << 24))
            let pointer = piece.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            let isLast = last && piece.count == rest.count
            let status = xmlParseChunk(context, pointer, Int32(piece.count), isLast ? 1 : 0)
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(piece.count))
            if status != 0 || context.pointee.disableSAX != 0 {
                if failure == nil { failure = Failure(line: line, message: "the XML is not well-formed here") }
                return false
            }
            if isLast { break }
        }
        return true
    }

    /// Tells the parser the document is complete (an unclosed element is then an error).
    func finish() {
        _ = push(UnsafeRawBufferPointer(start: nil, count: 0), last: true)
    }

    private func start(_ first: UnsafeRawBufferPointer) -> Bool {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        // The parser outlives its context, so the callbacks borrow it without retaining it
        // (a retain and release per element showed in profiles).
        sax.startElementNs = { user, localname, _, _, _, _, count, _, attributes in
            guard let user, let localname else { return }
            Unmanaged<HealthXMLParser>.fromOpaque(user)._withUnsafeGuaranteedRef { parser in
                let depth = parser.depth
                parser.depth += 1
                var length = 0
                while localname[length] != 0 { length += 1 }
                let name = UnsafeRawBufferPointer(start: localname, count: length)
                parser.handler.startElement(name, depth: depth, attributes: HealthXMLAttributes(libxml2: attributes, count: Int(count)), line: parser.line)
            }
        }
        sax.endElementNs = { user, _, _, _ in
            guard let user else { return }
            Unmanaged<HealthXMLParser>.fromOpaque(user)._withUnsafeGuaranteedRef { $0.depth -= 1 }
        }
        sax.serror = { user, error in
            guard let user, let error else { return }
            let parser = Unmanaged<HealthXMLParser>.fromOpaque(user).takeUnretainedValue()
            parser.record(level: error.pointee.level, line: Int(error.pointee.line), message: error.pointee.message)
        }
        let user = Unmanaged.passUnretained(self).toOpaque()
        let pointer = first.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
        guard let context = xmlCreatePushParserCtxt(&sax, user, pointer, Int32(first.count), name) else {
            failure = Failure(line: 0, message: "the XML parser could not be started (out of memory)")
            return false
        }
        self.context = context
        _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        return true
    }

    private func record(level: xmlErrorLevel, line: Int, message: UnsafeMutablePointer<CChar>?) {
        var text = message.map { String(cString: $0) } ?? "unknown error"
        while text.last?.isWhitespace == true { text.removeLast() }
        let problem = Failure(line: line, message: text)
        if level == XML_ERR_FATAL {
            if failure == nil { failure = problem }
        } else if level == XML_ERR_ERROR, errors.count < Self.maxErrors {
            errors.append(problem)
        }
    }
}
