/// A fast path for the records that make files big (points): fields are read straight from the
/// bytes, building only the final values. It accepts only records it can read exactly as
/// `RecordReader` would and gives up (returns nil) on anything else, such as escapes in strings,
/// numbers written as text with spaces, unexpected types or missing fields; the record is then
/// decoded by the general path, which produces the same value or the exact message.
///
/// Every read checks its bytes against `bytes.count` first: records come from any file.
struct FastRecordDecoder {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    var index: Int
    /// Shares the strings of texts that repeat from record to record.
    let interner: StringInterner?
    /// The last date and the zone's offset around the last wall time read, kept from record to
    /// record.
    private var dates = AppDateTime()
    private var wallClock = Zone.WallClock()
    /// A record without fields, which each record read starts from.
    let blankPoint = BlankRecord(PointRecord(point: 0, date: .instant(0)))

    init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, interner: StringInterner? = nil) {
        self.bytes = bytes
        self.interner = interner
        index = max(0, offset)
    }

    /// Moves to the record at `offset`: one decoder walks a whole chunk of records, so that its
    /// interner and remembered offsets are not set up and torn down for each.
    mutating func move(to offset: Int) {
        index = max(0, offset)
    }

    /// The next byte, or 0 at the end.
    func peek() -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    /// Moves past one byte known to be there (one `peek` has just seen).
    mutating func advance() {
        index += 1
    }

    /// Whether the next byte is `byte`, consumed if so.
    @inline(__always) mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count && bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Skips whitespace; most records have none, which one comparison tells.
    @inline(__always) mutating func skipWhitespace() {
        if index < bytes.count && bytes[index] > 0x20 { return }
        skipWhitespaceBytes()
    }

    private mutating func skipWhitespaceBytes() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// `null`, consumed; false when the value is something else.
    @inline(__always) mutating func null() -> Bool {
        guard index < bytes.count - 3, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
              bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") else { return false }
        index += 4
        return true
    }

    /// A whole number within ±1,000,000,000, written as a JSON integer or a string of digits.
    @inline(__always) mutating func integer() -> Int? {
        var i = index
        let quoted = i < bytes.count && bytes[i] == UInt8(ascii: "\"")
        if quoted { i += 1 }
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
        index = i
        return negative ? -value : value
    }

    /// A date or date-time string as written, not yet placed in a zone; nil when it is not one
    /// (or not a plain string).
    mutating func dateTime() -> DateTimeText.Parsed? {
        guard let raw = rawString() else { return nil }
        return DateTimeText.parse(bytes: raw)
    }

    /// A date or date-time string as the moment it names, wall times read in `zone`
    /// (`DateTimeText.Parsed.moment(in:)`); nil when it is not one (or not a plain string).
    mutating func moment(in zone: Zone) -> Moment? {
        if let seconds = appInstant(in: zone) { return .instant(seconds) }
        return parsedMoment(in: zone)
    }

    /// `moment(in:)` of the app's own form, most records' date: a string of exactly its bytes,
    /// read directly; nil, nothing consumed, for any other value.
    @inline(__always) mutating func appInstant(in zone: Zone) -> Int64? {
        let start = index + 1
        // The closing quote right after the form's bytes: anything after the seconds (a fraction,
        // an offset, spaces) is another form, read by `parsedMoment`.
        guard peek() == UInt8(ascii: "\""), start < bytes.count - AppDateTime.length, bytes[start + AppDateTime.length] == UInt8(ascii: "\""),
              let naive = dates.seconds(in: bytes, at: start) else { return nil }
        index = start + AppDateTime.length + 1
        return wallClock.instant(ofNaive: naive, in: zone)
    }

    /// `moment(in:)` of any form, through `DateTimeText.parse`: what `appInstant` declines.
    mutating func parsedMoment(in zone: Zone) -> Moment? {
        switch dateTime() {
        case .wallTime(let wall)?: return .instant(wallClock.instant(ofNaive: wall.secondsAsUTC, in: zone))
        case .instant(let seconds)?: return .instant(seconds)
        case .day(let date)?: return .day(date)
        case nil: return nil
        }
    }

    /// Where the text of an id lies in the file: a plain string's content or a number token.
    /// `.some(nil)` for null; nil when the fast path cannot tell.
    mutating func idSpan() -> Range<Int>?? {
        if peek() == UInt8(ascii: "\"") {
            guard let found = stringSpan() else { return nil }
            return .some(found)
        }
        if null() { return .some(nil) }
        let start = index
        guard skip(depth: 3), case let end = index, end > start else { return nil }
        // A number token (what `RecordReader` accepts as an id); anything else takes the general path.
        let first = bytes[start]
        return first == UInt8(ascii: "-") || (first >= 48 && first <= 57) ? .some(start..<end) : nil
    }

    /// Any other value: a plain string or null read here, anything else checked by the real
    /// parser (so that invalid JSON is never accepted).
    mutating func skipValue(depth: Int) -> Bool {
        if peek() == UInt8(ascii: "\"") && stringSpan() != nil { return true }
        return null() || skip(depth: depth)
    }

    /// Any value, checked by the real parser so that invalid JSON is never accepted.
    mutating func skip(depth: Int) -> Bool {
        var parser = JSONParser(bytes)
        parser.index = index
        guard (try? parser.parseValue(depth: depth)) != nil else { return false }
        index = parser.index
        return true
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
