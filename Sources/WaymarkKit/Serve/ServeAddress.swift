#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the preview listens, and whether that shows the site to other machines. Pure: it
/// looks at the text of the address, never at the network.
enum ServeAddress {
    static let defaultHost = "127.0.0.1"
    static let defaultPort = 8080

    /// Whether `host` names this machine's loopback interface: `localhost`, 127.0.0.0/8 or ::1
    /// (also as an IPv4-mapped address). Any other name counts as not, whatever it resolves to.
    static func isLoopback(_ host: String) -> Bool {
        var text = host.lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if text == "localhost" || text == "localhost." { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        let loopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        return loopback || mapped
    }

    /// Checks a host: a loopback one is fine; another is allowed only when the user named it with
    /// `--host` (`explicit`), and then the returned warning must be shown. Throws when a
    /// non-loopback host came from elsewhere (a config file) without `--host`.
    static func check(host: String, explicit: Bool) throws(UsageError) -> String? {
        guard !isLoopback(host) else { return nil }
        guard explicit else {
            throw UsageError(message: "refusing to serve on \(host), which other machines can reach; pass --host \(host) on the command line to mean it, or use 127.0.0.1", usage: "")
        }
        return "warning: serving on \(host), not only on this computer: anyone who can reach it on the network can read the site and the personal data in it. Use --host 127.0.0.1 to keep it to yourself.\n"
    }

    /// The address to open in a browser.
    static func url(host: String, port: Int) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shown):\(port)/"
    }

    /// `--port`: 0 to 65535 (0: any free port).
    static func port(_ text: String?) throws(UsageError) -> Int {
        guard let text else { return defaultPort }
        guard let port = Int(text), (0...65535).contains(port) else {
            throw UsageError(message: "--port: not a port number (got '\(Diagnostic.shorten(text))'); use 1 to 65535, or 0 for any free port", usage: "")
        }
        return port
    }
}
