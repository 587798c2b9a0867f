/// Checks that a note's image file is one whole image of its format and nothing more.
///
/// Matching the first bytes was not enough: `GIF89a<script>…` or a PNG signature followed by HTML
/// passed, and a browser or server that sniffs content could run such a file as a page. Each
/// format's structure is walked from the first byte to the last: every length must fit, the
/// image must have a size, and nothing may follow the format's end marker. Each function returns
/// nil for a valid file, else why it is refused (worded to follow "is refused: ").
enum ImageValidator {
    /// Widths and heights outside 1…65,535 are refused in every format (JPEG and GIF cannot
    /// store more; a larger PNG or WebP is no note image, and pixel counts stay far from overflow).
    static let maxSide = 65_535

    /// The check for a file extension (lower case); nil means valid.
    static func problem(_ bytes: [UInt8], ext: String) -> String? {
        switch ext {
        case "png": return png(bytes)
        case "jpg", "jpeg": return jpeg(bytes)
        case "gif": return gif(bytes)
        case "webp": return webp(bytes)
        case "avif": return avif(bytes)
        default: return "its type is not one Waymark publishes"
        }
    }

    // MARK: Reading numbers (nil past the end)

    private static func be16(_ b: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at <= b.count - 2 else { return nil }
        return Int(b[at]) << 8 | Int(b[at + 1])
    }

    private static func be32(_ b: [UInt8], _ at: Int) -> Int? {
        guard let high = be16(b, at), let low = be16(b, at + 2) else { return nil }
        return high << 16 | low
    }

    private static func le16(_ b: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at <= b.count - 2 else { return nil }
        return Int(b[at]) | Int(b[at + 1]) << 8
    }

    private static func le24(_ b: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at <= b.count - 3 else { return nil }
        return Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16
    }

    private static func le32(_ b: [UInt8], _ at: Int) -> Int? {
        guard let low = le16(b, at), let high = le16(b, at + 2) else { return nil }
        return low | high << 16
    }

    private static func tag(_ b: [UInt8], _ at: Int) -> String? {
        guard at >= 0, at <= b.count - 4 else { return nil }
        return String(decoding: b[at..<(at + 4)], as: UTF8.self)
    }

    private static func starts(_ b: [UInt8], _ prefix: String, at: Int = 0) -> Bool {
        let p = Array(prefix.utf8)
        return at >= 0 && b.count - at >= p.count && b[at..<(at + p.count)].elementsEqual(p)
    }

    private static func saneSize(_ width: Int, _ height: Int) -> String? {
        (1...maxSide).contains(width) && (1...maxSide).contains(height)
            ? nil : "its size \(width)×\(height) is not within 1 to \(maxSide) pixels a side"
    }

    // MARK: PNG

    /// Signature; IHDR first with length 13, a size, and a valid bit depth and colour type; every
    /// chunk's length fitting and its CRC-32 right; at least one IDAT; IEND (empty) last, at the
    /// very end of the file.
    static func png(_ b: [UInt8]) -> String? {
        guard b.count >= 8, b[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            return "it does not start with the PNG signature"
        }
        var pos = 8
        var sawIDAT = false
        var first = true
        while true {
            guard let length = be32(b, pos), let type = tag(b, pos + 4) else {
                return "it ends inside a chunk header at byte \(pos)"
            }
            guard length <= 0x7FFF_FFFF, b.count - pos - 12 >= length else {
                return "its \(type) chunk at byte \(pos) is longer than the file"
            }
            guard b[(pos + 4)..<(pos + 8)].allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                return "it has a chunk at byte \(pos) whose type is not four letters"
            }
            let dataEnd = pos + 8 + length
            guard let stored = be32(b, dataEnd), UInt32(stored) == CRC32.checksum(b[(pos + 4)..<dataEnd]) else {
                return "its \(type) chunk at byte \(pos) has a wrong CRC"
            }
            if first {
                guard type == "IHDR", length == 13 else { return "its first chunk is not a 13-byte IHDR" }
                if let problem = ihdr(b, pos + 8) { return problem }
                first = false
            }
            if type == "IDAT" { sawIDAT = true }
            pos = dataEnd + 4
            if type == "IEND" {
                guard length == 0 else { return "its IEND chunk is not empty" }
                guard sawIDAT else { return "it has no image data (IDAT)" }
                return pos == b.count ? nil : "\(b.count - pos) bytes follow its end (IEND)"
            }
            if pos == b.count { return "it ends without an IEND chunk" }
        }
    }

    private static func ihdr(_ b: [UInt8], _ at: Int) -> String? {
        guard let width = be32(b, at), let height = be32(b, at + 4) else { return "its IHDR is cut short" }
        if let problem = saneSize(width, height) { return problem }
        let depth = b[at + 8], colour = b[at + 9]
        let depths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard depths[colour]?.contains(depth) == true else {
            return "its IHDR has colour type \(colour) with bit depth \(depth), which PNG does not define"
        }
        guard b[at + 10] == 0, b[at + 11] == 0, b[at + 12] <= 1 else {
            return "its IHDR names an unknown compression, filter or interlace method"
        }
        return nil
    }

    // MARK: GIF

    /// `GIF87a` or `GIF89a`; a logical screen with a size; the global colour table; then images
    /// (descriptor, local colour table, LZW code size, data sub-blocks) and extensions (label,
    /// sub-blocks), at least one image, and the trailer 0x3B as the file's last byte.
    static func gif(_ b: [UInt8]) -> String? {
        guard starts(b, "GIF87a") || starts(b, "GIF89a") else { return "it does not start with GIF87a or GIF89a" }
        guard let width = le16(b, 6), let height = le16(b, 8), b.count >= 13 else { return "it ends inside its screen descriptor" }
        if let problem = saneSize(width, height) { return problem }
        var pos = 13
        if b[10] & 0x80 != 0 { pos += 3 << (Int(b[10] & 7) + 1) }
        var images = 0
        /// Skips data sub-blocks (a length byte, that many bytes) up to the empty one.
        func subBlocks() -> Bool {
            while pos < b.count {
                let size = Int(b[pos])
                pos += 1
                if size == 0 { return true }
                pos += size
            }
            return false
        }
        while pos < b.count {
            switch b[pos] {
            case 0x3B:
                guard images > 0 else { return "it has no image" }
                return pos + 1 == b.count ? nil : "\(b.count - pos - 1) bytes follow its trailer"
            case 0x2C:
                guard pos + 10 <= b.count else { return "it ends inside an image descriptor" }
                let packed = b[pos + 9]
                pos += 10
                if packed & 0x80 != 0 { pos += 3 << (Int(packed & 7) + 1) }
                guard pos < b.count, (2...8).contains(b[pos]) else { return "an image has no valid LZW code size" }
                pos += 1
                guard subBlocks() else { return "it ends inside image data" }
                images += 1
            case 0x21:
                pos += 2
                guard subBlocks() else { return "it ends inside an extension" }
            default:
                return "byte \(pos) is 0x\(String(b[pos], radix: 16)), not an image, extension or trailer"
            }
        }
        return "it ends without the trailer (0x3B)"
    }

    // MARK: JPEG

    /// SOI; segments whose lengths fit; a frame header (SOF) with a size and 1 to 4 components
    /// before the first scan (SOS); entropy-coded data (stuffed 0xFF00 and restart markers) up to
    /// the next marker; EOI as the file's last two bytes.
    static func jpeg(_ b: [UInt8]) -> String? {
        guard b.count >= 2, b[0] == 0xFF, b[1] == 0xD8 else { return "it does not start with a JPEG SOI marker" }
        var pos = 2
        var sawFrame = false
        while true {
            guard pos < b.count, b[pos] == 0xFF else { return "byte \(pos) is not a JPEG marker" }
            while pos < b.count && b[pos] == 0xFF { pos += 1 }  // fill bytes
            guard pos < b.count else { return "it ends inside a marker" }
            let marker = b[pos]
            pos += 1
            switch marker {
            case 0xD9:
                guard sawFrame else { return "it ends (EOI) before any image" }
                return "it ends (EOI) before any scan"
            case 0x00, 0x01, 0xD0...0xD8:
                return "it has marker 0xFF\(String(marker, radix: 16, uppercase: true)) outside image data"
            default:
                break
            }
            guard let length = be16(b, pos), length >= 2, b.count - pos >= length else {
                return "its segment 0xFF\(String(marker, radix: 16, uppercase: true)) at byte \(pos - 2) is longer than the file"
            }
            let body = pos + 2
            if [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF].contains(marker) {
                guard length >= 8, let height = be16(b, body + 1), let width = be16(b, body + 3) else { return "its frame header is cut short" }
                let components = Int(b[body + 5])
                guard (1...4).contains(components), length == 8 + 3 * components else {
                    return "its frame header's length does not match its \(components) components"
                }
                if let problem = saneSize(width, height) { return problem }
                sawFrame = true
            }
            pos += length
            guard marker == 0xDA else { continue }
            guard sawFrame else { return "it has a scan (SOS) before any frame header (SOF)" }
            // Entropy-coded data: 0xFF is followed by 0x00 (a data byte) or a restart marker;
            // any other marker ends the scan.
            while true {
                guard pos < b.count - 1 else { return "it ends inside image data, without EOI" }
                if b[pos] == 0xFF && b[pos + 1] != 0x00 && !(0xD0...0xD7).contains(b[pos + 1]) { break }
                pos += b[pos] == 0xFF ? 2 : 1
            }
            var next = pos
            while next < b.count - 1 && b[next + 1] == 0xFF { next += 1 }  // fill bytes before the marker
            guard next + 1 < b.count else { return "it ends inside a marker" }
            if b[next + 1] == 0xD9 {
                let end = next + 2
                return end == b.count ? nil : "\(b.count - end) bytes follow its end (EOI)"
            }
        }
    }

    // MARK: WebP

    /// `RIFF`, a size equal to the file's size less 8, `WEBP`; chunks whose sizes (padded to even)
    /// fill the file exactly; the first chunk VP8 (with its start code), VP8L (with its signature
    /// byte) or VP8X (followed by a VP8, VP8L or ANMF chunk); a size read from that chunk.
    static func webp(_ b: [UInt8]) -> String? {
        guard starts(b, "RIFF"), starts(b, "WEBP", at: 8), let riffSize = le32(b, 4) else { return "it does not start with RIFF…WEBP" }
        guard riffSize == b.count - 8 else { return "its RIFF size \(riffSize) is not the file's size less 8 (\(b.count - 8))" }
        var pos = 12
        var first: String?
        var sawImage = false
        while pos < b.count {
            guard let type = tag(b, pos), let size = le32(b, pos + 4) else { return "it ends inside a chunk header at byte \(pos)" }
            guard b[pos..<(pos + 4)].allSatisfy({ (0x20...0x7E).contains($0) }) else { return "it has a chunk at byte \(pos) with an unreadable name" }
            let body = pos + 8
            guard b.count - body >= size else { return "its \(type) chunk at byte \(pos) is longer than the file" }
            if first == nil {
                first = type
                let width: Int, height: Int
                switch type {
                case "VP8 ":
                    guard size >= 10, b[body + 3] == 0x9D, b[body + 4] == 0x01, b[body + 5] == 0x2A,
                          let w = le16(b, body + 6), let h = le16(b, body + 8) else { return "its VP8 chunk has no start code" }
                    width = w & 0x3FFF
                    height = h & 0x3FFF
                case "VP8L":
                    guard size >= 5, b[body] == 0x2F, let bits = le32(b, body + 1) else { return "its VP8L chunk has no signature" }
                    width = (bits & 0x3FFF) + 1
                    height = (bits >> 14 & 0x3FFF) + 1
                case "VP8X":
                    guard size == 10, let w = le24(b, body + 4), let h = le24(b, body + 7) else { return "its VP8X chunk is not 10 bytes" }
                    width = w + 1
                    height = h + 1
                default:
                    return "its first chunk is \(type), not VP8, VP8L or VP8X"
                }
                if let problem = saneSize(width, height) { return problem }
            }
            if ["VP8 ", "VP8L", "ANMF"].contains(type) { sawImage = true }
            pos = body + size + (size & 1)
        }
        guard pos == b.count else { return "its last chunk's padding byte is missing" }
        guard first != nil, sawImage else { return "it has no image chunk" }
        return nil
    }

    // MARK: AVIF

    /// ISO boxes (32-bit sizes, 64-bit ones, or 0 for "to the end") that fill the file exactly;
    /// `ftyp` first with the major brand `avif` or `avis`; a `meta` and an `mdat` box. The image's
    /// size sits deep in `meta` and is not read.
    static func avif(_ b: [UInt8]) -> String? {
        guard starts(b, "ftypavif", at: 4) || starts(b, "ftypavis", at: 4) else { return "it does not start with an AVIF ftyp box" }
        var pos = 0
        var seen: Set<String> = []
        while pos < b.count {
            guard let size32 = be32(b, pos), let type = tag(b, pos + 4) else { return "it ends inside a box header at byte \(pos)" }
            guard b[(pos + 4)..<(pos + 8)].allSatisfy({ (0x20...0x7E).contains($0) }) else { return "it has a box at byte \(pos) with an unreadable type" }
            var size = size32
            var header = 8
            if size32 == 1 {
                guard let high = be32(b, pos + 8), let low = be32(b, pos + 12), high < 0x8000 else { return "its \(type) box at byte \(pos) is longer than the file" }
                size = high << 32 | low
                header = 16
            } else if size32 == 0 {
                size = b.count - pos
            }
            guard size >= header, b.count - pos >= size else { return "its \(type) box at byte \(pos) is longer than the file" }
            seen.insert(type)
            pos += size
        }
        guard seen.contains("meta"), seen.contains("mdat") else { return "it lacks a meta or mdat box" }
        return nil
    }
}

/// CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320 reflected).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
