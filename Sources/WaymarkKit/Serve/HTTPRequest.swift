/// What the preview server needs of a request.
public struct HTTPRequest: Sendable {
    /// `GET`, `HEAD`, … as sent.
    public var method: String
    /// The path as sent, still percent-encoded, without the query.
    public var path: String
    /// Query arguments as sent (not decoded).
    public var query: [String: String]
    /// Header fields by lower-case name.
    public var headers: [String: String]

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }
}
