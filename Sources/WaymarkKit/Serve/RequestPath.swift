/// Turns the path of a request into the site path of the file it asks for, or refuses it.
///
/// Only names that could be a file of the site get through: the path is checked as sent (no
/// `.` or `..` segment, no backslash, no empty segment), then each segment is percent-decoded
/// once and checked again (an encoded slash, dot-segment, backslash or NUL is refused), and the
/// result must be a `SitePath` (letters, digits, `.`, `-`, `_`). The server then serves only
/// paths that are in the built site, so nothing else on disk is reachable whatever gets here.
enum RequestPath {
    /// The site path for `raw` (`/` and `/dir/` name `index.html` in that folder); nil when the
    /// path is refused.
    static func resolve(_ raw: String) -> String? {
        var path = Substring(raw)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        guard path.first == "/" else { return nil }  // "*", absolute-form URLs, relative paths
        path = path.dropFirst()
        let folder = path.isEmpty || path.hasSuffix("/")
        if folder { path = path.dropLast(path.isEmpty ? 0 : 1) }
        var segments: [String] = []
        if !path.isEmpty {
            for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
                guard let decoded = decode(segment) else { return nil }
                segments.append(decoded)
            }
        }
        if folder { segments.append("index.html") }
        let site = segments.joined(separator: "/")
        return SitePath.isSafe(site) ? site : nil
    }

    /// One segment, checked before and after decoding; nil when refused.
    static func decode(_ segment: Substring) -> String? {
        guard !isForbidden(segment), let decoded = String(segment).percentDecoded, !isForbidden(Substring(decoded)),
              !decoded.contains("/"), !decoded.contains("%") else { return nil }
        return decoded
    }

    /// Empty, `.`, `..`, or holding a backslash or NUL.
    static func isForbidden(_ segment: Substring) -> Bool {
        segment.isEmpty || segment == "." || segment == ".." || segment.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 0 })
    }
}
