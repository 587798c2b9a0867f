/// `robots.txt` and `sitemap.xml`: what the site tells search engines (docs/privacy.md).
/// A private site (the default) disallows everything and has no sitemap; a public one allows
/// everything and, with a base URL, lists every page in a sitemap (sitemaps.org protocol).
enum SearchEngineFiles {
    static let robotsPath = "robots.txt"
    static let sitemapPath = "sitemap.xml"

    /// `robots.txt`.
    static func robots(_ options: SiteOptions) -> SiteFile {
        guard options.privacy.isPublic else { return SiteFile(path: robotsPath, text: "User-agent: *\nDisallow: /\n") }
        guard let base = options.baseURL else { return SiteFile(path: robotsPath, text: "User-agent: *\nAllow: /\n") }
        return SiteFile(path: robotsPath, text: "User-agent: *\nAllow: /\n\nSitemap: \(base.ascii + sitemapPath)\n")
    }

    /// The sitemap's address: a public site with a base URL has one.
    static func sitemapBase(_ options: SiteOptions) -> BaseURL? {
        options.privacy.isPublic ? options.baseURL : nil
    }

    /// Every page's absolute address, sorted by path so the file is the same on every build.
    /// No `lastmod`: Waymark does not know when a page's content last changed (the build's
    /// time is not it), and the protocol asks for none rather than a wrong one.
    static func sitemap(pages: Set<String>, base: BaseURL) -> String {
        // Sitemaps hold ASCII only (sitemaps.org): a Unicode host or path is written as its ASCII form.
        let ascii = (try? BaseURL(base.ascii)) ?? base
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in pages.filter({ $0.hasSuffix(".html") }).sorted() {
            out += "<url><loc>" + XMLEscape.escape(ascii.absolute(percentEncoded(path))) + "</loc></url>\n"
        }
        return out + "</urlset>\n"
    }

    /// A site path as a URL path: bytes outside RFC 3986's unreserved set (and "/") as %XX.
    /// Waymark's own paths are ASCII slugs; a theme's need not be.
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || "-._~/".contains(c) {
                out.append(c)
            } else {
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }
}
