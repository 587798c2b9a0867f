import Foundation
import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders Markdown to HTML through libcmark: the only place that touches cmark.
///
/// cmark always runs in its safe mode (raw HTML is omitted, `javascript:`, `vbscript:`, `file:`
/// and most `data:` URLs are emptied) with smart punctuation and UTF-8 validation. GitHub's
/// tables, task lists, strikethrough and extended autolinks are added as passes over cmark's
/// node tree (`GFMTables`, `TaskLists`, `GFMAutolinks`, `GFMStrikethrough`), never over HTML.
public enum MarkdownRenderer {
    /// The options every render uses. `CMARK_OPT_UNSAFE` is never among them.
    static let options: Int32 = CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8

    /// Decides what a link or image URL becomes: return the new URL, or nil to keep it.
    public typealias LinkRewriter = (_ url: String, _ isImage: Bool) -> String?

    public struct Heading: Equatable, Sendable {
        public var level: Int
        public var text: String
        public var id: String
    }

    public struct Result: Equatable, Sendable {
        /// The HTML as UTF-8 bytes, as pages embed it.
        public var htmlBytes: [UInt8]
        /// The HTML as text.
        public var html: String { String(decoding: htmlBytes, as: UTF8.self) }
        public var headings: [Heading]
    }

    /// - Parameter headingOffset: added to every heading level (capped at 6), so a note's `# Title`
    ///   sits below the page's own `<h1>`.
    public static func render(_ markdown: String, headingOffset: Int = 0, rewrite: LinkRewriter? = nil) -> Result {
        render(markdown, headingOffset: headingOffset, smart: true, rewrite: rewrite)
    }

    /// `smart: false` is for GitHub's spec examples, which are written without smart punctuation.
    static func render(_ markdown: String, headingOffset: Int = 0, smart: Bool, rewrite: LinkRewriter? = nil) -> Result {
        let options = smart ? options : options & ~CMARK_OPT_SMART
        let source = MarkdownSource(markdown)
        guard let document = parse(source.bytes, options: options) else {
            return Result(htmlBytes: [], headings: [])
        }
        defer { cmark_node_free(document) }
        // Each pass runs only when the note has the character its syntax needs.
        if source.contains(UInt8(ascii: "|")) { GFMTables.apply(to: document, source: source, options: options) }
        if source.contains(UInt8(ascii: "[")) { TaskLists.apply(to: document, source: source) }
        let links = source.contains(UInt8(ascii: "@")) || MarkdownSource.contains(source.bytes, Array("://".utf8))
            || MarkdownSource.contains(source.bytes, Array("www.".utf8))
        let tildes = source.contains(UInt8(ascii: "~"))
        if links || tildes {
            // The inline passes run block by block (paragraphs, headings, tables), each taken out
            // of the tree while it changes.
            let blocks = CmarkTree.descendants(of: document).filter { node in
                let type = cmark_node_get_type(node)
                return type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING
                    || (type == CMARK_NODE_CUSTOM_BLOCK && cmark_node_get_type(cmark_node_parent(node)) != CMARK_NODE_CUSTOM_BLOCK)
            }
            for block in blocks {
                CmarkTree.detached(block) { block in
                    if links { GFMAutolinks.apply(to: block, smart: smart) }
                    if tildes { GFMStrikethrough.apply(to: block) }
                }
            }
        }
        if source.hasEscapedTildes { EscapedTildes.restore(in: document) }

        var headings: [Heading] = []
        var usedIDs: [String: Int] = [:]
        var headingText: String?
        var headingLevel = 0

        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            switch (type, event) {
            case (CMARK_NODE_HEADING, CMARK_EVENT_ENTER):
                headingText = ""
                headingLevel = min(6, Int(cmark_node_get_heading_level(node)) + headingOffset)
                cmark_node_set_heading_level(node, Int32(headingLevel))
            case (CMARK_NODE_HEADING, CMARK_EVENT_EXIT):
                let text = headingText ?? ""
                headings.append(Heading(level: headingLevel, text: text, id: uniqueID(for: text, used: &usedIDs)))
                headingText = nil
            case (CMARK_NODE_TEXT, _), (CMARK_NODE_CODE, _):
                // Without the control characters the page's HTML leaves out (`HTMLControls`), so
                // a title from the heading reads as the heading does.
                if headingText != nil, let literal = cmark_node_get_literal(node) {
                    headingText?.append(String(decoding: HTMLControls.removed(from: Array(UnsafeRawBufferPointer(start: literal, count: strlen(literal)))), as: UTF8.self))
                }
            case (CMARK_NODE_SOFTBREAK, _), (CMARK_NODE_LINEBREAK, _):
                headingText?.append(" ")
            case (CMARK_NODE_LINK, CMARK_EVENT_ENTER), (CMARK_NODE_IMAGE, CMARK_EVENT_ENTER):
                if let rewrite, let url = cmark_node_get_url(node).map({ String(cString: $0) }),
                   let replacement = rewrite(url, type == CMARK_NODE_IMAGE) {
                    cmark_node_set_url(node, replacement)
                }
            default:
                break
            }
        }

        guard let rendered = cmark_render_html(document, options) else {
            return Result(htmlBytes: [], headings: headings)
        }
        defer { free(rendered) }
        var html = Array(UnsafeRawBufferPointer(start: rendered, count: strlen(rendered)))
        // cmark's output is valid UTF-8 when its input was checked (CMARK_OPT_VALIDATE_UTF8);
        // should it ever not be, bad bytes become U+FFFD rather than reaching a page.
        if SourceText.firstInvalidUTF8(html) != nil { html = Array(String(decoding: html, as: UTF8.self).utf8) }
        html = HTMLControls.removed(from: html)
        // A lone direction override in a paragraph must not reverse the page after it.
        return Result(htmlBytes: BidiIsolation.confined(html: addHeadingIDs(html, headings)), headings: headings)
    }

    /// cmark's document for UTF-8 bytes.
    static func parse(_ bytes: [UInt8], options: Int32) -> CmarkTree.Node? {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parse_document($0, buffer.count, options) }
            } ?? cmark_parse_document("", 0, options)
        }
    }

    /// cmark writes headings as a bare `<hN>`; raw HTML is omitted in safe mode, so every `<hN>` in
    /// its output is one of the document's headings, in order.
    static func addHeadingIDs(_ html: [UInt8], _ headings: [Heading]) -> [UInt8] {
        guard !headings.isEmpty else { return html }
        return html.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return html }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + headings.count * 24)
            var copied = 0, i = 0, index = 0
            // Copy the text between headings in one piece each; "<" found with memchr.
            while index < headings.count, i < bytes.count, let hit = memchr(base + i, Int32(UInt8(ascii: "<")), bytes.count - i) {
                let open = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                i = open + 1
                // "<hN>" where N is the next heading's level.
                let level = UInt8(ascii: "0") + UInt8(headings[index].level)
                guard open + 3 < bytes.count, bytes[open + 1] == UInt8(ascii: "h"), bytes[open + 2] == level,
                      bytes[open + 3] == UInt8(ascii: ">") else { continue }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<open]))
                result.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "h"), level])
                result.append(contentsOf: " id=\"".utf8)
                HTMLEscape.append(headings[index].id, to: &result)
                result.append(contentsOf: "\">".utf8)
                copied = open + 4
                i = copied
                index += 1
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return result
        }
    }

    /// A heading anchor: letters and digits of any script, lower-cased, words joined by `-`,
    /// made unique within the document with `-1`, `-2`, … as GitHub does.
    static func uniqueID(for text: String, used: inout [String: Int]) -> String {
        var slug = ""
        var pendingDash = false
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: the same rule on bytes, without Unicode character properties.
            for b in text.utf8 {
                let lower = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
                if (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) {
                    if pendingDash && !slug.isEmpty { slug.append("-") }
                    pendingDash = false
                    slug.unicodeScalars.append(Unicode.Scalar(lower))
                } else if b == 0x20 || b == 0x2D || b == 0x5F {
                    pendingDash = true
                }
            }
            return unique(slug, used: &used)
        }
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(ch)
            } else if ch == " " || ch == "-" || ch == "_" {
                pendingDash = true
            }
        }
        return unique(slug, used: &used)
    }

    /// `slug` (or "section" when empty), with `-1`, `-2`, … when the document already has it.
    private static func unique(_ slug: String, used: inout [String: Int]) -> String {
        let slug = slug.isEmpty ? "section" : slug
        if let n = used[slug] {
            used[slug] = n + 1
            let candidate = "\(slug)-\(n)"
            used[candidate] = 1
            return candidate
        }
        used[slug] = 1
        return slug
    }

}
