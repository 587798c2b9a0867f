/// `robots.txt` and `sitemap.xml`: what the site tells search engines (issue 14, privacy).
/// A private site (the default) disallows everything and has no sitemap; a public one allows
/// everything and, with a base URL, lists every page in a sitemap (sitemaps.org protocol).
enum SearchEngineFiles {
    /// The files for a site whose pages are `pages` (paths of every file built; the `.html`
    /// ones are listed).
    static func files(pages: Set<String>, _ options: SiteOptions) -> [SiteFile] {
        guard options.privacy.isPublic else { return [SiteFile(path: "robots.txt", text: "User-agent: *\nDisallow: /\n")] }
        guard let base = options.baseURL else { return [SiteFile(path: "robots.txt", text: "User-agent: *\nAllow: /\n")] }
        let sitemap = base.absolute("sitemap.xml")
        return [SiteFile(path: "robots.txt", text: "User-agent: *\nAllow: /\n\nSitemap: \(sitemap)\n"),
                SiteFile(path: "sitemap.xml", text: self.sitemap(pages: pages, base: base))]
    }

    /// Every page's absolute address, sorted by path so the file is the same on every build.
    /// No `lastmod`: Waymark does not know when a page's content last changed (the build's
    /// time is not it), and the protocol asks for none rather than a wrong one.
    static func sitemap(pages: Set<String>, base: BaseURL) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in pages.filter({ $0.hasSuffix(".html") }).sorted() {
            out += "<url><loc>" + XMLEscape.escape(base.absolute(percentEncoded(path))) + "</loc></url>\n"
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
