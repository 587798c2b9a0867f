/// A build after steps 1 and 2 (read and compute), before step 3 (render): the site's pages by
/// name (`SiteCatalogue`), so a caller can render one page on demand (the preview serves an
/// edited page before the rest of the site is rendered). `BuildPipeline.prepare` makes it;
/// `BuildPipeline.render(_:into:)` renders every page.
public struct PreparedSite: Sendable {
    let catalogue: SiteCatalogue
    /// Whether the templates are the user's (a template error is then bad data, not a bug).
    let customTheme: Bool
    /// The cores the pipeline gives the render step.
    let parallelism: Parallelism
    /// The site's language.
    public let language: Language
    /// The read step's warnings, then the content's.
    public internal(set) var warnings: [Diagnostic]
    /// Notes with `private: true` the read step left out.
    public internal(set) var privateNotes = 0

    /// In a preview's rebuild, the kept pages, what this site's figures were computed from and
    /// the fingerprints of its parts.
    var pages: (cache: PageCache, data: ContentCache.Inputs, fingerprints: DeferredFingerprints)?
    /// During the render step of a preview's rebuild, the pages of the build before that need
    /// not be rendered again.
    var pageBuild: PageCache.Build?

    /// The files of `page`, exactly as a whole build renders them (in a preview's rebuild, the
    /// build before's when the page's inputs are unchanged).
    func render(_ page: Page) throws(BuildFailure) -> [SiteFile] {
        if let files = pageBuild?.files(of: page) { return files }
        return try BuildPipeline.stepFailure(customTheme: customTheme) { () throws(SiteCatalogue.Failure) in try catalogue.render(page) }
    }
}
