// libFuzzer target: notes. Front matter, the note parser, and cmark through MarkdownRenderer
// (heading anchors, link rewriting, plain text), whose output must stay inert.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? FrontMatter.parse(text)
    var diagnostics: [Diagnostic] = []
    let note = NotesReader.parse(text, fileName: "a.md", file: "notes/a.md", zone: .utc, diagnostics: &diagnostics)
    let result = MarkdownRenderer.render(note?.body ?? text, headingOffset: 1) { url, _ in
        SiteContent.rewriteNoteLink(url, slugs: ["b.md": "b"])
    }
    if let hit = activeContent(in: result.html) {
        fatalError("active content in cmark output: \(hit)")
    }
    return 0
}

/// Script elements, event-handler attributes and script URLs in attributes; plain text that merely
/// mentions them (escaped by cmark) is fine. The same check as HostileInputTests.
func activeContent(in html: String) -> String? {
    let patterns = [#"<script"#, #"<[a-zA-Z][^>]*\s[oO][nN][a-zA-Z]+\s*="#,
                    #"(?i)(href|src|action|formaction|xlink:href|data)\s*=\s*["']?\s*(javascript:|vbscript:|data:text/html)"#]
    for pattern in patterns {
        if let range = html.range(of: pattern, options: .regularExpression) { return String(html[range]) }
    }
    return nil
}
