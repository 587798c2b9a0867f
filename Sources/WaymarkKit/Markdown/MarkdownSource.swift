/// The Markdown exactly as cmark parses it, split into lines, so the GitHub extensions can read
/// the source at the line and column cmark reports for a block.
///
/// cmark's columns count bytes of its input, so this is the input: the byte order mark is removed
/// and NUL becomes U+FFFD here (cmark would do both itself, shifting columns). A backslash-escaped
/// `~` becomes `MarkdownSource.escapedTilde`, so the strikethrough pass can tell `\~` from `~`
/// after cmark has merged text nodes; `MarkdownRenderer` turns it back afterwards.
struct MarkdownSource {
    /// U+FDD0, a noncharacter: no text uses it, and cmark passes it through as a letter.
    static let escapedTilde: [UInt8] = [0xEF, 0xB7, 0x90]

    let bytes: [UInt8]
    /// The byte offset where each line starts; line n (1-based, as cmark counts) starts at
    /// `lineStarts[n - 1]`.
    private(set) var lineStarts: [Int] = [0]
    /// Whether some `\~` was replaced by `escapedTilde`.
    let hasEscapedTildes: Bool

    init(_ markdown: String) {
        var input = Array(markdown.utf8)
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input.removeFirst(3) }
        let sentinelFree = !MarkdownSource.contains(input, MarkdownSource.escapedTilde)
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var replaced = false
        var i = 0
        while i < input.count {
            let b = input[i]
            if b == 0 {
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            } else if b == UInt8(ascii: "\\"), i + 1 < input.count {
                // A backslash escapes the next byte (a second backslash included), so `\\~` is an
                // escaped backslash and a live tilde.
                let next = input[i + 1]
                if next == UInt8(ascii: "~") && sentinelFree {
                    out.append(contentsOf: MarkdownSource.escapedTilde)
                    replaced = true
                    i += 2
                    continue
                } else if next == UInt8(ascii: "\\") {
                    out.append(contentsOf: [b, next])
                    i += 2
                    continue
                }
                out.append(b)
            } else {
                out.append(b)
            }
            i += 1
        }
        bytes = out
        hasEscapedTildes = replaced
        for (offset, b) in out.enumerated() {
            if b == 0x0A {
                lineStarts.append(offset + 1)
            } else if b == 0x0D, offset + 1 >= out.count || out[offset + 1] != 0x0A {
                lineStarts.append(offset + 1)
            }
        }
    }

    var lineCount: Int { lineStarts.count }

    /// Line `number` (1-based) without its line ending; empty outside the document.
    func line(_ number: Int) -> ArraySlice<UInt8> {
        guard number >= 1, number <= lineStarts.count else { return [] }
        var end = number < lineStarts.count ? lineStarts[number] : bytes.count
        while end > lineStarts[number - 1], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[lineStarts[number - 1]..<end]
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var i = 0
        while i + needle.count <= haystack.count {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
