/// The rules a request's head (its request line and header fields, up to the empty line) must
/// meet before the HTTP library parses it, checked on the raw bytes.
///
/// libmicrohttpd hands over the method, the path and each header as C strings and the first of
/// two headers of a name, so a raw NUL cuts `/index.html\0.css` down to `/index.html`, `GET\0`
/// reads as `GET`, and a second `Host` goes unseen. Here every byte is seen: RFC 9112 sections
/// 2 to 5 and RFC 9110 section 5, strictly. A NUL, a bare CR, a control character, a method that
/// is not a token, white space before a header's colon, a folded header line, two `Host`
/// fields, or an HTTP/1.1 request without one: 400. Leading empty lines are skipped (section
/// 2.2); lines may end in LF alone, as the library reads them too.
enum RequestHead {
    enum Verdict: Equatable, Sendable {
        /// The head has not ended yet and nothing in it is wrong so far.
        case incomplete
        /// The whole head arrived and passed.
        case complete
        /// Answer with `status` (400, 431, 505) and close; `reason` says why, for the client.
        case refused(status: Int, reason: String)
    }

    /// A longer head is refused with 431 (a browser's is well under 8 KiB, cookies and all).
    static let maxLength = 16 * 1024

    /// Checks `bytes`, the start of what a client sent; a fault in a line that has ended is
    /// reported at once, before the rest of the head arrives.
    static func check(_ bytes: some Collection<UInt8>) -> Verdict {
        do throws(Refusal) {
            return try checkLines(Array(bytes.prefix(maxLength)))
        } catch {
            return .refused(status: error.status, reason: error.reason)
        }
    }

    struct Refusal: Error {
        var status = 400
        var reason: String
    }

    private static func checkLines(_ bytes: [UInt8]) throws(Refusal) -> Verdict {
        var lines = LineReader(bytes)
        var hosts = 0
        var version: (major: UInt8, minor: UInt8)?
        while let line = try lines.next() {
            guard let requestVersion = version else {
                // Empty lines before the request line are skipped.
                if !line.isEmpty { version = try requestLine(line) }
                continue
            }
            if line.isEmpty {
                if hosts == 0, requestVersion.minor >= 1 { throw Refusal(reason: "an HTTP/1.1 request without a Host header field") }
                return .complete
            }
            if try isHostField(line) { hosts += 1 }
            // Refused as soon as the second one arrives, whatever follows.
            if hosts > 1 { throw Refusal(reason: "more than one Host header field") }
        }
        if lines.rest.contains(0) { throw Refusal(reason: "a NUL byte in the request") }
        if bytes.count >= maxLength { throw Refusal(status: 431, reason: "the request head is longer than \(maxLength / 1024) KiB") }
        return .incomplete
    }

    /// `method SP request-target SP HTTP-version`: a token, visible ASCII, `HTTP/1.d`.
    static func requestLine(_ line: ArraySlice<UInt8>) throws(Refusal) -> (major: UInt8, minor: UInt8) {
        if line.contains(0) { throw Refusal(reason: "a NUL byte in the request line") }
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw Refusal(reason: "the request line is not a method, a path and a version with one space between") }
        guard !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else { throw Refusal(reason: "the method is not a token") }
        guard !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw Refusal(reason: "the path holds a byte a URL cannot hold unencoded")
        }
        let version = Array(parts[2])
        guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), isDigit(version[5]), version[6] == UInt8(ascii: "."),
              isDigit(version[7]) else { throw Refusal(reason: "the version is not HTTP/1.0 or HTTP/1.1") }
        let parsed = (major: version[5] - UInt8(ascii: "0"), minor: version[7] - UInt8(ascii: "0"))
        guard parsed.major == 1 else { throw Refusal(status: 505, reason: "only HTTP/1.0 and HTTP/1.1 are served") }
        return parsed
    }

    /// Checks `name: value` (the name a token right before the colon, the value without
    /// controls but tabs); whether it is a `Host` field.
    static func isHostField(_ line: ArraySlice<UInt8>) throws(Refusal) -> Bool {
        if line.contains(0) { throw Refusal(reason: "a NUL byte in a header field") }
        if line.first == UInt8(ascii: " ") || line.first == UInt8(ascii: "\t") { throw Refusal(reason: "a header line folded onto the one before") }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw Refusal(reason: "a header line without a colon") }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            throw Refusal(reason: "a header name that is not a token (white space before the colon?)")
        }
        guard line[line.index(after: colon)...].allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw Refusal(reason: "a control character in a header field")
        }
        return name.count == 4 && name.map { $0 | 0x20 } == Array("host".utf8)
    }

    /// RFC 9110, section 5.6.2: `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool { tokenBytes[Int(byte)] }

    private static let tokenBytes: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The lines of a head, each without its LF or CRLF; a CR anywhere else is refused. Stops
    /// at the last complete line.
    struct LineReader {
        let bytes: [UInt8]
        var start = 0
        /// What follows the last complete line.
        var rest: ArraySlice<UInt8> { bytes[start...] }

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() throws(Refusal) -> ArraySlice<UInt8>? {
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            var line = bytes[start..<end]
            start = end + 1
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.contains(UInt8(ascii: "\r")) { throw Refusal(reason: "a CR that does not end a line") }
            return line
        }
    }
}
