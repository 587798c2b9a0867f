/// A response of the preview server.
public struct HTTPResponse: Sendable {
    /// What follows the headers.
    public enum Body: Sendable {
        /// The whole body at once.
        case bytes([UInt8])
        /// A stream of unknown length: the closure blocks until the next chunk and returns nil
        /// at the end (live reload's server-sent events).
        case stream(@Sendable () -> [UInt8]?)
    }

    /// The status code (200, 304, 404, …).
    public var status: Int
    /// Header fields in order.
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the header `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body when it is given whole; empty for a stream.
    public var bytes: [UInt8] {
        if case .bytes(let bytes) = body { return bytes }
        return []
    }
}
