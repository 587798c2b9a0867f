/// A JSON value together with the byte offset where it starts, and for an object where each
/// key starts: what a config reader needs to say "line 4, column 11" about any value in it.
struct LocatedJSON: Sendable {
    struct Member: Sendable {
        var key: String
        var keyOffset: Int
        var value: LocatedJSON
    }

    enum Node: Sendable {
        case scalar(JSONValue)
        case array([LocatedJSON])
        case object([Member])
    }

    var node: Node
    /// The offset of the value's first byte.
    var offset: Int

    /// The value without offsets.
    var value: JSONValue {
        switch node {
        case .scalar(let v): return v
        case .array(let elements): return .array(elements.map(\.value))
        case .object(let members): return .object(JSONObject(members.map { ($0.key, $0.value.value) }))
        }
    }

    /// Parses a whole document with the strict `JSONParser`, keeping offsets.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> LocatedJSON {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> LocatedJSON in
            var walker = Walker(parser: JSONParser(buffer), count: buffer.count)
            let value = try walker.parse(depth: 0)
            try walker.parser.expectEnd()
            return value
        }
    }
}

/// Like `JSONParser.parseValue`, but objects and arrays are walked here so that each member and
/// element keeps its offset; scalars and keys are read by the parser itself.
private struct Walker {
    var parser: JSONParser
    let count: Int

    var index: Int {
        get { parser.index }
        set { parser.index = newValue }
    }
    func peek() -> UInt8 { parser.peek() }
    mutating func skipWhitespace() { parser.skipWhitespace() }

    mutating func parse(depth: Int) throws(JSONSyntaxError) -> LocatedJSON {
        skipWhitespace()
        let start = index
        switch peek() {
        case UInt8(ascii: "{"):
            guard depth < JSONParser.maxDepth else { throw JSONSyntaxError(offset: index, message: "nested deeper than \(JSONParser.maxDepth) levels") }
            index += 1
            var members: [LocatedJSON.Member] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                index += 1
                return LocatedJSON(node: .object(members), offset: start)
            }
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { throw cutOffOr("expected a member name in quotes") }
                let keyOffset = index
                let key = try parser.parseString()
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { throw cutOffOr("expected ':' after the member name") }
                index += 1
                members.append(LocatedJSON.Member(key: key, keyOffset: keyOffset, value: try parse(depth: depth + 1)))
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return LocatedJSON(node: .object(members), offset: start)
                default: throw cutOffOr("expected ',' or '}' after an object member")
                }
            }
        case UInt8(ascii: "["):
            guard depth < JSONParser.maxDepth else { throw JSONSyntaxError(offset: index, message: "nested deeper than \(JSONParser.maxDepth) levels") }
            index += 1
            var elements: [LocatedJSON] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                index += 1
                return LocatedJSON(node: .array(elements), offset: start)
            }
            while true {
                elements.append(try parse(depth: depth + 1))
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return LocatedJSON(node: .array(elements), offset: start)
                default: throw cutOffOr("expected ',' or ']' after an array element")
                }
            }
        default:
            return LocatedJSON(node: .scalar(try parser.parseValue(depth: depth)), offset: start)
        }
    }

    /// The message for a missing token, or "cut off" at the end of the text.
    private func cutOffOr(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, message: index >= count ? "unexpected end of file; the JSON is cut off" : message)
    }
}
