/// JSON with comments (JSONC, as in `tsconfig.json` and VS Code's settings): `//` line comments
/// and `/* */` block comments are turned into spaces so that the strict `JSONParser` can read the
/// rest. Every byte keeps its offset and every line break stays, so a parser's offset still
/// points at the same line and column of the file as written. A comma before `}` or `]` (a
/// trailing comma, which tsconfig and JSON5 allow) is blanked too.
enum JSONCText {
    /// A block comment that never ends, with the offset of its `/*`.
    struct UnterminatedComment: Error, Equatable {
        var offset: Int
    }

    static func blankingComments(_ bytes: [UInt8]) throws(UnterminatedComment) -> [UInt8] {
        var out = bytes
        var i = 0
        let n = bytes.count
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\"")
        while i < n {
            let b = bytes[i]
            if b == quote {
                // Skip the string; a `//` inside it is text.
                i = afterString(bytes, from: i)
            } else if b == slash, i + 1 < n, bytes[i + 1] == slash {
                while i < n, bytes[i] != 0x0A, bytes[i] != 0x0D {
                    out[i] = 0x20
                    i += 1
                }
            } else if b == slash, i + 1 < n, bytes[i + 1] == star {
                let start = i
                out[i] = 0x20
                out[i + 1] = 0x20
                i += 2
                while true {
                    guard i < n else { throw UnterminatedComment(offset: start) }
                    if bytes[i] == star, i + 1 < n, bytes[i + 1] == slash {
                        out[i] = 0x20
                        out[i + 1] = 0x20
                        i += 2
                        break
                    }
                    if bytes[i] != 0x0A && bytes[i] != 0x0D { out[i] = 0x20 }
                    i += 1
                }
            } else {
                i += 1
            }
        }
        blankTrailingCommas(&out)
        return out
    }

    /// Blanks each comma that follows a value and is followed, after white space, by `}` or
    /// `]`; runs after the comments are gone. A comma after `{`, `[` or another comma is left
    /// for the parser to report: `{,}` is not an empty object.
    private static func blankTrailingCommas(_ bytes: inout [UInt8]) {
        let quote = UInt8(ascii: "\"")
        var i = 0
        let n = bytes.count
        var last: UInt8 = 0  // the last byte that is not white space, outside strings
        while i < n {
            let b = bytes[i]
            if b == quote {
                i = afterString(bytes, from: i) - 1  // the loop steps past the closing quote
                last = quote
            } else if b == UInt8(ascii: ",") {
                var j = i + 1
                while j < n, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x0D || bytes[j] == 0x09 { j += 1 }
                let followsValue = last != 0 && last != UInt8(ascii: "{") && last != UInt8(ascii: "[") && last != UInt8(ascii: ",")
                if followsValue, j < n, bytes[j] == UInt8(ascii: "}") || bytes[j] == UInt8(ascii: "]") { bytes[i] = 0x20 } else { last = b }
            } else if b != 0x20 && b != 0x0A && b != 0x0D && b != 0x09 {
                last = b
            }
            i += 1
        }
    }

    /// The offset after the string that starts at `start` (its opening quote): past the closing
    /// quote, or past the line break or end where an unterminated string stops (the parser
    /// reports it).
    private static func afterString(_ bytes: [UInt8], from start: Int) -> Int {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var i = start + 1
        while i < bytes.count, bytes[i] != quote, bytes[i] != 0x0A {
            i += bytes[i] == backslash ? 2 : 1
        }
        return i + 1
    }
}
