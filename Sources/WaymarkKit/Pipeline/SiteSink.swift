/// Where the render step (`BuildPipeline.render(_:into:)`) puts a site's files, page by page:
/// the output folder through the writer's session (`build`), or memory (`serve`, tests), as
/// Hugo's publisher writes to disk or to memory by the same path.
protocol SiteSink: Sendable {
    /// The files of `page` when the sink has them already (the preview renders a requested page
    /// before the render reaches it): they are taken instead of rendering the page again.
    func rendered(_ page: Page) -> [SiteFile]?
    /// Takes the files of `page` as soon as they are rendered: once a page, from any thread.
    func put(_ files: [SiteFile], of page: Page) throws(BuildFailure)
}

extension SiteWriteSession: SiteSink {
    func rendered(_ page: Page) -> [SiteFile]? { nil }

    /// The writer writes each changed file at once, so the disk works while the cores render.
    func put(_ files: [SiteFile], of page: Page) throws(BuildFailure) {
        do throws(SiteWriteError) { try put(files) } catch {
            throw BuildFailure(step: .write, kind: error.kind, message: error.message)
        }
    }
}
