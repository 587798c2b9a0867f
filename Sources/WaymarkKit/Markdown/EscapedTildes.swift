import CCmark

/// Puts back the `\~` that `MarkdownSource` hid from the strikethrough pass: as `~` where cmark
/// applies backslash escapes (text, link URLs and titles, code fence info) and as `\~` where it
/// keeps the source (code, raw HTML).
enum EscapedTildes {
    static func restore(in document: CmarkTree.Node) {
        let tilde = Array("~".utf8), escaped = Array("\\~".utf8)
        for node in CmarkTree.descendants(of: document) {
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT:
                replace(node, with: tilde)
            case CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK:
                replace(node, with: escaped)
                if cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK, let info = cmark_node_get_fence_info(node) {
                    let restored = restored(String(cString: info), with: tilde)
                    if let restored { _ = cmark_node_set_fence_info(node, restored) }
                }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if let url = cmark_node_get_url(node), let restored = restored(String(cString: url), with: tilde) {
                    _ = cmark_node_set_url(node, restored)
                }
                if let title = cmark_node_get_title(node), let restored = restored(String(cString: title), with: tilde) {
                    _ = cmark_node_set_title(node, restored)
                }
            default:
                break
            }
        }
    }

    private static func replace(_ node: CmarkTree.Node, with replacement: [UInt8]) {
        let literal = CmarkTree.literal(node)
        guard MarkdownSource.contains(literal, MarkdownSource.escapedTilde) else { return }
        CmarkTree.setLiteral(node, replacing(literal, with: replacement))
    }

    private static func restored(_ text: String, with replacement: [UInt8]) -> String? {
        let bytes = Array(text.utf8)
        guard MarkdownSource.contains(bytes, MarkdownSource.escapedTilde) else { return nil }
        return String(decoding: replacing(bytes, with: replacement), as: UTF8.self)
    }

    private static func replacing(_ bytes: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        let marker = MarkdownSource.escapedTilde
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if i + marker.count <= bytes.count, bytes[i] == marker[0], bytes[i..<(i + marker.count)].elementsEqual(marker) {
                result.append(contentsOf: replacement)
                i += marker.count
            } else {
                result.append(bytes[i])
                i += 1
            }
        }
        return result
    }
}
