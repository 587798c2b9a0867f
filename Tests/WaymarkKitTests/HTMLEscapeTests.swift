import Testing
@testable import WaymarkKit

/// Escaping into bytes (pages) and into a String (everything else) agree, byte for byte.
struct HTMLEscapeTests {
    static let cases = [
        "plain", "", "a & b < c > d \" e ' f", "<script>alert('x')</script>", "· middle dot, 25 °C ± 1",
        "C1: \u{80}\u{85}\u{9F} end", "C0: \u{0}\u{1}\u{1F} DEL \u{7F}", "tab\tnew\nline\r", "日本語 & 中文 <b>",
        "emoji 👩‍👩‍👧 & ‮bidi", "\u{A0}nbsp\u{AD}shy", "&&&", "\u{C2}\u{80}", "end with C1 \u{9F}",
        "<\u{202E}>\u{202C}\u{202C}&\u{2066}\u{2069}\u{2069}\u{2067}", "— “quotes” … → \u{2028}", "\u{E2}\u{80}\u{AE} are three Latin letters",
    ]

    /// The rule, one Unicode scalar at a time: an independent statement of what the byte-level
    /// escaper must produce (direction controls isolated first, as `BidiIsolationTests` states).
    static func reference(_ text: String) -> String {
        var out = ""
        for scalar in BidiIsolationTests.reference(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test(arguments: cases)
    func bytesAndStringsFollowTheRule(_ text: String) {
        var bytes: [UInt8] = Array("prefix|".utf8)
        HTMLEscape.append(text, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "prefix|" + Self.reference(text))
        var string = "prefix|"
        HTMLEscape.append(text, to: &string)
        #expect(string == "prefix|" + Self.reference(text))
        var buffer = ByteBuffer(capacity: 1)
        buffer.append("prefix|")
        HTMLEscape.append(text, to: &buffer)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "prefix|" + Self.reference(text))
    }

    /// The one-pass test for text that escaping leaves alone, against the two scans it stands for
    /// (`changes`: a byte to escape, then a direction control): on every sequence of up to three
    /// bytes drawn from those either scan looks at, and on 20,000 seeded texts of them. Text is
    /// UTF-8 wherever it comes from (a `String`), where the two agree exactly; on broken UTF-8
    /// the one pass may only be stricter (the full escaper then runs, as before).
    @Test func theOnePassTestAgreesWithTheTwoScans() {
        let bytes: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0x41, 0x7E, 0x7F, 0x80, 0x81,
                              0x85, 0x9F, 0xA0, 0xA6, 0xA9, 0xAA, 0xAC, 0xAE, 0xAF, 0xB7, 0xC2, 0xC3, 0xE2, 0xE3, 0xFF]
        func check(_ s: [UInt8]) {
            s.withUnsafeBufferPointer { p in
                if String(validating: s, as: UTF8.self) != nil {
                    #expect(HTMLEscape.isUnchanged(p) == !HTMLEscape.changes(p), "\(s)")
                } else {
                    #expect(!HTMLEscape.isUnchanged(p) || !HTMLEscape.changes(p), "\(s)")
                }
            }
        }
        check([])
        for a in bytes {
            check([a])
            for b in bytes {
                check([a, b])
                for c in bytes { check([a, b, c]) }
            }
        }
        var random = SeededNumbers(state: 7)
        let pieces: [[UInt8]] = [Array("plain ".utf8), Array(" · ".utf8), Array("–".utf8), Array("\u{202E}".utf8), Array("\u{2069}".utf8),
                                 Array("&".utf8), Array("°C".utf8), Array("日本".utf8), [0xC2, 0x85], [0xE2, 0x80], [0xE2], [0xC2], [0x7F]]
        var unchanged = 0
        for _ in 0..<20_000 {
            var s: [UInt8] = []
            for _ in 0..<random.next(8) { s += random.pick(pieces) }
            check(s)
            if s.withUnsafeBufferPointer({ HTMLEscape.isUnchanged($0) }) { unchanged += 1 }
        }
        // Both outcomes are tried often.
        #expect(unchanged > 2_000 && unchanged < 18_000)
    }

    @Test func knownValues() {
        var bytes: [UInt8] = []
        HTMLEscape.append("a<b>&\"c'·\u{85}\u{1}", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "a&lt;b&gt;&amp;&quot;c&#39;·\u{FFFD}\u{FFFD}")
    }

    @Test func byteBuffersGrowAndEscapeLikeTheEscaper() {
        var out = ByteBuffer(capacity: 4)
        out.markup("<td>")
        for text in Self.cases { out.text(text) }
        out.raw(Array("|raw&".utf8))
        for n: UInt in [0, 7, 10, 999, 1_000_000, UInt.max] { out.digits(n); out.markup(",") }
        let expected = "<td>" + Self.cases.map(Self.reference).joined() + "|raw&" + "0,7,10,999,1000000,\(UInt.max),"
        #expect(String(decoding: out.bytes, as: UTF8.self) == expected)
    }

    @Test func byteBuffersAppendAnotherAndStartAgain() {
        // A part emptied and written again, appended each time, as a table's days are.
        var out = ByteBuffer(capacity: 4), part = ByteBuffer(capacity: 4)
        out.append(part)  // empty: nothing
        var expected = ""
        for day in 1...40 {
            for row in 0..<day { part.markup("<tr>"); part.digits(UInt(row)); part.text("<&>") }
            out.append(part)
            expected += (0..<day).map { "<tr>\($0)&lt;&amp;&gt;" }.joined()
            part.removeAll()
            #expect(part.bytes.isEmpty)
            out.markup("|")
            expected += "|"
        }
        #expect(String(decoding: out.bytes, as: UTF8.self) == expected)
        #expect(out.bytes.count == expected.utf8.count)
    }
}
