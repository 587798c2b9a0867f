// libFuzzer target: MarkdownRenderer and its GitHub extensions (tables, task lists, strikethrough,
// extended autolinks) on arbitrary text, with and without smart punctuation. The target fails if
// the HTML holds active content, a table or strikethrough tag without its end tag, or the
// character that stands for `\~` while the passes run.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let sentinel = String(decoding: MarkdownSource.escapedTilde, as: UTF8.self)
    for smart in [true, false] {
        let result = MarkdownRenderer.render(text, headingOffset: 1, smart: smart) { url, _ in url.hasSuffix(".md") ? "x.html" : nil }
        let html = result.html
        if let hit = markdownActiveContent(in: html) { fatalError("active content: \(hit)") }
        // Counted in bytes: as Characters, a prepending mark such as U+0601 joins the "<" after it.
        for tag in ["table", "thead", "tbody", "tr", "del"] where
            markdownCount("<\(tag)>", in: result.htmlBytes) != markdownCount("</\(tag)>", in: result.htmlBytes) {
            fatalError("unbalanced <\(tag)>")
        }
        if html.contains(sentinel) && !text.contains(sentinel) { fatalError("escaped-tilde marker reached the page") }
    }
    return 0
}

/// How often `needle` occurs in `bytes`.
func markdownCount(_ needle: String, in bytes: [UInt8]) -> Int {
    let n = Array(needle.utf8)
    guard bytes.count >= n.count else { return 0 }
    return (0...(bytes.count - n.count)).filter { bytes[$0] == n[0] && bytes[$0..<($0 + n.count)].elementsEqual(n) }.count
}

/// Script elements, event-handler attributes and script URLs in attributes (the check of the
/// frontmatter target and HostileInputTests).
func markdownActiveContent(in html: String) -> String? {
    let patterns = [#"(?i)<script"#, #"(?i)<[a-z][^>]*\s[oO][nN][a-zA-Z]+\s*="#,
                    #"(?i)(href|src|action|formaction|xlink:href|data)\s*=\s*["']?\s*(javascript:|vbscript:|data:text/html)"#]
    for pattern in patterns {
        if let range = html.range(of: pattern, options: .regularExpression) { return String(html[range]) }
    }
    return nil
}
