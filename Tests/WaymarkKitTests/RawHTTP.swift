import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 client over a raw socket to 127.0.0.1, for the preview server's tests: it
/// sends the request line exactly as given (URLSession would normalise `..` away).
struct RawHTTP {
    let port: Int

    struct Response {
        var status: Int
        /// Header fields by lower-case name.
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends one request and reads the response until the server closes the connection. A
    /// `Host` in `headers` replaces the usual `127.0.0.1:PORT`.
    func request(_ method: String = "GET", _ target: String, headers: [String: String] = [:]) -> Response? {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(headers["Host"] ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where name != "Host" { head += "\(name): \(value)\r\n" }
        return exchange(head + "\r\n", method: method)
    }

    /// Sends `text` exactly as given (an HTTP/1.0 request without `Host`, say) and reads the
    /// response until the server closes the connection.
    func exchange(_ text: String, method: String = "GET") -> Response? {
        guard let fd = openConnection(timeout: 10) else { return nil }
        defer { close(fd) }
        guard sendText(fd, text) else { return nil }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        return RawHTTP.parse(data, method: method)
    }

    /// Opens a connection and sends `text` (part of a request, say) without reading anything;
    /// the caller owns the descriptor. Nil when the connection cannot be made.
    func openSending(_ text: String) -> Int32? {
        guard let fd = openConnection(timeout: 1) else { return nil }
        guard sendText(fd, text) else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Sends more of a request on a connection from `openSending`; false once the server has
    /// closed it.
    func sendMore(_ fd: Int32, _ text: String) -> Bool { sendText(fd, text) }

    /// Whether the server has closed the connection (end of file or a reset), without waiting.
    /// Anything the server sent first is read and dropped.
    static func isClosed(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 { continue }
            if n == 0 { return true }
            return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR
        }
    }

    /// GET with a fresh connection until `accept` holds or `timeout` seconds pass; returns the
    /// last response and the seconds it took.
    func poll(_ target: String, timeout: Double, until accept: (Response) -> Bool) -> (Response?, Double) {
        let start = Date()
        var last: Response?
        while Date().timeIntervalSince(start) < timeout {
            last = request("GET", target)
            if let last, accept(last) { return (last, Date().timeIntervalSince(start)) }
            usleep(5_000)
        }
        return (last, Date().timeIntervalSince(start))
    }

    /// Opens a live-reload stream and reads it until `marker` arrives or `timeout` passes; the
    /// text read so far. `ready` runs once the stream's first bytes have arrived.
    func readStream(_ target: String, until marker: String, timeout: Double, ready: () -> Void = {}) -> String {
        guard let fd = openConnection(timeout: 0.2) else { return "" }
        defer { close(fd) }
        guard sendText(fd, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") else { return "" }
        var text = ""
        var calledReady = false
        let start = Date()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date().timeIntervalSince(start) < timeout, !text.contains(marker) {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { text += String(decoding: buffer[0..<n], as: UTF8.self) }
            if n == 0 { break }
            if !calledReady && text.contains("retry:") {
                calledReady = true
                ready()
            }
        }
        return text
    }

    private func openConnection(timeout: Double) -> Int32? {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard ok == 0 else {
            close(fd)
            return nil
        }
        var limit = timeval()
        limit.tv_sec = .init(timeout)
        limit.tv_usec = .init(timeout.truncatingRemainder(dividingBy: 1) * 1e6)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    private func sendText(_ fd: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, RawHTTP.noSignal) } == bytes.count
    }

    /// A send to a connection the server closed fails instead of killing the test process
    /// (on macOS the socket says so itself: SO_NOSIGPIPE in `openConnection`).
    #if canImport(Glibc)
    static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    static let noSignal: Int32 = 0
    #endif

    static func parse(_ data: [UInt8], method: String) -> Response? {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = (0...max(0, data.count - 4)).first(where: { Array(data[$0..<min($0 + 4, data.count)]) == separator }) else { return nil }
        let lines = String(decoding: data[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(data[(end + 4)...])
        if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
        return Response(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < data.count {
            guard let lineEnd = (i..<data.count - 1).first(where: { data[$0] == 13 && data[$0 + 1] == 10 }),
                  let size = Int(String(decoding: data[i..<lineEnd], as: UTF8.self), radix: 16), size > 0 else { break }
            let start = lineEnd + 2
            out += data[start..<min(start + size, data.count)]
            i = start + size + 2
        }
        return out
    }
}
