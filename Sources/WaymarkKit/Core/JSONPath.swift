import Foundation

/// A JSON Pointer (RFC 6901) to a value inside a file, for messages like `/data/17/pointDate`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public private(set) var components: [String]

    public init(_ components: [String] = []) {
        self.components = components
    }

    public func appending(_ key: String) -> JSONPath {
        JSONPath(components + [key])
    }

    public func appending(_ index: Int) -> JSONPath {
        JSONPath(components + [String(index)])
    }

    /// `/data/17/pointDate`, or `/` for the whole document; `~` and `/` escaped as RFC 6901 says.
    public var description: String {
        if components.isEmpty { return "/" }
        var out = ""
        for c in components {
            out += "/" + c.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
        return out
    }
}
