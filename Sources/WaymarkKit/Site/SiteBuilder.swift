import Synchronization

/// The independent pieces of the compute step.
enum ComputeJob: Sendable {
    case weight, sortPoints, content
}

/// One result of the compute step.
enum ComputedPart: Sendable {
    case weight(WeightStatistics?)
    case sorted(PointsNewestFirst, [PointsPages.Month], earned: [String: [PointRecord]])
    case content(SiteContent, schedule: [TargetSchedule.Item])
}

/// One page, or a small batch of pages, to render.
enum PageJob: Sendable {
    /// The point statistics, then the pages that show them: the dashboards and `stats.json`.
    case statistics
    case pointsIndex, notesIndex, targetsIndex, weight, todos
    case pointsMonth(Int)
    case notes(Range<Int>)
    case targets(Range<Int>)
}

/// Builds every file of a site from an export: read → model → compute → render. The result is
/// a list of files in memory; `SiteWriter` puts them on disk.
public struct SiteBuilder: Sendable {
    /// Notes, pages or targets per job: enough work to outweigh handing it to a thread.
    static let batch = 40

    public var theme: Theme
    public var options: SiteOptions

    public init(theme: Theme = .embedded, options: SiteOptions) {
        self.theme = theme
        self.options = options
    }

    /// What a build produced: the files, sorted by path, and warnings about the content.
    public struct Output: Sendable {
        public var files: [SiteFile]
        public var warnings: [Diagnostic]
    }

    /// Builds the site. `loadExportFile` reads a file of the export by its relative path (images
    /// that notes show); it is only asked for files a note references. `sink`, when given, is
    /// handed each page as soon as it is rendered (see `SiteStream`); the output lists it too,
    /// with empty bytes (the sink has them). Files not handed to the sink (images, assets) keep theirs.
    /// `notesAhead`, when it holds the export's notes, replaces rendering them here.
    public func build(_ export: Export, loadExportFile: @escaping @Sendable (String) -> [UInt8]? = { _ in nil },
                      notesAhead: NotesAhead? = nil, sink: (@Sendable (SiteFile) -> Void)? = nil) throws(TemplateError) -> Output {
        let templates = try TemplateSet(theme.templates)
        let siteTitle = options.title ?? export.profile.userName.map { UIString.siteTitleNamed.text(options.language, ["name": $0]) }
            ?? UIString.siteTitleDefault.text(options.language)
        let renderer = PageRenderer(templates: templates, options: options, siteTitle: siteTitle)
        // The notes through cmark, unless that was done while the export was read.
        let ahead = notesAhead.flatMap { $0.fileNames.elementsEqual(export.notes.lazy.map(\.fileName)) ? $0 : nil }
            ?? NotesAhead(export.notes, loadExportFile: loadExportFile)
        let rendered = ahead.wait()

        // Compute: the records in order, the rest of the content arranged, the weight figures.
        let batch = SiteBuilder.batch
        let parts = Parallel.map([ComputeJob.sortPoints, .content, .weight]) { job -> ComputedPart in
            switch job {
            case .weight: return .weight(WeightStatistics(entries: export.weights, now: options.now, zone: options.zone,
                                                          goalKg: export.profile.goalWeightKg, heightCm: export.profile.heightCm))
            case .sortPoints:
                let sorted = SiteContent.sortedPoints(export, zone: options.zone)
                return .sorted(sorted, PointsPages.months(sorted, zone: options.zone), earned: TargetsPages.earned(sorted))
            case .content:
                let content = SiteContent(export: export, options: options, pointsNewestFirst: PointsNewestFirst([], zone: options.zone),
                                          rendered: rendered)
                return .content(content, schedule: TargetsPages.schedule(content))
            }
        }
        var weight: WeightStatistics?, sorted = PointsNewestFirst([], zone: options.zone), months: [PointsPages.Month] = []
        var earned: [String: [PointRecord]] = [:], schedule: [TargetSchedule.Item] = []
        var arranged: SiteContent?
        for part in parts {
            switch part {
            case .weight(let w): weight = w
            case .sorted(let p, let m, let e): (sorted, months, earned) = (p, m, e)
            case .content(let c, let s): (arranged, schedule) = (c, s)
            }
        }
        var whole = arranged ?? SiteContent(export: export, options: options, pointsNewestFirst: sorted, rendered: rendered)
        whole.pointsNewestFirst = sorted
        let content = whole
        var warnings = content.warnings

        // Render: every page (or small batch of pages) is one job. The point statistics are the
        // first job: only the dashboards and stats.json need them, and they come with it, while
        // the other cores render the other pages.
        let targetsPlan = TargetsPages.Plan(schedule: schedule, earned: earned)
        var pageJobs: [PageJob] = [.statistics, .pointsIndex, .notesIndex, .targetsIndex, .weight, .todos]
        pageJobs += months.indices.map { .pointsMonth($0) }
        pageJobs += stride(from: 0, to: content.notes.count, by: batch).map { .notes($0..<min($0 + batch, content.notes.count)) }
        pageJobs += stride(from: 0, to: targetsPlan.schedule.count, by: batch).map { .targets($0..<min($0 + batch, targetsPlan.schedule.count)) }
        let weightStats = weight, pointMonths = months
        let statistics = Mutex<PointStatistics?>(nil)
        var files = try Parallel.map(pageJobs) { (job) throws(TemplateError) -> [SiteFile] in
            let made: [SiteFile]
            if case .statistics = job {
                let points = PointStatistics(export: export, now: options.now, zone: options.zone)
                statistics.withLock { $0 = points }
                made = try SiteBuilder.renderStatistics(points, content: content, weight: weightStats, renderer: renderer)
            } else {
                made = try SiteBuilder.render(job, months: pointMonths, targetsPlan: targetsPlan, content: content,
                                              weight: weightStats, renderer: renderer)
            }
            guard let sink else { return made }
            made.forEach(sink)
            // Written: only the paths are kept, so that later pages reuse the memory.
            return made.map { SiteFile(path: $0.path, bytes: []) }
        }.flatMap { $0 }
        if let points = statistics.withLock({ $0 }), points.daily.futureRecords > 0 {
            warnings.append(.warning("points.json", .file, UIString.futureRecordsWarning.text(.en, [
                "n": String(points.daily.futureRecords), "now": LocaleFormat.machine(.instant(options.now), in: options.zone)])))
        }
        for (path, bytes) in content.images { files.append(SiteFile(path: path, bytes: bytes)) }
        for (path, bytes) in theme.assets where SitePath.isSafe(path) && !content.images.keys.contains(path) {
            files.append(SiteFile(path: path, bytes: bytes))
        }
        return Output(files: files.sorted { $0.path < $1.path }, warnings: warnings)
    }

    /// The dashboards of every period and `stats.json`.
    private static func renderStatistics(_ points: PointStatistics, content: SiteContent, weight: WeightStatistics?,
                                         renderer: PageRenderer) throws(TemplateError) -> [SiteFile] {
        let dashboard = DashboardPage.plan(content, points, weight: weight, renderer)
        var files: [SiteFile] = []
        for period in Period.allCases { files.append(try DashboardPage.render(period, dashboard, content, points, renderer)) }
        files.append(SiteFile(path: "stats.json", text: StatsDocument.make(points, extra: [("weight", StatsDocument.weight(weight))]).text))
        return files
    }

    private static func render(_ job: PageJob, months: [PointsPages.Month], targetsPlan: TargetsPages.Plan,
                               content: SiteContent, weight weightStats: WeightStatistics?,
                               renderer: PageRenderer) throws(TemplateError) -> [SiteFile] {
        switch job {
        case .pointsIndex: return [try PointsPages.renderIndex(months, content, renderer)]
        case .pointsMonth(let i): return [try PointsPages.renderMonth(months[i], content, renderer)]
        case .notesIndex: return [try NotesPages.renderIndex(content, renderer)]
        case .notes(let range): return try NotesPages.renderNotes(range, content, renderer)
        case .targetsIndex: return [try TargetsPages.renderIndex(targetsPlan, content, renderer)]
        case .targets(let range): return try TargetsPages.renderTargets(range, targetsPlan, content, renderer)
        case .weight: return try WeightPage.render(content, weightStats, renderer)
        case .todos: return [try TodosPage.render(content, renderer)]
        case .statistics: return []  // see renderStatistics
        }
    }
}
