/// Every page of a site, by name (`Page`): the list, each page's output paths, the page at a
/// path, and a pure `render` of one page from the computed content (`SiteContent`). Whoever
/// renders (the pipeline for a build, the preview for a requested page) asks it; how pages are
/// grouped onto cores is not its business.
struct SiteCatalogue: Sendable {
    /// What can stop rendering.
    enum Failure: Error, Sendable {
        case template(TemplateError)
        /// A theme asset has the path of a page or of an image a note shows.
        case clash(path: String, what: String)
    }

    let content: SiteContent
    /// The renderer every page shares (templates, options, the site's title).
    let renderer: PageRenderer
    /// Every page, in a fixed order: the dashboards first, then each section's index and pages,
    /// the feed, the search engines' files, the notes' images and the theme's assets.
    let pages: [Page]
    /// The theme the pages are rendered through (what every page shares: `frame`).
    let theme: Theme
    private var assets: [String: [UInt8]] { theme.assets }
    let pathsOfPage: [Page: [String]]
    private let pageOfPath: [String: Page]
    /// Site parts several pages share, worked out once.
    private let dashboard: DashboardPage.Plan
    let notesIndex: NotesPages.IndexPlan
    /// Indices into the content, by page.
    let habits: [String: Int]
    private let years: [Int: Int]
    private let months: [String: Int]
    let notes: [String: Int]
    /// Indices into the content's target schedule, by page.
    let targets: [String: Int]

    /// The catalogue of `content` through `theme`: its templates parsed, every page listed. A
    /// theme asset at the path of a page or image is refused.
    init(_ content: SiteContent, theme: Theme) throws(Failure) {
        try self.init(content, theme: theme, templates: Result { () throws(TemplateError) in try TemplateSet(theme.templates) })
    }

    /// As `init(_:theme:)`, with the theme's templates parsed already (or the first error of
    /// parsing them). Given two cores (`parallelism`), the dashboards' shared plan is worked
    /// out on one while the pages are listed on the other.
    init(_ content: SiteContent, theme: Theme, templates parsed: Result<TemplateSet, TemplateError>,
         parallelism: Parallelism = .serial) throws(Failure) {
        let templates: TemplateSet
        switch parsed {
        case .success(let set): templates = set
        case .failure(let error): throw .template(error)
        }
        var options = content.options
        // Activity dated only after the day shown has no page: no menu entry may link to one.
        if content.activity == nil { options.sections.remove(.activity) }
        let siteTitle = options.title ?? content.export.profile.userName.map { UIString.siteTitleNamed.text(options.language, ["name": $0]) }
            ?? UIString.siteTitleDefault.text(options.language)
        let r = PageRenderer(templates: templates, options: options, siteTitle: siteTitle, assets: Set(theme.assets.keys),
                             sleep: content.activity.map(SleepPage.has) ?? false,
                             workouts: content.activity.map(WorkoutsPage.has) ?? false,
                             feedTitle: AtomFeed.title(options))
        self.content = content
        renderer = r
        self.theme = theme
        let (listed, dashboard) = parallelism.beside({
            Result { () throws(Failure) in try SiteCatalogue.list(content, theme: theme, options: options, r) }
        }, {
            DashboardPage.plan(content, content.pointStatistics, weight: content.weight, r)
        })
        self.dashboard = dashboard
        let listing: Listing
        switch listed {
        case .success(let value): listing = value
        case .failure(let error): throw error
        }
        notesIndex = listing.notesIndex
        pages = listing.list.pages
        pathsOfPage = listing.list.pathsOfPage
        pageOfPath = listing.list.pageOfPath
        sitemapPages = listing.sitemapPages
        habits = listing.habits
        years = listing.years
        months = listing.months
        notes = listing.notes
        targets = listing.targets
    }

    /// Every page of the site with its paths, and the indices into the content by page.
    private struct Listing {
        var notesIndex: NotesPages.IndexPlan
        var list = Catalogue()
        var sitemapPages: [String] = []
        var habits: [String: Int] = [:], years: [Int: Int] = [:], months: [String: Int] = [:]
        var notes: [String: Int] = [:], targets: [String: Int] = [:]
    }

    /// Lists every page of `content` (see `pages`); a theme asset at the path of a page or image
    /// is refused.
    private static func list(_ content: SiteContent, theme: Theme, options: SiteOptions, _ r: PageRenderer) throws(Failure) -> Listing {
        let notesIndex = NotesPages.indexPlan(content, r)
        var list = Catalogue()
        var habits: [String: Int] = [:], years: [Int: Int] = [:], months: [String: Int] = [:]
        var notes: [String: Int] = [:], targets: [String: Int] = [:]
        let builds = options.builds
        if DashboardPage.builds(options) {
            for period in Period.allCases { list.add(.dashboard(period), DashboardPage.path(period)) }
        } else {
            list.add(.frontPage, "index.html")
        }
        list.add(.statistics, DashboardPage.statisticsPath)
        // A section that is not built has no pages (its data is already gone: `PublishedExport`).
        if builds(.habits) {
            list.add(.habitsIndex, "habits/index.html")
            for (i, h) in content.habits.habits.enumerated() {
                // The habit's page, then a page for each earlier year of its data.
                guard let slug = content.tagSlugs[h.name],
                      list.add(.habit(slug: slug), ["habits/\(slug).html"] + HabitYearPages.years(h).map { HabitYearPages.path(slug: slug, year: $0) })
                else { continue }
                habits[slug] = i
            }
        }
        if builds(.years) {
            list.add(.yearsIndex, "years/index.html")
            for (i, y) in content.years.enumerated() where list.add(.year(y.year), YearPages.path(y.year)) { years[y.year] = i }
        }
        if builds(.points) {
            list.add(.pointsIndex, "points/index.html")
            for (i, m) in content.points.months.enumerated() where list.add(.pointsMonth(year: m.year, month: m.month), "points/\(m.slug).html") {
                months[m.slug] = i
            }
        }
        if builds(.notes) {
            for page in 1...notesIndex.pages.pageCount { list.add(.notesIndex(page: page), NotesPages.pagePath(page)) }
            for (i, n) in content.notes.enumerated() where list.add(.note(slug: n.slug), NotesPages.path(n)) { notes[n.slug] = i }
        }
        if builds(.targets) {
            list.add(.targetsIndex, "targets/index.html")
            for (i, scheduled) in content.arranged.schedule.enumerated() {
                let entry = content.targets[scheduled.index]
                if list.add(.target(slug: entry.slug), TargetsPages.path(entry)) { targets[entry.slug] = i }
            }
        }
        if builds(.weight) {
            let csv = content.weight != nil && options.privacy.weight != .changes
            list.add(.weight, ["weight/index.html"] + (csv ? [WeightPage.csvPath] : []))
        }
        if builds(.activity), let activity = content.activity {
            list.add(.activity, ActivityPage.path, ActivityPage.csvPath)
            if SleepPage.has(activity) { list.add(.sleep, SleepPage.path) }
            if WorkoutsPage.has(activity) { list.add(.workouts, WorkoutsPage.path) }
        }
        if builds(.todos) { list.add(.todos, "todos/index.html") }
        if options.baseURL != nil && AtomFeed.title(options) != nil { list.add(.feed, AtomFeed.path) }
        let sitemapPages = list.paths.filter { $0.hasSuffix(".html") }
        // Not a page of the site's own, so not in the sitemap; a theme's own 404.html wins.
        if options.baseURL != nil && theme.assets[NotFoundStaticPage.path] == nil { list.add(.notFound, NotFoundStaticPage.path) }
        list.add(.robots, SearchEngineFiles.robotsPath)
        if SearchEngineFiles.sitemapBase(options) != nil { list.add(.sitemap, SearchEngineFiles.sitemapPath) }
        // An image at a page's path is left out; an asset there is the theme's mistake.
        for path in content.images.keys.sorted() where list.pageOfPath[path] == nil { list.add(.image(path: path), path) }
        for path in theme.assets.keys.sorted() where SitePath.isSafe(path) {
            guard list.pageOfPath[path] == nil else {
                throw .clash(path: path, what: content.images[path] != nil ? "an image a note shows" : "a page Waymark builds")
            }
            list.add(.asset(path: path), path)
        }
        return Listing(notesIndex: notesIndex, list: list, sitemapPages: sitemapPages, habits: habits, years: years, months: months,
                       notes: notes, targets: targets)
    }

    /// The `.html` pages the sitemap lists.
    private let sitemapPages: [String]

    /// The pages as they are listed, with their paths.
    private struct Catalogue {
        var pages: [Page] = []
        var paths: [String] = []
        var pathsOfPage: [Page: [String]] = [:]
        var pageOfPath: [String: Page] = [:]

        /// Adds `page` at `paths`; false (and nothing added) when it is listed already.
        @discardableResult
        mutating func add(_ page: Page, _ paths: String...) -> Bool { add(page, paths) }

        @discardableResult
        mutating func add(_ page: Page, _ paths: [String]) -> Bool {
            guard pathsOfPage[page] == nil else { return false }
            pages.append(page)
            pathsOfPage[page] = paths
            self.paths += paths
            for path in paths where pageOfPath[path] == nil { pageOfPath[path] = page }
            return true
        }
    }

    /// The paths `render(page)` gives files at, in order; empty for a page the site does not have.
    func paths(of page: Page) -> [String] { pathsOfPage[page] ?? [] }

    /// The page that renders the file at `path`; nil when the site has no such file.
    func page(at path: String) -> Page? { pageOfPath[path] }

    /// The files of one page, from the content alone; none for a page the site does not have.
    func render(_ page: Page) throws(Failure) -> [SiteFile] {
        do { return try files(page) } catch { throw .template(error) }
    }

    private func files(_ page: Page) throws(TemplateError) -> [SiteFile] {
        let r = renderer
        switch page {
        case .dashboard(let period): return [try DashboardPage.render(period, dashboard, content, content.pointStatistics, r)]
        case .frontPage: return [try DashboardPage.frontPage(dashboard, content, r)]
        case .statistics: return [DashboardPage.statistics(content)]
        case .habitsIndex: return [try HabitPages.renderIndex(content, r)]
        case .habit(let slug):
            guard let i = habits[slug] else { return [] }
            let h = content.habits.habits[i]
            var files = [try HabitPages.renderHabit(h, slug: slug, content, r)]
            for year in HabitYearPages.years(h) { files.append(try HabitYearPages.render(h, slug: slug, year: year, content, r)) }
            return files
        case .yearsIndex: return [try YearPages.renderIndex(content, r)]
        case .year(let year):
            guard let i = years[year] else { return [] }
            return [try YearPages.renderYear(i, content, r)]
        case .pointsIndex: return [try PointsPages.renderIndex(content, r)]
        case .pointsMonth(let year, let month):
            guard let i = months["\(pad(year, 4))-\(pad(month, 2))"] else { return [] }
            return [try PointsPages.renderMonth(i, content, r)]
        case .notesIndex(let n):
            guard pathsOfPage[page] != nil else { return [] }
            return [try NotesPages.renderIndexPage(n, notesIndex, content, r)]
        case .note(let slug):
            guard let i = notes[slug] else { return [] }
            return [try NotesPages.renderNote(i, content, r)]
        case .targetsIndex: return [try TargetsPages.renderIndex(content, r)]
        case .target(let slug):
            guard let i = targets[slug] else { return [] }
            return [try TargetsPages.renderTarget(i, content, r)]
        case .weight: return try WeightPage.render(content, content.weight, r)
        case .activity:
            guard let activity = content.activity else { return [] }
            return try ActivityPage.render(activity, content, r)
        case .sleep:
            guard let activity = content.activity, let page = try SleepPage.render(activity, content, r) else { return [] }
            return [page]
        case .workouts:
            guard let activity = content.activity, let page = try WorkoutsPage.render(activity, content, r) else { return [] }
            return [page]
        case .todos: return [try TodosPage.render(content, r)]
        case .feed: return AtomFeed.render(content, siteTitle: r.siteTitle).map { [$0] } ?? []
        case .robots: return [SearchEngineFiles.robots(content.options)]
        case .notFound: return try NotFoundStaticPage.render(content, r).map { [$0] } ?? []
        case .sitemap:
            guard let base = SearchEngineFiles.sitemapBase(content.options) else { return [] }
            return [SiteFile(path: SearchEngineFiles.sitemapPath, text: SearchEngineFiles.sitemap(pages: Set(sitemapPages), base: base))]
        case .image(let path):
            guard pathsOfPage[page] != nil, let bytes = content.images[path] else { return [] }
            return [SiteFile(path: path, bytes: bytes)]
        case .asset(let path):
            guard pathsOfPage[page] != nil, let bytes = assets[path] else { return [] }
            return [SiteFile(path: path, bytes: bytes)]
        }
    }
}
