/// Where the preview listens, and what to say when that shows the site to other machines.
///
/// The host comes from `--host` alone: `waymark.json` has no host key on purpose, so an address
/// other machines can reach is never taken from a file; it is always typed on the command line.
enum ServeAddress {
    static let defaultHost = "127.0.0.1"
    static let defaultPort = 8080

    /// Whether an address, as its bytes in network order (4 for IPv4, 16 for IPv6), is this
    /// machine's loopback: 127.0.0.0/8, ::1, or 127.0.0.0/8 mapped into IPv6 (::ffff:127.x.x.x).
    static func isLoopback(bytes: [UInt8]) -> Bool {
        switch bytes.count {
        case 4: return bytes[0] == 127
        case 16:
            let loopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
            let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
            return loopback || mapped
        default: return false
        }
    }

    /// What to tell the user once the socket is bound: nothing for a loopback address, else that
    /// anyone on the network can read the site.
    static func warning(host: String, isLoopback: Bool) -> String? {
        guard !isLoopback else { return nil }
        return "warning: serving on \(Diagnostic.shorten(host)), not only on this computer: anyone who can reach it on the network can read the site and the personal data in it. Use --host 127.0.0.1 to keep it to yourself.\n"
    }

    /// The address to open in a browser.
    static func url(host: String, port: Int) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shown):\(port)/"
    }

    /// `--port`: 0 to 65535 (0: any free port).
    static func port(_ text: String?) throws(ServeError) -> Int {
        guard let text else { return defaultPort }
        guard let port = Int(text), (0...65535).contains(port) else {
            throw ServeError(message: "--port: not a port number (got '\(Diagnostic.shorten(text))'); use 1 to 65535, or 0 for any free port", kind: .usage)
        }
        return port
    }
}
