/// Why a site could not be written.
public struct SiteWriteError: Error, Sendable, CustomStringConvertible {
    public var kind: ErrorKind
    public var message: String

    public init(kind: ErrorKind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
