/// The render stage: every file of the site from the computed content, through the theme's
/// templates. Pages render side by side; the result holds every file's bytes, sorted by path.
struct SiteRenderer: Sendable {
    /// Notes or targets per job: enough work to outweigh handing it to a thread.
    static let batch = 40

    let theme: Theme
    let templates: TemplateSet

    /// Parses the theme's templates.
    init(theme: Theme) throws(TemplateError) {
        self.theme = theme
        self.templates = try TemplateSet(theme.templates)
    }

    /// One page, or a small batch of pages.
    enum Job: Sendable, Equatable {
        case dashboards, pointsIndex, notesIndex, targetsIndex, weight, todos, habitsIndex, yearsIndex
        /// `feed.xml`, only with a base URL.
        case feed
        case pointsMonth(Int)
        case habits(Range<Int>)
        case years(Range<Int>)
        case notes(Range<Int>)
        case targets(Range<Int>)
    }

    /// What can stop rendering.
    enum Failure: Error, Sendable {
        case template(TemplateError)
        /// A theme asset (or a note's image) has the path of a page.
        case clash(path: String, what: String)
    }

    /// Every file of the site, sorted by path: the pages of every job, then `extras`.
    func render(_ content: SiteContent) throws(Failure) -> [SiteFile] {
        let renderer = pageRenderer(content)
        var files: [SiteFile]
        do {
            files = try Parallel.map(jobs(content)) { (job) throws(TemplateError) -> [SiteFile] in
                try SiteRenderer.render(job, content, renderer)
            }.flatMap { $0 }
        } catch {
            throw .template(error)
        }
        files += try extras(content, pages: Set(files.map(\.path)))
        return files.sorted { $0.path < $1.path }
    }

    /// The renderer every page of `content` shares.
    func pageRenderer(_ content: SiteContent) -> PageRenderer {
        let options = content.options
        let siteTitle = options.title ?? content.export.profile.userName.map { UIString.siteTitleNamed.text(options.language, ["name": $0]) }
            ?? UIString.siteTitleDefault.text(options.language)
        return PageRenderer(templates: templates, options: options, siteTitle: siteTitle, assets: Set(theme.assets.keys),
                            feedTitle: AtomFeed.title(options))
    }

    /// The pages to render, in small independent jobs.
    func jobs(_ content: SiteContent) -> [Job] {
        let batch = SiteRenderer.batch
        let builds = content.options.builds
        // The dashboards job always runs: it writes the front page and stats.json.
        var jobs: [Job] = [.dashboards]
        // A section that is not built has no pages (its data is already gone: `PublishedExport`).
        if builds(.habits) {
            jobs.append(.habitsIndex)
            // Habit pages hold several charts each: a few per job.
            let habits = content.habits.habits.count
            jobs += stride(from: 0, to: habits, by: 4).map { .habits($0..<min($0 + 4, habits)) }
        }
        if builds(.years) {
            jobs.append(.yearsIndex)
            let years = content.years.count
            jobs += stride(from: 0, to: years, by: 4).map { .years($0..<min($0 + 4, years)) }
        }
        if builds(.points) {
            jobs.append(.pointsIndex)
            jobs += content.points.months.indices.map { .pointsMonth($0) }
        }
        if builds(.notes) {
            jobs.append(.notesIndex)
            jobs += stride(from: 0, to: content.notes.count, by: batch).map { .notes($0..<min($0 + batch, content.notes.count)) }
        }
        if builds(.targets) {
            jobs.append(.targetsIndex)
            let scheduled = content.arranged.schedule.count
            jobs += stride(from: 0, to: scheduled, by: batch).map { .targets($0..<min($0 + batch, scheduled)) }
        }
        if builds(.weight) { jobs.append(.weight) }
        if builds(.todos) { jobs.append(.todos) }
        if AtomFeed.title(content.options) != nil { jobs.append(.feed) }
        return jobs
    }

    /// The pages of one job.
    func render(_ job: Job, _ content: SiteContent, _ renderer: PageRenderer) throws(Failure) -> [SiteFile] {
        do { return try SiteRenderer.render(job, content, renderer) } catch { throw .template(error) }
    }

    /// The files that are not pages: `robots.txt` and `sitemap.xml`, the images notes show and
    /// the theme's assets. `pages` are the paths of the pages; an asset with one of those paths
    /// is an error.
    func extras(_ content: SiteContent, pages: Set<String>) throws(Failure) -> [SiteFile] {
        var files = SearchEngineFiles.files(pages: pages, content.options)
        var paths = pages.union(files.map(\.path))
        for (path, bytes) in content.images.sorted(by: { $0.key < $1.key }) where paths.insert(path).inserted {
            files.append(SiteFile(path: path, bytes: bytes))
        }
        for (path, bytes) in theme.assets.sorted(by: { $0.key < $1.key }) where SitePath.isSafe(path) {
            guard paths.insert(path).inserted else {
                throw .clash(path: path, what: content.images[path] != nil ? "an image a note shows" : "a page Waymark builds")
            }
            files.append(SiteFile(path: path, bytes: bytes))
        }
        return files
    }

    private static func render(_ job: Job, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> [SiteFile] {
        switch job {
        case .dashboards: return try DashboardPage.renderAll(content, r)
        case .pointsIndex: return [try PointsPages.renderIndex(content, r)]
        case .pointsMonth(let i): return [try PointsPages.renderMonth(i, content, r)]
        case .notesIndex: return try NotesPages.renderIndex(content, r)
        case .notes(let range): return try NotesPages.renderNotes(range, content, r)
        case .targetsIndex: return [try TargetsPages.renderIndex(content, r)]
        case .targets(let range): return try TargetsPages.renderTargets(range, content, r)
        case .weight: return try WeightPage.render(content, content.weight, r)
        case .todos: return [try TodosPage.render(content, r)]
        case .habitsIndex: return [try HabitPages.renderIndex(content, r)]
        case .habits(let range): return try HabitPages.renderHabits(range, content, r)
        case .yearsIndex: return [try YearPages.renderIndex(content, r)]
        case .years(let range): return try YearPages.renderYears(range, content, r)
        case .feed: return AtomFeed.render(content, siteTitle: r.siteTitle).map { [$0] } ?? []
        }
    }
}
