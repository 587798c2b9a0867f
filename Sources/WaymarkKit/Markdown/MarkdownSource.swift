#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Markdown exactly as cmark parses it, split into lines, so the GitHub extensions can read
/// the source at the line and column cmark reports for a block.
///
/// cmark's columns count bytes of its input, so this is the input: the byte order mark is removed
/// and NUL becomes U+FFFD here (cmark would do both itself, shifting columns). A backslash-escaped
/// `~` becomes `MarkdownSource.escapedTilde`, so the strikethrough pass can tell `\~` from `~`
/// after cmark has merged text nodes; `MarkdownRenderer` turns it back afterwards.
final class MarkdownSource {
    /// U+FDD0, a noncharacter: no text uses it, and cmark passes it through as a letter.
    static let escapedTilde: [UInt8] = [0xEF, 0xB7, 0x90]

    let bytes: [UInt8]
    /// Whether some `\~` was replaced by `escapedTilde`.
    let hasEscapedTildes: Bool

    init(_ markdown: String) {
        var input = Array(markdown.utf8)
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input.removeFirst(3) }
        // Most notes have neither NUL nor `\~`: they are used as they are.
        guard MarkdownSource.contains(input, [0]) || MarkdownSource.contains(input, Array("\\~".utf8)) else {
            bytes = input
            hasEscapedTildes = false
            return
        }
        let sentinelFree = !MarkdownSource.contains(input, MarkdownSource.escapedTilde)
        var out: [UInt8] = []
        out.reserveCapacity(input.count + 16)
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
    }

    /// The byte offset where each line starts; line n (1-based, as cmark counts: after LF, CR LF
    /// or a lone CR) starts at `lineStarts[n - 1]`. Made when a pass first needs a line.
    private(set) lazy var lineStarts: [Int] = {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let hasCR = memchr(base, 0x0D, buffer.count) != nil
            var i = 0
            while i < buffer.count {
                let next: Int
                if hasCR {
                    guard let found = buffer[i...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { break }
                    next = buffer[found] == 0x0D && found + 1 < buffer.count && buffer[found + 1] == 0x0A ? found + 1 : found
                } else {
                    guard let hit = memchr(base + i, 0x0A, buffer.count - i) else { break }
                    next = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                }
                starts.append(next + 1)
                i = next + 1
            }
        }
        return starts
    }()

    var lineCount: Int { lineStarts.count }

    /// Line `number` (1-based) without its line ending; empty outside the document.
    func line(_ number: Int) -> ArraySlice<UInt8> {
        let starts = lineStarts
        guard number >= 1, number <= starts.count else { return [] }
        var end = number < starts.count ? starts[number] : bytes.count
        while end > starts[number - 1], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[starts[number - 1]..<end]
    }

    /// Whether `byte` occurs anywhere (memchr: the passes ask this of the whole note).
    func contains(_ byte: UInt8) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, Int32(byte), buffer.count) != nil } ?? false
        }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var i = 0
            while i + needle.count <= buffer.count, let hit = memchr(base + i, Int32(first), buffer.count - i) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                guard at + needle.count <= buffer.count else { return false }
                if buffer[at..<(at + needle.count)].elementsEqual(needle) { return true }
                i = at + 1
            }
            return false
        }
    }
}
