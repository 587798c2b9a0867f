/// One file of a generated site.
public struct SiteFile: Sendable, Equatable {
    /// Path relative to the site root, checked by `SitePath.isSafe`.
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}
