/// A fast path for the records that make files big (points, weights): fields are read straight
/// from the bytes, building only the final values. It accepts only records it can read exactly
/// as `RecordReader` would and gives up (returns nil) on anything else, such as escapes in
/// strings, numbers written as text with spaces, unexpected types or missing fields; the record
/// is then decoded by the general path, which produces the same value or the exact message.
struct FastRecordDecoder {
    private var parser: JSONParser
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Shares the strings of texts that repeat from record to record.
    private let interner: StringInterner?

    init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, interner: StringInterner? = nil) {
        self.bytes = bytes
        self.interner = interner
        parser = JSONParser(bytes)
        parser.index = offset
    }

    /// Moves to the record at `offset`: one decoder walks a whole chunk of records, so that its
    /// parser and interner are not set up and torn down for each.
    mutating func move(to offset: Int) {
        parser.index = offset
    }

    /// Calls `field` for each member with the key's bytes; the callback reads the value.
    /// Returns false when the record is not a plain object the fast path can walk.
    mutating func members(depth: Int, _ field: (UnsafeBufferPointer<UInt8>, inout FastRecordDecoder) -> Bool) -> Bool {
        guard parser.peek() == UInt8(ascii: "{") else { return false }
        parser.index += 1
        parser.skipWhitespace()
        if parser.peek() == UInt8(ascii: "}") {
            parser.index += 1
            return true
        }
        while true {
            parser.skipWhitespace()
            guard let key = rawString() else { return false }
            parser.skipWhitespace()
            guard parser.peek() == UInt8(ascii: ":") else { return false }
            parser.index += 1
            parser.skipWhitespace()
            guard field(key, &self) else { return false }
            parser.skipWhitespace()
            switch parser.peek() {
            case UInt8(ascii: ","): parser.index += 1
            case UInt8(ascii: "}"):
                parser.index += 1
                return true
            default: return false
            }
        }
    }

    /// The bytes of a string without escapes or control characters; nil for anything else.
    mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
        guard parser.peek() == UInt8(ascii: "\"") else { return nil }
        var i = parser.index + 1
        let start = i
        // Eight bytes at a time while none is a quote, a backslash or a control byte (a zero
        // byte in `v ^ pattern` marks a match; a false alarm only hands over to the byte loop).
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= bytes.count {
                let v = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let quote = v ^ (ones &* 0x22), backslash = v ^ (ones &* 0x5C)
                let found = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (v &- ones &* 0x20) & ~v) & highs
                if found != 0 { break }
                i += 8
            }
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                parser.index = i + 1
                return UnsafeBufferPointer(rebasing: bytes[start..<i])
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
            i += 1
        }
        return nil
    }

    /// `null`, consumed; false when the value is something else.
    mutating func null() -> Bool {
        guard parser.index + 4 <= bytes.count, bytes[parser.index] == UInt8(ascii: "n"), bytes[parser.index + 1] == UInt8(ascii: "u"),
              bytes[parser.index + 2] == UInt8(ascii: "l"), bytes[parser.index + 3] == UInt8(ascii: "l") else { return false }
        parser.index += 4
        return true
    }

    /// Text or null, as `RecordReader.string` reads it when the value is a string.
    /// The outer optional is nil when the fast path cannot tell.
    mutating func text() -> String?? {
        if null() { return .some(nil) }
        guard let raw = rawString() else { return nil }
        return .some(interner?.string(raw) ?? String(decoding: raw, as: UTF8.self))
    }

    /// A whole number within ±1,000,000,000, written as a JSON integer or a string of digits.
    mutating func integer() -> Int? {
        var quoted = false
        if parser.peek() == UInt8(ascii: "\"") {
            quoted = true
            parser.index += 1
        }
        var i = parser.index
        var negative = false
        if i < bytes.count && bytes[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        let digitsStart = i
        var value = 0
        while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57, i - digitsStart < 10 {
            value = value * 10 + Int(bytes[i] - 48)
            i += 1
        }
        let count = i - digitsStart
        guard count > 0, count <= 10, value <= 1_000_000_000, !(count > 1 && bytes[digitsStart] == 48) else { return nil }
        if quoted {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
        } else if i < bytes.count {
            // A number token must end here: no fraction, exponent or more digits.
            let b = bytes[i]
            guard b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return nil }
        }
        parser.index = i
        return negative ? -value : value
    }

    /// A date or date-time string as written, not yet placed in a zone; nil when it is not one
    /// (or not a plain string).
    mutating func dateTime() -> DateTimeText.Parsed? {
        guard let raw = rawString() else { return nil }
        return DateTimeText.parse(bytes: raw)
    }

    /// Where the text of an id lies in the file: a plain string's content or a number token.
    /// `.some(nil)` for null; nil when the fast path cannot tell.
    mutating func idSpan() -> Range<Int>?? {
        if parser.peek() == UInt8(ascii: "\"") {
            let start = parser.index + 1
            guard rawString() != nil else { return nil }
            return .some(start..<(parser.index - 1))
        }
        if null() { return .some(nil) }
        let start = parser.index
        guard (try? parser.parseValue(depth: 3)) != nil, case let end = parser.index, end > start else { return nil }
        // A number token (what `RecordReader` accepts as an id); anything else takes the general path.
        let first = bytes[start]
        return first == UInt8(ascii: "-") || (first >= 48 && first <= 57) ? .some(start..<end) : nil
    }

    /// Any other value, checked by the real parser so that invalid JSON is never accepted.
    mutating func skip(depth: Int) -> Bool {
        (try? parser.parseValue(depth: depth)) != nil
    }

    static func equal(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount, let base = key.baseAddress else { return false }
        return memcmp(base, name.utf8Start, key.count) == 0
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
