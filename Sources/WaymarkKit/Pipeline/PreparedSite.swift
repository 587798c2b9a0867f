/// A build after steps 1 and 2 (read and compute), before step 3 (render): the content, the
/// renderer and the list of render jobs, so a caller can render one job on demand (the preview
/// serves an edited page before the rest of the site is rendered). `BuildPipeline.prepare`
/// makes it; `BuildPipeline.complete` renders every job and adds the other files.
public struct PreparedSite: Sendable {
    let content: SiteContent
    let renderer: SiteRenderer
    let pages: PageRenderer
    /// The pages to render, in small independent jobs (`SiteRenderer.jobs`).
    let jobs: [SiteRenderer.Job]
    /// Whether the templates are the user's (a template error is then bad data, not a bug).
    let customTheme: Bool
    /// The site's language.
    public let language: Language
    /// The read step's warnings, then the content's.
    public let warnings: [Diagnostic]

    /// The pages of job `index` of `jobs`, exactly as a whole build renders them.
    func render(_ index: Int) throws(BuildFailure) -> [SiteFile] {
        guard jobs.indices.contains(index) else { return [] }
        let job = jobs[index]
        return try BuildPipeline.stepFailure(customTheme: customTheme) { () throws(SiteRenderer.Failure) in
            try renderer.render(job, content, pages)
        }
    }
}
