import Foundation

/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports where it stopped.
///
/// It works on bytes that `SourceText` has already checked to be valid UTF-8, never recurses deeper
/// than `maxDepth`, and can hand the elements of a records array to a callback one at a time so
/// that a file of a million records never becomes one tree in memory.
struct JSONParser {
    static let maxDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// While locating records: finds the starts of the records array's elements from the first
    /// one's offset on several cores, returning them and the offset after `]`, or nil to let the
    /// parser walk them itself.
    var locateElements: ((Int) -> (starts: [Int], end: Int)?)?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses a whole document holding one value.
    static func parse(_ data: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try data.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
            var parser = JSONParser(buffer)
            let value = try parser.parseValue(depth: 0)
            try parser.expectEnd()
            return value
        }
    }

    // MARK: Streaming records

    /// How a records file was laid out.
    enum RecordsLayout: Equatable {
        /// A bare array: records are at `/0`, `/1`, …
        case array
        /// The app's envelope; records are at `/data/0`, … Holds the other members.
        case envelope(JSONObject, hasData: Bool)
        /// Anything else: the whole value, for the caller to complain about.
        case other(JSONValue)
    }

    /// Parses a records file, passing each element of the records array to `record` as it is read.
    static func parseRecords(_ data: [UInt8], record: (Int, JSONValue, _ inEnvelope: Bool) -> Void) throws(JSONSyntaxError) -> RecordsLayout {
        try data.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> RecordsLayout in
            var parser = JSONParser(buffer)
            let layout = try parser.parseRecordsLayout(record: record)
            try parser.expectEnd()
            return layout
        }
    }

    private mutating func parseRecordsLayout(record: (Int, JSONValue, Bool) -> Void) throws(JSONSyntaxError) -> RecordsLayout {
        var none: [Int]?
        return try parseRecordsLayout(record: record, skip: &none)
    }

    private mutating func parseRecordsLayout(record: (Int, JSONValue, Bool) -> Void, skipInto starts: inout [Int]) throws(JSONSyntaxError) -> RecordsLayout {
        var collected: [Int]? = starts
        defer { starts = collected ?? [] }
        return try parseRecordsLayout(record: record, skip: &collected)
    }

    /// With `skip` set, records are not parsed: their start offsets are appended to it.
    private mutating func parseRecordsLayout(record: (Int, JSONValue, Bool) -> Void, skip: inout [Int]?) throws(JSONSyntaxError) -> RecordsLayout {
        skipWhitespace()
        guard index < bytes.count else { throw error("the file holds no JSON value") }
        if bytes[index] == UInt8(ascii: "[") {
            try streamArray(depth: 1, skip: &skip) { record($0, $1, false) }
            return .array
        }
        guard bytes[index] == UInt8(ascii: "{") else { return .other(try parseValue(depth: 0)) }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var hasData = false
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return .envelope(JSONObject(members), hasData: false)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
            index += 1
            skipWhitespace()
            if key == "data" && peek() == UInt8(ascii: "[") {
                try streamArray(depth: 2, skip: &skip) { record($0, $1, true) }
                hasData = true
            } else {
                members.append((key, try parseValue(depth: 1)))
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .envelope(JSONObject(members), hasData: hasData)
            default: throw error("expected ',' or '}' after an object member")
            }
        }
    }

    /// Streams the elements of the array at `index`, which sits at nesting level `depth`.
    private mutating func streamArray(depth: Int, skip: inout [Int]?, record: (Int, JSONValue) -> Void) throws(JSONSyntaxError) {
        index += 1  // [
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return
        }
        skipWhitespace()
        if skip != nil, let locate = locateElements, let found = locate(index) {
            skip?.append(contentsOf: found.starts)
            index = found.end
            return
        }
        var n = 0
        while true {
            skipWhitespace()
            if skip != nil {
                skip?.append(index)
                try skipValue()
            } else {
                record(n, try parseValue(depth: depth))
            }
            n += 1
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return
            default: throw error("expected ',' or ']' after an array element")
            }
        }
    }

    // MARK: Locating records without parsing them

    /// The layout of a records file and the byte offset where each record starts, found without
    /// building the records, so that they can then be parsed in parallel. Throws on malformed
    /// structure; callers then run `parseRecords` for the exact message.
    /// Files of `parallelFrom` bytes or more are scanned in pieces on the cores of `parallelism`.
    static func locateRecords(_ data: [UInt8], parallelFrom: Int = 1 << 20,
                              parallelism: Parallelism = .serial) throws(JSONSyntaxError) -> (layout: RecordsLayout, starts: [Int]) {
        try data.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> (layout: RecordsLayout, starts: [Int]) in
            var parser = JSONParser(buffer)
            if data.count >= parallelFrom && !parallelism.isSerial {
                parser.locateElements = { start in JSONParser.locateElements(in: data, from: start, pieces: 2 * parallelism.cores, parallelism: parallelism) }
            }
            var starts: [Int] = []
            starts.reserveCapacity(data.count / 96)
            let layout = try parser.parseRecordsLayout(record: { _, _, _ in }, skipInto: &starts)
            try parser.expectEnd()
            return (layout, starts)
        }
    }

    /// Parses the record that starts at `offset` (as found by `locateRecords`); records of a bare
    /// array sit at level 1, records in an envelope at level 2.
    static func parseRecord(in buffer: UnsafeBufferPointer<UInt8>, at offset: Int, inEnvelope: Bool) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(buffer)
        parser.index = offset
        return try parser.parseValue(depth: inEnvelope ? 2 : 1)
    }

    /// Skips one value without building it, checking only nesting and string boundaries inside
    /// containers (the records are parsed strictly later). A value that is not a container is
    /// read whole by the strict parser instead: the loose run to the next delimiter below would
    /// take `5 6` or `true false` for one token, and the caller's check for `,` or `]` after the
    /// value would never see the second one. Records are objects, so this costs one comparison.
    mutating func skipValue() throws(JSONSyntaxError) {
        skipWhitespace()
        if index < bytes.count, bytes[index] != UInt8(ascii: "{"), bytes[index] != UInt8(ascii: "[") {
            _ = try parseValue(depth: 0)
            return
        }
        var depth = 0
        repeat {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; the JSON is cut off") }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                guard depth <= JSONParser.maxDepth else { throw error("nested deeper than \(JSONParser.maxDepth) levels") }
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                index += 1
            case UInt8(ascii: "\""):
                index = closingQuote(after: index + 1)
                guard index < bytes.count else { throw error("unexpected end of file inside a string; the JSON is cut off") }
                index += 1
            default:
                // Numbers, literals, commas and colons: run to the next delimiter.
                index += 1
                while index < bytes.count {
                    let b = bytes[index]
                    if b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") || b == UInt8(ascii: "{")
                        || b == UInt8(ascii: "[") || b == UInt8(ascii: "\"") { break }
                    index += 1
                }
            }
        } while depth > 0
    }

    /// The offset of the quote that ends a string whose text starts at `start`, or the end of
    /// the bytes. `memchr` finds each candidate; a quote after an odd run of backslashes is
    /// escaped and the search goes on.
    private func closingQuote(after start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var from = start
        while from < bytes.count {
            guard let found = memchr(base + from, Int32(UInt8(ascii: "\"")), bytes.count - from) else { return bytes.count }
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while quote - backslashes - 1 >= start && bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return quote }
            from = quote + 1
        }
        return bytes.count
    }

    // MARK: Values

    mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        if index < bytes.count { throw error("unexpected text after the end of the JSON value") }
    }

    func peek() -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, message: message)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file; the JSON is cut off") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default:
            throw error("unexpected character \(describeCharacter()); expected a JSON value")
        }
    }

    private func describeCharacter() -> String {
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        return "'" + Diagnostic.shorten(text) + "'"
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        guard index + count <= bytes.count else { throw error("unexpected end of file; the JSON is cut off") }
        for i in 0..<count where bytes[index + i] != start[i] {
            throw error("unexpected character \(describeCharacter()); expected a JSON value")
        }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONParser.maxDepth else { throw error("nested deeper than \(JSONParser.maxDepth) levels") }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject(members))
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                if index >= bytes.count { throw error("unexpected end of file; the JSON is cut off") }
                throw error("expected a member name in quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
            index += 1
            members.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(JSONObject(members))
            default:
                if index >= bytes.count { throw error("unexpected end of file; the JSON is cut off") }
                throw error("expected ',' or '}' after an object member")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONParser.maxDepth else { throw error("nested deeper than \(JSONParser.maxDepth) levels") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default:
                if index >= bytes.count { throw error("unexpected end of file; the JSON is cut off") }
                throw error("expected ',' or ']' after an array element")
            }
        }
    }

    /// Validates the JSON number grammar and returns its text.
    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        func digit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        guard digit(peek()) else { throw error("expected a digit in the number") }
        if peek() == UInt8(ascii: "0") {
            index += 1
            if digit(peek()) { throw error("a number must not start with 0") }
        } else {
            while digit(peek()) { index += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard digit(peek()) else { throw error("expected a digit after the decimal point") }
            while digit(peek()) { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard digit(peek()) else { throw error("expected a digit in the exponent") }
            while digit(peek()) { index += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// Reads a string starting at its opening quote.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error("control character U+\(hex4(UInt32(b))) inside a string; write it as an escape") }
            index += 1
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(e)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try parseUnicodeEscape()
                    buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index -= 2
                    throw error("invalid escape sequence in a string")
                }
            default:
                if b < 0x20 { throw error("control character U+\(hex4(UInt32(b))) inside a string; write it as an escape") }
                buffer.append(b)
                index += 1
            }
        }
        throw error("unexpected end of file inside a string; the JSON is cut off")
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("unexpected end of file in a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u")
            }
            value = value * 16 + d
            index += 1
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let escapeStart = index - 2
        let first = try hexQuad()
        if (0xD800..<0xDC00).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                index = escapeStart
                throw error("\\u\(hex4(first)) is half of a surrogate pair without its other half")
            }
            index += 2
            let second = try hexQuad()
            guard (0xDC00..<0xE000).contains(second),
                  let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) else {
                index = escapeStart
                throw error("\\u\(hex4(first)) is half of a surrogate pair without its other half")
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else {
            index = escapeStart
            throw error("\\u\(hex4(first)) is half of a surrogate pair without its other half")
        }
        return scalar
    }

    private func hex4(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
