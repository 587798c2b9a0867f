/// What a published page's `<head>` tells search engines, feed readers and link previews: its
/// canonical address, Open Graph and Twitter card tags, and the feed. Only for a site with a
/// base URL: these tags need absolute addresses, and a site opened from disk has none.
struct SharingTags: Sendable {
    let baseURL: BaseURL
    let siteTitle: String
    /// Open Graph's locale: `en_US`, `zh_CN`.
    let locale: String
    /// The description of pages that have none of their own.
    let siteDescription: String
    /// The absolute address of the theme's `social.png` or `social.jpg`; nil without one.
    let image: String?
    /// The feed's address and title; nil when the site has no feed.
    let feed: (url: String, title: String)?

    /// The theme assets that become the preview image, the first one found.
    static let imageNames = ["social.png", "social.jpg"]

    /// nil without a base URL. `assets` are the theme's asset paths; `feedTitle` is nil when
    /// the site has no feed.
    init?(options: SiteOptions, siteTitle: String, assets: Set<String>, feedTitle: String?) {
        guard let baseURL = options.baseURL else { return nil }
        self.baseURL = baseURL
        self.siteTitle = siteTitle
        switch options.language {
        case .en: locale = "en_US"
        case .zhHans: locale = "zh_CN"
        }
        siteDescription = UIString.shareDescription.text(options.language)
        image = SharingTags.imageNames.first(where: assets.contains).map(baseURL.absolute)
        feed = feedTitle.map { (baseURL.absolute(AtomFeed.path), $0) }
    }

    /// The template data of the page at `path`. `description` is the page's own (a note's
    /// excerpt, a target's description), nil for the site's; `article` marks a note.
    func context(path: String, title: String, description: String?, article: Bool) -> TemplateValue {
        let url = baseURL.absolute(path)
        let text = description.flatMap(SharingTags.oneLine) ?? siteDescription
        return [
            "canonical": .string(url),
            "type": .string(article ? "article" : "website"),
            // The home page is the site: "Overview" would say nothing in a preview.
            "title": .string(path == "index.html" ? siteTitle : SharingTags.oneLine(title) ?? siteTitle),
            "siteName": .string(siteTitle),
            "description": .string(text),
            "locale": .string(locale),
            "image": .from(image),
            "card": .string(image == nil ? "summary" : "summary_large_image"),
            "feedURL": .from(feed?.url),
            "feedTitle": .from(feed?.title),
        ]
    }

    /// `text` on one line, without control characters; nil when nothing is left.
    static func oneLine(_ text: String) -> String? {
        let words = XMLEscape.clean(text).split(whereSeparator: \.isWhitespace)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
