import Testing
@testable import WaymarkKit

/// The CSV reader's line ends, against Python's csv module (`csv.reader(io.StringIO(text,
/// newline=''))`), which reads LF, CRLF and a lone CR as line ends and keeps them inside quotes.
struct CSVReaderTests {
    static func rows(_ text: String) throws -> [[String]] {
        try CSVReader.parse(Array(text.utf8)).map { $0.map(\.text) }
    }

    @Test func everyKindOfLineEndEndsARow() throws {
        // Python: [['a', 'b'], ['c', 'd\re'], [], ['f'], ['g']] (Waymark skips the blank line).
        let text = "a,b\rc,\"d\re\"\r\rf\r\ng"
        #expect(try Self.rows(text) == [["a", "b"], ["c", "d\re"], ["f"], ["g"]])
        // Lines as a person counts them: the quoted CR starts line 3, f is on line 5.
        let fields = try CSVReader.parse(Array(text.utf8))
        #expect(fields.map { $0[0].line } == [1, 2, 5, 6])
        #expect(fields[1][1].line == 2 && fields[1][1].column == 3)
        #expect(try Self.rows("x\r\n\"y\r\nz\"\n") == [["x"], ["y\r\nz"]])
    }

    @Test func aProblemAfterCarriageReturnsIsAtItsLine() {
        #expect(throws: CSVReader.SyntaxError(line: 3, column: 4, message: "unexpected character after a closing quote")) {
            _ = try CSVReader.parse(Array("a\rb\r\"c\"d".utf8))
        }
    }
}
