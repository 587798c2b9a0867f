import Testing
@testable import WaymarkKit

/// `SourceFile.firstLine` looks for the line break in bytes; these heads check it against the
/// plain statement of the rule, the text cut at its first Character that is a line break.
struct SourceFileFirstLineTests {
    static func reference(_ head: [UInt8]) -> String {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let text = String(decoding: bytes, as: UTF8.self)
        let end = text.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) ?? text.endIndex
        return String(text[..<end])
    }

    static let heads: [[UInt8]] = [
        Array("date,weight\n2024-01-01,70\n".utf8),
        Array("\u{FEFF}Date,Steps\r\n1,2".utf8),
        Array("a,b\rc".utf8),
        Array("no break at all".utf8),
        Array("".utf8),
        Array("\n starts with a break".utf8),
        // A combining mark right after the break: the break still ends a Character of its own.
        Array("é,x\n\u{301}y".utf8),
        Array("体重,日期 👩‍👩‍👧\r\n".utf8),
        // Bad UTF-8 before the break, and a cut multi-byte character at the end of the head.
        [0x61, 0xFF, 0xC3, 0x0A, 0x62],
        [0x61, 0x62, 0xE4, 0xBD],
    ]

    @Test(arguments: heads) func theLineIsCutWhereTheCharacterRuleCutsIt(head: [UInt8]) {
        #expect(SourceFile.memory("f.csv", head).firstLine == Self.reference(head))
    }

    @Test func handWorkedLines() {
        #expect(SourceFile.memory("f.csv", "\u{FEFF}Date,Steps\r\n1,2").firstLine == "Date,Steps")
        #expect(SourceFile.memory("f.csv", "a,b\rc").firstLine == "a,b")
        #expect(SourceFile.memory("f.csv", [0x61, 0xFF, 0x0A]).firstLine == "a\u{FFFD}")
        // A head of one line without a break is the whole head.
        let long = SourceFile.memory("f.txt", String(repeating: "x", count: 10_000))
        #expect(long.firstLine == String(repeating: "x", count: SourceFile.headSize))
        #expect(long.firstLineCells == [String(repeating: "x", count: SourceFile.headSize)])
    }

    @Test func theFirstLinesCellsAreReadOnceAsACSVRow() {
        #expect(SourceFile.memory("f.csv", "\u{FEFF}Date,Weight (kg)\n1,2\n").firstLineCells == ["Date", "Weight (kg)"])
        #expect(SourceFile.memory("f.csv", "\"a\",\"b,c\"\r\nrow").firstLineCells == ["a", "b,c"])
        #expect(SourceFile.memory("f.csv", "\nlater").firstLineCells == nil)
        #expect(SourceFile.memory("f.csv", "").firstLineCells == nil)
    }
}
