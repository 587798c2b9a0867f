/// What a site may show the world (`privacy` in `waymark.json`). Private by default: pages ask
/// search engines not to index them, `robots.txt` disallows everything and there is no sitemap.
public struct Privacy: Sendable, Equatable {
    /// How much of the weight the site shows.
    public enum WeightDetail: String, Sendable, CaseIterable {
        /// Weights, trend, BMI, goal and `weight.csv`.
        case full
        /// The trend's shape and the changes only: no absolute weight, BMI, goal or CSV.
        case changes
    }

    /// The site may be indexed: no `noindex`, a permissive `robots.txt`, and a sitemap when the
    /// site has a base URL.
    public var isPublic: Bool
    /// Sections left out entirely: no pages, no links, no data in `stats.json` or `weight.csv`.
    public var hidden: Set<SiteSection>
    public var weight: WeightDetail

    public init(isPublic: Bool = false, hidden: Set<SiteSection> = [], weight: WeightDetail = .full) {
        self.isPublic = isPublic
        self.hidden = hidden
        self.weight = weight
    }
}
