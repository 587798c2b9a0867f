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
    let lower = result.html.lowercased()
    if lower.contains("<script") || lower.contains("javascript:") || lower.contains(" onerror=") {
        fatalError("active content in cmark output: \(result.html)")
    }
    return 0
}
