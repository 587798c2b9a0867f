import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small operations on cmark's node tree for the GitHub extensions. Nodes made here render
/// through cmark's own HTML writer: custom nodes print the fixed HTML given to them (never data),
/// text nodes are escaped by cmark.
enum CmarkTree {
    typealias Node = OpaquePointer

    /// The node's literal as bytes (empty when it has none).
    static func literal(_ node: Node) -> [UInt8] {
        guard let pointer = cmark_node_get_literal(node) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
    }

    /// Sets a literal from bytes (cmark copies them; the bytes are valid UTF-8 without NUL).
    static func setLiteral(_ node: Node, _ bytes: some Collection<UInt8>) {
        var copy = Array(bytes)
        copy.append(0)
        copy.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { _ = cmark_node_set_literal(node, $0) }
            }
        }
    }

    static func text(_ bytes: some Collection<UInt8>) -> Node? {
        guard let node = cmark_node_new(CMARK_NODE_TEXT) else { return nil }
        setLiteral(node, bytes)
        return node
    }

    /// A node that prints `enter` before its children and `exit` after them.
    static func custom(block: Bool, enter: String, exit: String) -> Node? {
        guard let node = cmark_node_new(block ? CMARK_NODE_CUSTOM_BLOCK : CMARK_NODE_CUSTOM_INLINE) else { return nil }
        _ = cmark_node_set_on_enter(node, enter)
        _ = cmark_node_set_on_exit(node, exit)
        return node
    }

    static func children(of node: Node) -> [Node] {
        var result: [Node] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    /// Every node below `root` (root included) in document order.
    static func descendants(of root: Node) -> [Node] {
        var result: [Node] = []
        guard let iterator = cmark_iter_new(root) else { return result }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) { result.append(node) }
        }
        return result
    }

    /// Whether `node` sits inside a link or an image (whose text must not become a link again).
    /// Only inline ancestors are looked at: a link holds no block, and a note may nest deep.
    static func isInsideLink(_ node: Node) -> Bool {
        var parent = cmark_node_parent(node)
        while let current = parent {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE { return true }
            guard type == CMARK_NODE_EMPH || type == CMARK_NODE_STRONG || type == CMARK_NODE_CUSTOM_INLINE else { return false }
            parent = cmark_node_parent(current)
        }
        return false
    }

    /// Runs `body` on `block` taken out of the tree, then puts it back where it was. Moving a node
    /// that has children makes cmark walk all ancestors of its new place; outside the tree that
    /// walk is short however deep the block sits (a note of 20,000 nested quotes, say).
    static func detached(_ block: Node, _ body: (Node) -> Void) {
        let previous = cmark_node_previous(block), parent = cmark_node_parent(block)
        cmark_node_unlink(block)
        body(block)
        if let previous {
            cmark_node_insert_after(previous, block)
        } else if let parent {
            cmark_node_prepend_child(parent, block)
        }
    }

    /// Unlinks and frees `node` and everything below it.
    static func remove(_ node: Node) {
        cmark_node_unlink(node)
        cmark_node_free(node)
    }
}
