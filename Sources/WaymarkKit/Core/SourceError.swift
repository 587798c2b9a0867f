/// A source, or one file of it, could not be read: the message says why in the user's terms.
public struct SourceError: Error, Sendable, Equatable {
    public var message: String
    public var category: Diagnostic.Category

    public init(_ message: String, category: Diagnostic.Category = .data) {
        self.message = message
        self.category = category
    }
}
