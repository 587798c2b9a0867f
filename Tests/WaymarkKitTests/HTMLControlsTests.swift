import Testing
@testable import WaymarkKit

/// Control characters from a note (a Daylio note holding a terminal's escape sequence) reach no
/// page; tab, line feed, form feed and carriage return stay.
struct HTMLControlsTests {
    @Test func controlsInANoteAreLeftOut() {
        let html = String(decoding: MarkdownRenderer.render("note \u{1B}[2J text\u{7F} and \u{85}next\u{9F}\n\n`code\u{07}`").htmlBytes, as: UTF8.self)
        #expect(html == "<p>note [2J text and next</p>\n<p><code>code</code></p>\n")
    }

    /// A title taken from the first heading reads as the heading does.
    @Test func aHeadingsTextLeavesThemOutToo() {
        let result = MarkdownRenderer.render("# Head\u{1B}[31mred\u{07} \u{01}x\n\nBody.")
        #expect(result.headings.map(\.text) == ["Head[31mred x"])
        #expect(String(decoding: result.htmlBytes, as: UTF8.self).hasPrefix("<h1 id="))
    }

    @Test func everyByteIsReplacedOrKept() {
        // Every one-byte character: 0x00–0x1F but the four whitespace ones, and 0x7F, go.
        for byte in UInt8(0)..<0x80 {
            let out = HTMLControls.removed(from: [0x61, byte, 0x62])
            let control = byte < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains(byte) || byte == 0x7F
            #expect(out == (control ? [0x61, 0x62] : [0x61, byte, 0x62]), "\(byte)")
        }
        // Two-byte characters: U+0080–U+009F go, U+00A0 (C2 A0) and é (C3 A9) stay; a C2 at the end stays.
        #expect(HTMLControls.removed(from: [0x61, 0xC2, 0x80, 0xC2, 0x9F, 0x62]) == [0x61, 0x62])
        #expect(HTMLControls.removed(from: [0xC2, 0xA0, 0xC3, 0xA9, 0xC2]) == [0xC2, 0xA0, 0xC3, 0xA9, 0xC2])
    }
}
