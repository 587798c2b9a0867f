/// A file's head as the JSON importers look at it to recognise a file: without a UTF-8 byte order
/// mark and without blanks (space, tab, CR, LF), so that `"logId" :` and `"logId":` read the same.
///
/// Bytes, not a String: every importer asks about every file of a source, a Takeout holds
/// thousands, and keys and brackets are ASCII, which a byte search finds exactly where a search
/// of the decoded text would (an invalid or multi-byte sequence never holds an ASCII byte).
struct CompactHead {
    let bytes: [UInt8]

    init(_ file: SourceFile) {
        var head = file.head[...]
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(head.count)
        for byte in head where byte != 0x20 && byte != 0x09 && byte != 0x0D && byte != 0x0A { bytes.append(byte) }
        self.bytes = bytes
    }

    func hasPrefix(_ text: StaticString) -> Bool {
        text.withUTF8Buffer { bytes.starts(with: $0) }
    }

    func contains(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard let first = needle.first, bytes.count >= needle.count else { return needle.isEmpty }
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    /// Whether the head is exactly `text`.
    func equals(_ text: StaticString) -> Bool {
        text.withUTF8Buffer { bytes.elementsEqual($0) }
    }

    /// `"key":`, the key `key` of an object.
    func has(key: String) -> Bool { contains("\"" + key + "\":") }
}
