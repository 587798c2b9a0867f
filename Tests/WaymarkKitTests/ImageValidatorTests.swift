import Testing
@testable import WaymarkKit

/// Note images must be one whole image of their format (a defect once: a GIF or PNG header
/// followed by HTML was published). The valid images are built byte by byte here.
struct ImageValidatorTests {
    /// CRC-32 bit by bit, independent of the table-driven one in the validator.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = (c >> 1) ^ (c & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~c
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { be32(v).reversed() }

    static func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc ?? crc32(body)))
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// 1×1, 8-bit grey: the row is filter 0 then 0x80, deflated (zlib.compress(b"\x00\x80")).
    static let ihdr = chunk("IHDR", be32(1) + be32(1) + [8, 0, 0, 0, 0])
    static let idat = chunk("IDAT", [120, 156, 99, 104, 0, 0, 0, 130, 0, 129])
    static let iend = chunk("IEND", [])
    static let png = signature + ihdr + idat + iend

    /// The classic 35-byte 1×1 GIF: screen 1×1 with a two-colour table, one image, LZW code
    /// size 2, one data sub-block, trailer.
    static let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0,
                                                      0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B]

    /// 1×1 grey baseline JPEG: quantisation table of ones, one-code Huffman tables (DC category 0,
    /// AC end-of-block, each the code "0"), so the scan is the bits 0 0 padded with ones: 0x3F.
    static let jpeg: [UInt8] = [0xFF, 0xD8]
        + [0xFF, 0xDB, 0, 67, 0] + [UInt8](repeating: 1, count: 64)
        + [0xFF, 0xC0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0]
        + [0xFF, 0xC4, 0, 20, 0x00, 1] + [UInt8](repeating: 0, count: 15) + [0]
        + [0xFF, 0xC4, 0, 20, 0x10, 1] + [UInt8](repeating: 0, count: 15) + [0]
        + [0xFF, 0xDA, 0, 8, 1, 1, 0x00, 0, 63, 0]
        + [0x3F, 0xFF, 0xD9]

    /// Lossless 1×1 WebP (the image of Modernizr's WebP probe, which stops one byte short of the
    /// 13 its chunk declares; completed with a zero): VP8L signature 0x2F, then 14 bits width − 1
    /// and 14 bits height − 1 (both 0); the RIFF size counts everything after itself.
    static let vp8l: [UInt8] = [0x2F, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0x02, 0x00]
    static let webp: [UInt8] = Array("RIFF".utf8) + le32(4 + 8 + 14) + Array("WEBPVP8L".utf8) + le32(13) + vp8l + [0]

    @Test func theTestCRCIsTheStandardOne() {
        // The published check value of CRC-32, and the CRC every PNG's IEND carries.
        #expect(Self.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Self.iend == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func minimalImagesPass() {
        #expect(ImageValidator.png(Self.png) == nil)
        #expect(ImageValidator.gif(Self.gif) == nil)
        #expect(ImageValidator.jpeg(Self.jpeg) == nil)
        #expect(ImageValidator.webp(Self.webp) == nil)
        #expect(Self.webp.count == 34)
        // Extensions (graphic control, comment) before the image, fill bytes before EOI.
        let gifWithExtensions = Array(Self.gif[0..<19]) + [0x21, 0xF9, 4, 1, 0, 0, 0, 0, 0x21, 0xFE, 2, 0x68, 0x69, 0] + Array(Self.gif[19...])
        #expect(ImageValidator.gif(gifWithExtensions) == nil)
        #expect(ImageValidator.jpeg(Array(Self.jpeg.dropLast(2)) + [0xFF, 0xFF, 0xD9]) == nil)
        // An unknown ancillary PNG chunk with a right CRC is fine.
        #expect(ImageValidator.png(Self.signature + Self.ihdr + Self.chunk("tEXt", Array("a\0b".utf8)) + Self.idat + Self.iend) == nil)
    }

    @Test func polyglotsAreRefused() {
        #expect(ImageValidator.gif(Array("GIF89a<script>alert(1)</script>".utf8)) == "byte 13 is 0x3e, not an image, extension or trailer")
        #expect(ImageValidator.png(Self.signature + Array("<html><script>alert(1)</script>".utf8)) == "its l><s chunk at byte 8 is longer than the file")
        #expect(ImageValidator.jpeg([0xFF, 0xD8, 0xFF] + Array("<script>".utf8)) == "its segment 0xFF3C at byte 2 is longer than the file")
        #expect(ImageValidator.webp(Array("RIFF".utf8) + Self.le32(20) + Array("WEBP<script>x</script>".utf8))
                == "its RIFF size 20 is not the file's size less 8 (22)")
    }

    @Test func trailingBytesAfterTheEndAreRefused() {
        let html = Array("<script>alert(1)</script>".utf8)
        #expect(ImageValidator.png(Self.png + html) == "25 bytes follow its end (IEND)")
        #expect(ImageValidator.gif(Self.gif + html) == "25 bytes follow its trailer")
        #expect(ImageValidator.jpeg(Self.jpeg + html) == "25 bytes follow its end (EOI)")
        #expect(ImageValidator.webp(Self.webp + html) == "its RIFF size 26 is not the file's size less 8 (51)")
        // Even with the RIFF size made to cover it, the extra bytes are not a chunk.
        var grown = Self.webp + html
        grown.replaceSubrange(4..<8, with: Self.le32(grown.count - 8))
        #expect(ImageValidator.webp(grown) == "its <scr chunk at byte 34 is longer than the file")
    }

    @Test func truncatedAndCorruptFilesAreRefused() {
        #expect(ImageValidator.png(Array(Self.png.dropLast(4))) == "its IEND chunk at byte 55 is longer than the file")
        #expect(ImageValidator.png(Self.signature + Self.ihdr + Self.idat) == "it ends without an IEND chunk")
        #expect(ImageValidator.png(Array(Self.png[0..<20])) == "its IHDR chunk at byte 8 is longer than the file")
        #expect(ImageValidator.png(Self.signature + Self.chunk("IHDR", Self.be32(1) + Self.be32(1) + [8, 0, 0, 0, 0], crc: 1) + Self.idat + Self.iend)
                == "its IHDR chunk at byte 8 has a wrong CRC")
        #expect(ImageValidator.png(Self.signature + Self.chunk("IHDR", Self.be32(0) + Self.be32(1) + [8, 0, 0, 0, 0]) + Self.idat + Self.iend)
                == "its size 0×1 is not within 1 to 65535 pixels a side")
        #expect(ImageValidator.png(Self.signature + Self.chunk("IHDR", Self.be32(1) + Self.be32(1) + [3, 2, 0, 0, 0]) + Self.idat + Self.iend)
                == "its IHDR has colour type 2 with bit depth 3, which PNG does not define")
        #expect(ImageValidator.png(Self.signature + Self.idat + Self.iend) == "its first chunk is not a 13-byte IHDR")
        #expect(ImageValidator.png(Self.signature + Self.ihdr + Self.iend) == "it has no image data (IDAT)")

        #expect(ImageValidator.gif(Array(Self.gif.dropLast())) == "it ends without the trailer (0x3B)")
        #expect(ImageValidator.gif(Array(Self.gif[0..<32])) == "it ends inside image data")
        #expect(ImageValidator.gif(Array(Self.gif[0..<19]) + [0x3B]) == "it has no image")
        #expect(ImageValidator.gif(Array(Self.gif[0..<10])) == "it ends inside its screen descriptor")

        #expect(ImageValidator.jpeg(Array(Self.jpeg.dropLast(2))) == "it ends inside image data, without EOI")
        #expect(ImageValidator.jpeg(Array(Self.jpeg[0..<60])) == "its segment 0xFFDB at byte 2 is longer than the file")
        #expect(ImageValidator.jpeg([0xFF, 0xD8, 0xFF, 0xD9]) == "it ends (EOI) before any image")
        // The frame header removed: the scan comes first.
        let noFrame = Array(Self.jpeg[0..<71]) + Array(Self.jpeg[84...])
        #expect(ImageValidator.jpeg(noFrame) == "it has a scan (SOS) before any frame header (SOF)")

        #expect(ImageValidator.webp(Array(Self.webp.dropLast())) == "its RIFF size 26 is not the file's size less 8 (25)")
        var noPad = Array(Self.webp.dropLast())
        noPad.replaceSubrange(4..<8, with: Self.le32(noPad.count - 8))
        #expect(ImageValidator.webp(noPad) == "its last chunk's padding byte is missing")
    }

    @Test func notesPublishOnlyValidImagesAndSayWhy() {
        let files = ["notes/a.png": Self.png, "notes/b.gif": Self.gif, "notes/c.jpg": Self.jpeg, "notes/d.webp": Self.webp,
                     "notes/evil.gif": Array("GIF89a<script>alert(1)</script>".utf8), "notes/tail.png": Self.png + Array("<html>".utf8)]
        var images = NoteImages { files[$0] }
        for name in ["a.png", "b.gif", "c.jpg", "d.webp"] {
            #expect(images.rewrite(name, in: "notes/x.md") == name)
        }
        #expect(images.rewrite("evil.gif", in: "notes/x.md") == "")
        #expect(images.rewrite("tail.png", in: "notes/x.md") == "")
        #expect(images.files.keys.sorted() == ["notes/a.png", "notes/b.gif", "notes/c.jpg", "notes/d.webp"])
        #expect(images.warnings.map(\.description) == [
            #"notes/x.md: image "evil.gif" does not contain GIF image data (byte 13 is 0x3e, not an image, extension or trailer); it is left out"#,
            #"notes/x.md: image "tail.png" does not contain PNG image data (6 bytes follow its end (IEND)); it is left out"#,
        ])
    }
}
