extension FastRecordDecoder {
    /// Reads the point record at the decoder's position into `slot` (uninitialized memory) in
    /// one walk over its bytes, returning where its `id` lies in the file (`.some(nil)` for none);
    /// nil, leaving `slot` as it was, to let `RecordDecoders.point` decode it. `level` is the
    /// record's nesting level. A key repeated in the record counts with its last value, as in
    /// `JSONObject`.
    mutating func pointRecord(zone: Zone, level: Int, into slot: UnsafeMutablePointer<PointRecord>) -> Range<Int>?? {
        guard peek() == UInt8(ascii: "{") else { return nil }
        advance()
        // The fields are written straight into the slot: a record built from local variables and
        // then stored was copied (its strings retained) and the original destroyed (released).
        blankPoint.copy(to: slot)
        guard let id = pointFields(zone: zone, level: level, into: slot) else {
            slot.deinitialize(count: 1)
            return nil
        }
        return id
    }

    /// The members of a point record, written into `slot`; its id's place, or nil when the fast
    /// path cannot read them or the record lacks a required field.
    private mutating func pointFields(zone: Zone, level: Int, into slot: UnsafeMutablePointer<PointRecord>) -> Range<Int>?? {
        var hasPoint = false, hasDate = false, id: Range<Int>?
        repeat {
            guard let key = pointKey() else { return nil }
            switch key {
            case .point:
                guard let v = integer() else { return nil }
                slot.pointee.point = v
                hasPoint = true
            case .pointDate:
                if let seconds = appInstant(in: zone) {
                    slot.pointee.date = .instant(seconds)
                } else {
                    guard let v = parsedMoment(in: zone) else { return nil }
                    slot.pointee.date = v
                }
                hasDate = true
            case .pointType, .pointName, .pointDescribe:
                // One call for the three, so that the walk holds `text()` once.
                guard let v = text() else { return nil }
                switch key {
                case .pointType: slot.pointee.type = v
                case .pointName: slot.pointee.name = v
                default:
                    // Null over nothing (most records' description) stores nothing.
                    if v != nil || slot.pointee.describe != nil { slot.pointee.describe = v }
                }
            case .id:
                if peek() == UInt8(ascii: "\""), let found = stringSpan() {
                    id = found
                } else {
                    guard let v = idSpan() else { return nil }
                    id = v
                }
            case .other:
                guard skipValue(depth: level) else { return nil }
            }
        } while takeComma()
        guard take(UInt8(ascii: "}")), hasPoint, hasDate else { return nil }
        return .some(id)
    }

    /// The keys of a point record.
    private enum PointKey {
        case id, point, pointType, pointName, pointDescribe, pointDate, other
    }

    /// The member name at the decoder's position (after any whitespace) and its colon, consumed
    /// with the whitespace after them; nil when the fast path cannot read them (escapes, or no
    /// name there).
    ///
    /// The record's own keys, right at the position, are told by a word or two compared with
    /// their bytes, closing quote and colon (little-endian, so a word's first byte is its
    /// lowest); any other name, or one after whitespace or spaced from its colon, is read as a
    /// string and compared whole.
    @inline(__always) private mutating func pointKey() -> PointKey? {
        let i = index
        if i < bytes.count - 16, let base = bytes.baseAddress, base[i] == UInt8(ascii: "\"") {
            let raw = UnsafeRawPointer(base)
            let head = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i + 1, as: UInt64.self))
            let tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i + 9, as: UInt64.self))
            var key = PointKey.other, length = 0
            if head & 0xFFFF_FFFF == 0x3A22_6469 {  // id":
                (key, length) = (.id, 4)
            } else if head & 0xFF_FFFF_FFFF_FFFF == 0x3A_2274_6E69_6F70 {  // point":
                (key, length) = (.point, 7)
            } else if tail & 0xFF_FFFF == 0x3A_2265 {  // e": after eight bytes
                switch head {
                case 0x7079_5474_6E69_6F70: (key, length) = (.pointType, 11)  // pointTyp
                case 0x6D61_4E74_6E69_6F70: (key, length) = (.pointName, 11)  // pointNam
                case 0x7461_4474_6E69_6F70: (key, length) = (.pointDate, 11)  // pointDat
                default: break
                }
            } else if head == 0x7365_4474_6E69_6F70 && tail & 0xFF_FFFF_FFFF_FFFF == 0x3A_2265_6269_7263 {  // pointDes, cribe":
                (key, length) = (.pointDescribe, 15)
            }
            if length > 0 {
                index = i + 1 + length
                skipWhitespace()
                return key
            }
        }
        return namedKey()
    }

    /// Past the comma after a member, and whether there was one; whitespace before it is looked
    /// for only when the comma is not right there, as in the app's files.
    @inline(__always) private mutating func takeComma() -> Bool {
        if take(UInt8(ascii: ",")) { return true }
        skipWhitespace()
        return take(UInt8(ascii: ","))
    }

    /// `pointKey()` for a name read as a string, after any whitespace.
    private mutating func namedKey() -> PointKey? {
        skipWhitespace()
        guard let name = rawString() else { return nil }
        skipWhitespace()
        guard take(UInt8(ascii: ":")) else { return nil }
        skipWhitespace()
        if FastRecordDecoder.equal(name, "id") { return .id }
        if FastRecordDecoder.equal(name, "point") { return .point }
        if FastRecordDecoder.equal(name, "pointType") { return .pointType }
        if FastRecordDecoder.equal(name, "pointName") { return .pointName }
        if FastRecordDecoder.equal(name, "pointDescribe") { return .pointDescribe }
        if FastRecordDecoder.equal(name, "pointDate") { return .pointDate }
        return .other
    }
}
