#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket bound to a host and port and listening, for the server. Binding here, not in
/// the HTTP library, lets a failure say what went wrong (the port is taken, the address is not
/// this machine's).
public struct ListenSocket: Sendable {
    public let descriptor: Int32
    /// The port bound: the one asked for, or the one the system chose for port 0.
    public let port: Int
    /// Whether the address is IPv6.
    public let isIPv6: Bool
    /// Whether the address bound is this machine's loopback, judged from the address itself (a
    /// name such as `localhost.` may resolve to anything).
    public let isLoopback: Bool

    /// Connections the system queues before they are accepted. A burst of clients that open a
    /// connection and send nothing must not fill the queue before the gate accepts (and, when
    /// its pool is full, closes) them; the system caps it (Linux: net.core.somaxconn).
    static let backlog: Int32 = 1_024

    /// Binds `host` (a name, an address, an IPv6 address in brackets as in a URL) and `port`,
    /// trying each address the name has.
    public static func open(host: String, port: Int) throws(ServeError) -> ListenSocket {
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, String(port), &hints, &list) == 0, let first = list else {
            throw ServeError(message: "cannot listen on '\(Diagnostic.shorten(host))': not an address or a name of this machine", kind: .usage)
        }
        defer { freeaddrinfo(first) }
        var lastError: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry?.pointee {
            entry = info.ai_next
            let fd = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
            guard fd >= 0 else { lastError = errno; continue }
            var one: Int32 = 1
            // Restarting the server must not wait for the old connections' TIME_WAIT; it still
            // cannot take a port another program listens on.
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            // IPv6 only, so `::` does not also take IPv4's port; but an IPv4-mapped address
            // (::ffff:127.0.0.1) is IPv4 and cannot be bound on an IPv6-only socket.
            if info.ai_family == AF_INET6, !isMapped(info.ai_addr) {
                setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
            }
            guard bind(fd, info.ai_addr, info.ai_addrlen) == 0, listen(fd, ListenSocket.backlog) == 0 else {
                lastError = errno
                close(fd)
                continue
            }
            let bound = boundAddress(fd)
            return ListenSocket(descriptor: fd, port: bound?.port ?? port, isIPv6: info.ai_family == AF_INET6,
                                isLoopback: bound.map { ServeAddress.isLoopback(bytes: $0.bytes) } ?? false)
        }
        switch lastError {
        case EADDRINUSE: throw .portInUse(port, host: host)
        case EACCES: throw ServeError(message: "not allowed to listen on port \(port) (ports below 1024 need root); use --port 8080 or another above 1023", kind: .usage)
        case EADDRNOTAVAIL: throw ServeError(message: "cannot listen on \(Diagnostic.shorten(host)): it is not an address of this machine", kind: .usage)
        default: throw ServeError(message: "cannot listen on \(Diagnostic.shorten(host)) port \(port): \(String(cString: strerror(lastError)))", kind: .io)
        }
    }

    /// Whether an IPv6 address is IPv4-mapped (::ffff:a.b.c.d).
    static func isMapped(_ address: UnsafeMutablePointer<sockaddr>?) -> Bool {
        guard let address, Int32(address.pointee.sa_family) == AF_INET6 else { return false }
        let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) } }
        return bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
    }

    /// The address and port a socket is bound to (the address as bytes in network order).
    static func boundAddress(_ fd: Int32) -> (bytes: [UInt8], port: Int)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return nil }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: storage) { pointer -> (bytes: [UInt8], port: Int)? in
            switch family {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    (withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) }, Int(UInt16(bigEndian: $0.pointee.sin_port)))
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    (withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }, Int(UInt16(bigEndian: $0.pointee.sin6_port)))
                }
            default: return nil
            }
        }
    }
}
