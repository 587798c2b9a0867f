#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The check against DNS rebinding. A page of another site can make its own name point at
/// 127.0.0.1 and then read the preview as "its" site; the browser still sends that name as
/// `Host`. So a request is answered only when `Host` names this computer (`localhost`), is an
/// IP address (a browser that asks by address is not being tricked by a name), or is the
/// `--host` value; else 403. The port, if any, is not compared: a forwarded port
/// (`ssh -L 9000:localhost:8080`) arrives with another one.
enum HostHeader {
    /// Whether a request with `Host: value` may be answered, when serving on `served` (the
    /// `--host` value, or the default). A request without `Host` (HTTP/1.0) is answered: every
    /// browser sends one, so it cannot be a page of another site.
    static func allows(_ value: String?, served: String) -> Bool {
        guard let value else { return true }
        guard let name = hostName(value)?.lowercased() else { return false }
        if name == "localhost" || isAddress(name) { return true }
        var given = served.lowercased()
        if given.hasPrefix("["), given.hasSuffix("]") { given = String(given.dropFirst().dropLast()) }
        return name == given
    }

    /// The name in a `Host` value without its port and brackets (`[::1]:80` → `::1`); nil when
    /// it is not `name`, `name:digits`, `[v6]` or `[v6]:digits`.
    static func hostName(_ value: String) -> Substring? {
        var rest = Substring(value)
        let name: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            name = rest[rest.index(after: rest.startIndex)..<close]
            guard isIPv6(name) else { return nil }
            rest = rest[rest.index(after: close)...]
        } else {
            name = rest.prefix { $0 != ":" }
            rest = rest[name.endIndex...]
        }
        if !rest.isEmpty {
            let port = rest.dropFirst()
            guard rest.first == ":", !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        return name.isEmpty ? nil : name
    }

    /// A dotted IPv4 address (four decimal parts, as `inet_pton` reads them) or an IPv6 one.
    static func isAddress(_ name: String) -> Bool {
        var v4 = in_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || isIPv6(Substring(name))
    }

    static func isIPv6(_ name: Substring) -> Bool {
        var v6 = in6_addr()
        return inet_pton(AF_INET6, String(name), &v6) == 1
    }

    /// The answer to a refused request: short, and nothing of the site.
    static let refused = HTTPResponse(
        status: 403, headers: [("Content-Type", ContentType.plainText), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")],
        body: .bytes(Array("Forbidden: this preview answers only to localhost, an IP address or the --host given (the Host header named another site).\n".utf8)))
}
