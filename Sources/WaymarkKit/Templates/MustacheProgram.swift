import Synchronization

/// Parsed nodes laid out flat for rendering: one list of operations holding only numbers, the
/// literal text end to end in one buffer and the names of every tag in another. A section's
/// children follow it, up to the operation it names as its next. Walking it copies no node and
/// retains nothing, where a walk of `MustacheNode`s copied each node's text, names and children
/// (retained, then released) at every visit: on a page of a thousand table rows, each row's
/// tags again. Partials, parents and blocks, a few to a page, are kept as their nodes.
final class MustacheProgram: Sendable {
    struct Operation: Sendable {
        enum Kind: UInt8, Sendable {
            /// `text[start..<end]`.
            case text
            /// The name `names[start..<end]`; `flag`: escaped.
            case variable
            /// The name `names[start..<end]`; `flag`: inverted; its children are the
            /// operations up to `next`, `count` of them at its own level.
            case section
            /// `others[start]`: a partial, parent or block.
            case other
        }

        var kind: Kind
        var flag = false
        var start = 0
        var end = 0
        var next = 0
        var count = 0
        var at = SourceLocation(line: 0, column: 0)
    }

    let operations: [Operation]
    let text: [UInt8]
    let names: [TemplateKey]
    let others: [MustacheNode]
    /// How many nodes the top level has (what a render counts as its steps).
    let count: Int
    /// The largest page rendered from this program so far: room made for the next at once
    /// saves growing its buffer (and copying what it holds) as the page is written.
    let largestPage = Atomic<Int>(0)

    /// Remembers a page of `size` bytes.
    func rendered(size: Int) {
        var seen = largestPage.load(ordering: .relaxed)
        while size > seen {
            let (exchanged, original) = largestPage.compareExchange(expected: seen, desired: size, ordering: .relaxed)
            if exchanged { return }
            seen = original
        }
    }

    init(_ nodes: [MustacheNode]) {
        var layout = Layout()
        layout.add(nodes)
        operations = layout.operations
        text = layout.text
        names = layout.names
        others = layout.others
        count = nodes.count
    }

    private struct Layout {
        var operations: [Operation] = []
        var text: [UInt8] = []
        var names: [TemplateKey] = []
        var others: [MustacheNode] = []

        mutating func add(_ nodes: [MustacheNode]) {
            for node in nodes {
                switch node {
                case .text(let bytes):
                    operations.append(Operation(kind: .text, start: text.count, end: text.count + bytes.count))
                    text += bytes
                case .variable(let path, let escaped, let at):
                    operations.append(Operation(kind: .variable, flag: escaped, start: names.count, end: names.count + path.count, at: at))
                    names += path
                case .section(let path, let inverted, let children, let at):
                    let place = operations.count
                    operations.append(Operation(kind: .section, flag: inverted, start: names.count, end: names.count + path.count,
                                                count: children.count, at: at))
                    names += path
                    add(children)
                    operations[place].next = operations.count
                case .partial, .parent, .block:
                    operations.append(Operation(kind: .other, start: others.count))
                    others.append(node)
                }
            }
        }
    }
}
