/// Why a file is not valid JSON, with the byte offset where the parser stopped.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}
