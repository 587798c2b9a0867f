/// A parsed template: text, tags and their nesting.
enum MustacheNode: Sendable {
    /// Literal text, as the UTF-8 it is copied into the page as.
    case text([UInt8])
    /// `{{x}}` (escaped) or `{{{x}}}` / `{{&x}}`. An empty path is the implicit iterator `.`.
    case variable(path: [TemplateKey], escaped: Bool, at: SourceLocation)
    case section(path: [TemplateKey], inverted: Bool, children: [MustacheNode], at: SourceLocation)
    /// `{{>name}}`; `indentation` is set when the tag stands alone on its line.
    case partial(name: String, indentation: String, at: SourceLocation)
    /// `{{<name}} … {{/name}}` with the blocks it overrides.
    case parent(name: String, indentation: String, overrides: [String: MustacheBlock], at: SourceLocation)
    /// `{{$name}} default {{/name}}`; `indentation` is non-nil when the block stands alone.
    case block(name: String, body: MustacheBlock, indentation: String?)
}

/// The content of a block: its source (dedented when the block stands alone), kept so it can be
/// parsed again with the indentation of the place it is expanded, and its parsed form.
struct MustacheBlock: Sendable {
    var source: String
    var open: String
    var close: String
    var firstLine: Int
    /// The parsed body laid out for rendering.
    let program: MustacheProgram

    init(source: String, open: String, close: String, firstLine: Int, nodes: [MustacheNode]) {
        self.source = source
        self.open = open
        self.close = close
        self.firstLine = firstLine
        program = MustacheProgram(nodes)
    }
}

/// A line and column in a template, for messages.
struct SourceLocation: Sendable, Equatable {
    var line: Int
    var column: Int
}
