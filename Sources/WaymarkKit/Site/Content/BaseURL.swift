import Foundation

/// The address a site is published at (`baseURL`), such as `https://example.org/progress/`.
/// Only absolute http(s) URLs without a query or fragment; always ends in "/", so a page's
/// address is the base followed by its path.
public struct BaseURL: Sendable, Equatable, CustomStringConvertible {
    /// The normalised URL, ending in "/".
    public let text: String

    /// Why a text is not a base URL.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    public init(_ raw: String) throws(Problem) {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
            throw Problem(message: "must start with https:// or http:// (got '\(Diagnostic.shorten(raw))')")
        }
        let afterScheme = trimmed.drop(while: { $0 != ":" }).dropFirst(3)
        guard let host = afterScheme.split(separator: "/", omittingEmptySubsequences: false).first, !host.isEmpty else {
            throw Problem(message: "has no host name (got '\(Diagnostic.shorten(raw))')")
        }
        if trimmed.contains("?") || trimmed.contains("#") {
            throw Problem(message: "cannot have a query or a fragment (got '\(Diagnostic.shorten(raw))')")
        }
        // A user name or password would be published in every page's links and the feed.
        if host.contains("@") {
            throw Problem(message: "cannot hold a user name or password: they would be published in every page (got '\(Diagnostic.shorten(raw))')")
        }
        // host:port; an IPv6 literal ([::1]:8080) keeps its colons inside the brackets.
        let port = host.hasPrefix("[") ? host.split(separator: "]", maxSplits: 1).dropFirst().first.map { $0.dropFirst() } : host.split(separator: ":", maxSplits: 1).dropFirst().first
        let name = host.hasPrefix("[") ? host.prefix { $0 != "]" } : host.prefix { $0 != ":" }
        guard !name.isEmpty else {
            throw Problem(message: "has no host name (got '\(Diagnostic.shorten(raw))')")
        }
        if let port, !port.isEmpty, !(port.allSatisfy(\.isASCII) && port.allSatisfy(\.isNumber) && (Int(port).map { (1...65_535).contains($0) } ?? false)) {
            throw Problem(message: "has a port that cannot be, '\(Diagnostic.shorten(String(port)))': a port is a number from 1 to 65535 (got '\(Diagnostic.shorten(raw))')")
        }
        if trimmed.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "\\" }) {
            throw Problem(message: "cannot contain spaces, quotes, angle brackets or backslashes (got '\(Diagnostic.shorten(raw))')")
        }
        let path = afterScheme.dropFirst(host.count)
        try BaseURL.checkPath(path, raw)
        // "https://example.org:/" has an empty port, which means the scheme's own: left out.
        let written = host.hasSuffix(":") ? trimmed.replacingOccurrences(of: host + path, with: host.dropLast() + path) : trimmed
        text = written.hasSuffix("/") ? written : written + "/"
    }

    /// Refuses a path every page's address would carry wrongly: a file's name where the site's
    /// folder belongs ("…/index.html", whose pages would be "…/index.html/notes/"), "." or ".."
    /// (kept as written, so the addresses would differ from the ones the host serves), an empty
    /// folder name ("//") and a "%" that escapes nothing.
    static func checkPath(_ path: Substring, _ raw: String) throws(Problem) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let named = path.hasSuffix("/") ? segments.dropLast() : segments
        // "%2e" is a dot to a browser (the URL standard), so "%2e%2E" is ".." too.
        let plain = named.map { $0.replacingOccurrences(of: "%2e", with: ".", options: .caseInsensitive) }
        if plain.contains(where: { $0 == "." || $0 == ".." }) {
            throw Problem(message: "cannot have '.' or '..' in its path: write the folder the site is published at (got '\(Diagnostic.shorten(raw))')")
        }
        if named.contains(where: \.isEmpty) {
            throw Problem(message: "has an empty folder name ('//') in its path (got '\(Diagnostic.shorten(raw))')")
        }
        if !path.hasSuffix("/"), let last = named.last, let dot = last.lastIndex(of: "."),
           ["html", "htm", "xml", "php"].contains(last[last.index(after: dot)...].lowercased()) {
            let folder = raw.trimmingCharacters(in: .whitespaces).dropLast(last.count)
            throw Problem(message: "names a file, '\(Diagnostic.shorten(String(last)))': give the folder the site is published at, "
                          + "\(Diagnostic.shorten(String(folder))) (got '\(Diagnostic.shorten(raw))')")
        }
        let bytes = Array(path.utf8)
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
            let hex = bytes.dropFirst(i + 1).prefix(2)
            guard hex.count == 2, hex.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }) else {
                throw Problem(message: "has a '%' that is not followed by two hexadecimal digits; write '%25' for a '%' (got '\(Diagnostic.shorten(raw))')")
            }
        }
    }

    /// `text` in ASCII, as a sitemap and `robots.txt` must write it: a host name's Unicode
    /// labels in Punycode ("bücher.example" → "xn--bcher-kva.example") and the path's other bytes
    /// as %XX; an address already in ASCII is as it is.
    public var ascii: String {
        guard !text.allSatisfy(\.isASCII) else { return text }
        let scheme = text.prefix { $0 != ":" } + "://"
        let rest = text.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        // The port stays as it is; only the name's labels are encoded.
        let host = authority.hasPrefix("[") ? authority : authority.prefix { $0 != ":" }
        let port = authority.dropFirst(host.count)
        let labels = host.split(separator: ".", omittingEmptySubsequences: false).map { label -> String in
            guard !label.allSatisfy(\.isASCII) else { return String(label) }
            return Punycode.encode(label.lowercased()).map { "xn--" + $0 } ?? String(label)
        }
        var encoded = ""
        for byte in path.utf8 {
            if byte < 0x80 { encoded.append(Character(Unicode.Scalar(byte))) } else {
                let hex = Array("0123456789ABCDEF")
                encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return scheme + labels.joined(separator: ".") + port + encoded
    }

    /// The absolute address of a site path such as `notes/run.html`; `index.html` files are
    /// addressed by their folder (`notes/`), as static hosts serve them.
    public func absolute(_ path: String) -> String {
        var p = path
        if p == "index.html" { p = "" } else if p.hasSuffix("/index.html") { p.removeLast("index.html".count) }
        return text + p
    }

    public var description: String { text }
}
