/// RFC 4180 CSV: comma separated, `"` quotes with `""` inside; LF, CRLF or CR line ends (a lone
/// CR is how classic Mac OS and old Excel for Mac end lines, and Python's csv module reads it as
/// one too). Each field remembers its line and column for messages.
enum CSVReader {
    struct Field: Equatable {
        var text: String
        var line: Int
        var column: Int
    }

    struct SyntaxError: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// Rows of fields; blank lines are skipped.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> [[Field]] {
        var rows: [[Field]] = []
        var row: [Field] = []
        var field: [UInt8] = []
        var line = 1
        var column = 1
        var fieldLine = 1
        var fieldColumn = 1
        var i = 0
        var quoted = false
        var afterQuote = false
        var rowHasContent = false

        func endField() {
            row.append(Field(text: String(decoding: field, as: UTF8.self), line: fieldLine, column: fieldColumn))
            field.removeAll(keepingCapacity: true)
        }

        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
                        field.append(b)
                        i += 2
                        column += 2
                        continue
                    }
                    quoted = false
                    afterQuote = true
                } else {
                    field.append(b)
                    // A line break inside quotes is kept as written, and counted once.
                    if b == 0x0A || (b == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
                        line += 1
                        column = 0
                    }
                }
                i += 1
                if b & 0xC0 != 0x80 { column += 1 }
                continue
            }
            switch b {
            case UInt8(ascii: ","):
                endField()
                rowHasContent = true
                afterQuote = false
                fieldLine = line
                fieldColumn = column + 1
            case 0x0D, 0x0A:
                if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                if rowHasContent || !field.isEmpty || afterQuote {
                    endField()
                    rows.append(row)
                }
                row = []
                rowHasContent = false
                afterQuote = false
                line += 1
                column = 0
                fieldLine = line
                fieldColumn = 1
            case UInt8(ascii: "\"") where field.isEmpty && !afterQuote:
                quoted = true
                rowHasContent = true
            default:
                if afterQuote {
                    throw SyntaxError(line: line, column: column, message: "unexpected character after a closing quote")
                }
                field.append(b)
            }
            i += 1
            if b & 0xC0 != 0x80 { column += 1 }
        }
        if quoted {
            throw SyntaxError(line: fieldLine, column: fieldColumn, message: "a quoted field is never closed")
        }
        if rowHasContent || !field.isEmpty || afterQuote {
            endField()
            rows.append(row)
        }
        return rows
    }
}
