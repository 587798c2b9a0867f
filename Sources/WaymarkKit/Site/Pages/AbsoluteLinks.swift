/// Makes the links and images of a page's HTML absolute, for HTML read away from its page (an
/// Atom entry's content: feed readers resolve relative URLs inconsistently, and many ignore
/// `xml:base`). Works on the HTML Waymark makes (cmark's output, attributes in double quotes).
enum AbsoluteLinks {
    /// `html` with every relative `href="…"` and `src="…"` resolved against `page`, the page's
    /// absolute URL. Other text is left byte for byte as it is. In cmark's HTML a `"` in text is
    /// always `&quot;`, so ` href="` only ever starts an attribute.
    static func rewrite(_ html: String, page: String) -> String {
        var out = ""
        out.reserveCapacity(html.utf8.count + 256)
        var rest = Substring(html)
        while let start = nextValue(in: rest), let end = rest[start...].firstIndex(of: "\"") {
            out += rest[..<start]
            // An empty value (an image Waymark left out) stays empty: it is no link to the page.
            out += start == end ? "" : resolve(String(rest[start..<end]), against: page)
            rest = rest[end...]
        }
        out += rest
        return out
    }

    /// Where the value of the next `href` or `src` attribute in `text` starts: one pass from
    /// the front, whatever the number of attributes.
    static func nextValue(in text: Substring) -> Substring.Index? {
        var search = text
        while let open = search.firstRange(of: "=\"") {
            let name = text[..<open.lowerBound]
            if name.hasSuffix(" href") || name.hasSuffix(" src") { return open.upperBound }
            search = text[open.upperBound...]
        }
        return nil
    }

    /// The absolute URL of the reference `ref` on the page at `base` (RFC 3986, section 5.2).
    /// `base` is absolute (`scheme://host/path`) without a query or fragment, as `BaseURL` makes it.
    static func resolve(_ ref: String, against base: String) -> String {
        if hasScheme(ref) { return ref }
        let scheme = base.prefix { $0 != ":" }
        let authority = base.firstRange(of: "://")?.upperBound ?? base.startIndex
        let pathStart = base[authority...].firstIndex(of: "/") ?? base.endIndex
        let origin = base[..<pathStart]
        if ref.hasPrefix("//") { return scheme + ":" + ref }
        if ref.isEmpty { return base }
        if ref.hasPrefix("#") || ref.hasPrefix("?") { return base + ref }
        // Dot segments are only resolved in the path, not in the query or fragment.
        let suffixStart = ref.firstIndex { $0 == "?" || $0 == "#" } ?? ref.endIndex
        let refPath = ref[..<suffixStart]
        let merged: String
        if refPath.hasPrefix("/") {
            merged = String(refPath)
        } else {
            let basePath = base[pathStart...]
            let directory = basePath.lastIndex(of: "/").map { String(basePath[...$0]) } ?? "/"
            merged = directory + refPath
        }
        return origin + removeDotSegments(merged) + ref[suffixStart...]
    }

    /// `/a/b/../c/./d` → `/a/c/d`; never above the root.
    static func removeDotSegments(_ path: String) -> String {
        var kept: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (i, segment) in segments.enumerated() {
            let last = i == segments.count - 1
            switch segment {
            case ".":
                if last { kept.append("") }
            case "..":
                if !kept.isEmpty { kept.removeLast() }
                if last { kept.append("") }
            default:
                kept.append(segment)
            }
        }
        return "/" + kept.joined(separator: "/")
    }

    /// Whether `ref` starts with a scheme (`https:`, `mailto:`): a letter, then letters, digits,
    /// `+ - .`, then ":".
    static func hasScheme(_ ref: String) -> Bool {
        func letter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        guard let first = ref.unicodeScalars.first, letter(first) else { return false }
        for c in ref.unicodeScalars.dropFirst() {
            if c == ":" { return true }
            guard letter(c) || ("0"..."9").contains(c) || c == "+" || c == "-" || c == "." else { return false }
        }
        return false
    }
}
