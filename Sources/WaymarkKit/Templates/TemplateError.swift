/// A problem in a template, with the template file, line and column.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public var template: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(template: String, line: Int, column: Int, message: String) {
        self.template = template
        self.line = line
        self.column = column
        self.message = message
    }

    /// `layout.mustache:12:5: unclosed section {{#items}}`
    public var description: String { "\(template):\(line):\(column): \(message)" }
}
