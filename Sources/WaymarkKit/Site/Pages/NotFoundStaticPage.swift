/// `404.html`: what GitHub Pages, Netlify and Cloudflare Pages serve (with status 404) at an
/// address the site does not have. Without it Cloudflare Pages serves the front page instead,
/// with status 200, and its relative links break below the root. Served at any depth, it links
/// by the base URL, so only a site with one has it.
enum NotFoundStaticPage {
    static let path = "404.html"

    static func render(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile? {
        guard let base = content.options.baseURL else { return nil }
        return try r.page(path, template: "not-found", title: r.text(.notFoundTitle), section: "", root: base.text, [:])
    }
}
