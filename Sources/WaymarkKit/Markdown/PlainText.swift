/// Plain text gathered from cmark's literals: runs of white space become one space, and
/// collecting stops after `limit` bytes. Blocks are remembered where they start, so the text
/// can also be given block by block.
struct PlainText {
    let limit: Int
    private var bytes: [UInt8] = []
    private var pendingSpace = false
    /// The block whose first byte is still to come (a heading's level, or 0 for other blocks).
    private var pendingBlock: Int?
    private var blockStarts: [(offset: Int, headingLevel: Int?)] = []

    init(limit: Int) {
        self.limit = limit
        bytes.reserveCapacity(limit + 8)
    }

    mutating func space() { pendingSpace = true }

    /// Starts a new block: its text begins with the next byte appended.
    mutating func beginBlock(headingLevel: Int?) {
        pendingSpace = true
        pendingBlock = headingLevel ?? 0
    }

    mutating func append(_ literal: UnsafePointer<CChar>) {
        var p = UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self)
        while p.pointee != 0 && bytes.count < limit {
            let b = p.pointee
            if b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D {
                pendingSpace = true
            } else {
                if pendingSpace && !bytes.isEmpty { bytes.append(0x20) }
                pendingSpace = false
                if let level = pendingBlock {
                    blockStarts.append((bytes.count, level == 0 ? nil : level))
                    pendingBlock = nil
                } else if blockStarts.isEmpty {
                    blockStarts.append((bytes.count, nil))
                }
                bytes.append(b)
            }
            p += 1
        }
    }

    /// The text, cut back to whole UTF-8 characters.
    var text: String { String(decoding: bytes[0..<end], as: UTF8.self) }

    var blocks: [MarkdownRenderer.PlainBlock] {
        let end = end
        return blockStarts.enumerated().compactMap { index, start in
            var stop = index + 1 < blockStarts.count ? blockStarts[index + 1].offset : end
            stop = min(stop, end)
            while stop > start.offset, bytes[stop - 1] == 0x20 { stop -= 1 }
            guard stop > start.offset else { return nil }
            return MarkdownRenderer.PlainBlock(headingLevel: start.headingLevel, text: String(decoding: bytes[start.offset..<stop], as: UTF8.self))
        }
    }

    /// Where the text ends once a multi-byte character the limit cut in two is dropped.
    private var end: Int {
        var end = bytes.count
        var i = end - 1
        while i >= 0 && bytes[i] & 0xC0 == 0x80 { i -= 1 }
        if i >= 0 {
            let lead = bytes[i]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if i + length > end { end = i }
        }
        return end
    }
}
