/// One build, from the sources to the written site, in four steps:
///
/// 1. **read** (`Import`, `BuildPipeline+Read`): every source → one `Export` (`SourceReader`:
///    each source in its format, a Waymark export folder among them), with every problem, less
///    what the site does not show (`PublishedExport`). `check` stops here.
/// 2. **compute**: side by side, as jobs on the cores (`Parallelism.schedule`), the published
///    notes through Markdown (`NoteRendering`), the habits' figures (`HabitBoard`), the weight
///    figures (`WeightStatistics`), the records in order (`PointsOrder`), the point statistics
///    (`PointStatistics`), the activity figures (`ActivityFigures`) and the balance; then the
///    years in review and the rest arranged (`ContentArrangement`) → `SiteContent`; then every
///    page listed by name (`SiteCatalogue`, with the theme's templates parsed while the sources
///    were read) → `PreparedSite`.
/// 3. **render** (`render(_:into:)`): every page of the catalogue, once, into a `SiteSink`: the
///    writer's session for `build` (`SiteWriteSession`), memory for `serve` and tests
///    (`MemorySink`, the preview's `RebuildInProgress`), as Hugo's publisher renders to disk or
///    to memory by the same path.
/// 4. **write** (`SiteWriter`): the session puts the files in place together at the end → `Report`.
///
/// The steps are plain functions over values. This type alone decides what runs when and on
/// which cores (`parallelism`, handed to every step that can split its work; how pages are
/// grouped onto cores is its own business), and turns every failure into a `BuildFailure` that
/// names its step.
public struct BuildPipeline: Sendable {
    public var fileSystem: FileSystem
    /// Seconds since 1970, for `now` when neither the request nor the export gives one.
    public var clock: @Sendable () -> Int64
    /// A monotonic clock in seconds, for the steps' timings.
    public var monotonic: @Sendable () -> Double
    /// Names the staging folder.
    public var processID: Int32
    /// The cores a build may use: every one by default.
    public var parallelism: Parallelism
    /// Removes the staging folder when the process is stopped by a signal (the real process only).
    var signalCleanup: SignalCleanup?
    /// `run` leaves the site it built to the process's end instead of freeing it (`KeptUntilExit`):
    /// for a process that ends when the build does (the command line).
    var leavesSiteToExit = false

    public init(fileSystem: FileSystem = .local, clock: @escaping @Sendable () -> Int64, monotonic: @escaping @Sendable () -> Double = { 0 },
                processID: Int32 = 0, parallelism: Parallelism = .machine) {
        self.fileSystem = fileSystem
        self.clock = clock
        self.monotonic = monotonic
        self.processID = processID
        self.parallelism = parallelism
    }

    /// What a finished build did.
    public struct Outcome: Sendable {
        public var report: SiteWriter.Report
        /// The canonical output folder.
        public var output: String
        public var files: Int
        public var pages: Int
        /// The read step's warnings, then the content's.
        public var warnings: [Diagnostic]
        /// Notes with `private: true`, left out of the site.
        public var privateNotes = 0
        /// The moment the site shows and why, and the site's zone.
        public var shown: ShownMoment?
        public var zone: Zone = .utc
        /// Seconds each part of the build took: "read", "compute" (with the notes through
        /// Markdown and the pages listed), "render and write" (overlapped: the writer takes each
        /// page as it is rendered).
        public var timings: [(part: String, seconds: Double)]
    }

    /// Runs every step; the first failure stops the build and nothing is written.
    public func run(_ request: BuildRequest) throws(BuildFailure) -> Outcome {
        var timings: [(part: String, seconds: Double)] = []
        var started = monotonic()
        func lap(_ part: String) {
            let now = monotonic()
            timings.append((part, now - started))
            started = now
        }
        let site = try prepare(request, writes: true, lap: lap)
        let session: SiteWriteSession
        do { session = try writer.begin(request.output, force: request.force) } catch {
            throw BuildFailure(step: .write, kind: error.kind, message: error.message)
        }
        let report: SiteWriter.Report
        do throws(BuildFailure) {
            try BuildPipeline.render(site, into: session)
            do throws(SiteWriteError) { report = try session.finish(parallelism: parallelism) } catch {
                throw BuildFailure(step: .write, kind: error.kind, message: error.message)
            }
        } catch {
            session.abandon()
            throw error
        }
        lap("render and write")
        let paths = site.catalogue.pages.flatMap(site.catalogue.paths)
        let options = site.catalogue.content.options
        if leavesSiteToExit { KeptUntilExit.keep(site) }
        return Outcome(report: report, output: request.output, files: paths.count, pages: paths.lazy.filter { $0.hasSuffix(".html") }.count,
                       warnings: site.warnings, privateNotes: site.privateNotes, shown: options.shown, zone: options.zone, timings: timings)
    }

    /// What a build into memory made (`waymark serve`).
    public struct Built: Sendable {
        /// Every file of the site, sorted by path.
        public var files: [SiteFile]
        /// The site's language.
        public var language: Language
        /// The read step's warnings, then the content's.
        public var warnings: [Diagnostic]
    }

    /// Steps 1 to 3 without step 4: the site's files in memory; no folder is touched. The first
    /// failure stops the build.
    public func build(_ request: BuildRequest) throws(BuildFailure) -> Built {
        try BuildPipeline.built(prepare(request))
    }

    /// Step 3 into memory for a prepared site: every file, sorted by path.
    public static func built(_ site: PreparedSite) throws(BuildFailure) -> Built {
        let sink = MemorySink()
        try render(site, into: sink)
        return Built(files: sink.files, language: site.language, warnings: site.warnings)
    }

    /// Steps 1 and 2: the content computed and its pages listed, nothing rendered yet (the
    /// preview renders a requested page first). The first failure stops the build.
    /// With a `cache` (the preview's rebuilds), what is unchanged since the build before is
    /// reused (`RebuildCache`); the site is the same as without.
    public func prepare(_ request: BuildRequest, reusing cache: RebuildCache? = nil) throws(BuildFailure) -> PreparedSite {
        try prepare(request, writes: false, cache: cache, lap: { _ in })
    }

    /// Steps 1 and 2, timed; `writes` says whether a read failure is told "nothing was written".
    private func prepare(_ request: BuildRequest, writes: Bool, cache: RebuildCache? = nil, lap: (String) -> Void) throws(BuildFailure) -> PreparedSite {
        // The theme's templates are parsed on a core the read leaves idle.
        let theme = request.theme
        let ((read, noteFiles), templates) = parallelism.beside({ readSources(request, cache: cache) }, {
            Result { () throws(TemplateError) in try TemplateSet(theme.templates) }
        })
        if let failure = read.failure(writes: writes) { throw failure }
        lap("read")
        var options = try checkedSiteOptions(request, read.result.export)
        let later = RecordsAfterNow(withActivityHabits(read.result.export, request, &options), now: options.now, zone: options.zone)
        let export = later.export
        if !later.isEmpty { options.sections = sections(request, export) }
        let (content, inputs, fingerprints) = computed(export, noteFiles: noteFiles, options: options, cache: cache)
        var site = try prepare(content, theme: request.theme, customTheme: request.customTheme, templates: templates)
        if let cache, let fingerprints { site.pages = (cache.pages, inputs, fingerprints) }
        site.warnings = read.warnings + site.warnings + futureRecordWarnings(content, later: later, read.sources)
        site.privateNotes = read.privateNotes
        lap("compute")
        return site
    }

    /// Step 2: everything the pages show, from the published export (`noteFiles` reads the
    /// files its notes show): the notes through Markdown, then independent computations side by
    /// side. The figures are computed from the export without the notes' Markdown
    /// (`ContentCache.Figures.inputs`), so a `cache` can keep them while only notes' text changes.
    func compute(_ export: Export, noteFiles: @escaping @Sendable (String) -> [UInt8]?, options: SiteOptions,
                 cache: RebuildCache? = nil) -> SiteContent {
        computed(export, noteFiles: noteFiles, options: options, cache: cache).content
    }

    /// Step 2, with what its figures were computed from and, with a `cache`, the fingerprints of
    /// its parts (what the pages that read the data are compared by between rebuilds: `PageCache`).
    private func computed(_ export: Export, noteFiles: @escaping @Sendable (String) -> [UInt8]?, options: SiteOptions,
                          cache: RebuildCache?) -> (content: SiteContent, inputs: ContentCache.Inputs, fingerprints: DeferredFingerprints?) {
        let today = options.zone.localDateTime(of: options.now).date
        let inputs = ContentCache.Figures.inputs(export, options)
        if let figures = cache?.content.figures(for: inputs) {
            let rendered = renderNotes(export.notes, loadExportFile: noteFiles, cache: cache?.notes)
            let arranged = ContentArrangement(export, rendered: rendered, now: options.now, today: today, zone: options.zone)
            return (SiteContent(export: export, options: options, figures: figures, arranged: arranged), inputs, figures.fingerprints)
        }
        let figuresExport = inputs.export
        let zone = options.zone, now = options.now
        let board = JobResult<HabitBoard>(), weight = JobResult<WeightStatistics?>(), points = JobResult<PointsOrder>()
        let statistics = JobResult<PointStatistics>(), activity = JobResult<ActivityFigures?>(), balance = JobResult<PointsBalance>()
        let years = JobResult<[YearReview]>(), arranged = JobResult<ContentArrangement>()
        // The figures side by side with the notes through Markdown, the longest first; the
        // year reviews once the habits and weights are done, the arrangement once the notes are.
        var jobs = [
            ScheduledJob { board.set(HabitBoard(export: figuresExport, now: now, zone: zone)) },
            ScheduledJob { weight.set(WeightStatistics.make(figuresExport, options)) },
            ScheduledJob { points.set(PointsOrder(figuresExport.points, zone: zone, now: now)) },
            ScheduledJob { statistics.set(PointStatistics(export: figuresExport, now: now, zone: zone)) },
            ScheduledJob { activity.set(ActivityFigures.make(figuresExport, now: now, zone: zone)) },
            ScheduledJob { balance.set(PointsBalance(points: figuresExport.points, now: now, zone: zone)) },
            ScheduledJob(after: [0, 1]) {
                years.set(SiteContent.years(figuresExport, options, board: board.value, weights: weight.value?.series))
            },
        ]
        let (noteJobs, rendered) = noteRenderingJobs(export.notes, loadExportFile: noteFiles, cache: cache?.notes, first: jobs.count)
        jobs += noteJobs
        jobs.append(ScheduledJob(after: Array(jobs.count - noteJobs.count..<jobs.count)) {
            arranged.set(ContentArrangement(export, rendered: rendered.flatMap(\.value), now: now, today: today, zone: zone))
        })
        parallelism.schedule(jobs)
        let reviews = SiteContent.Reviews(habits: board.value, years: years.value, balance: balance.value)
        // Only a preview compares pages with the build before.
        let fingerprints = cache.map { _ in DeferredFingerprints { DataFingerprints(figuresExport, months: points.value.months) } }
        let figures = ContentCache.Figures(points: points.value, weight: weight.value, activity: activity.value, reviews: reviews,
                                           statistics: statistics.value, fingerprints: fingerprints)
        cache?.content.keep(figures, for: inputs)
        return (SiteContent(export: export, options: options, figures: figures, arranged: arranged.value), inputs, fingerprints)
    }

    /// The notes through Markdown as jobs for `Parallelism.schedule` (the first of them at place
    /// `first` of the list), in batches, with where each batch's notes will be (in file order);
    /// with a `cache`, one job of the cache's own.
    func noteRenderingJobs(_ notes: [Note], loadExportFile: @escaping @Sendable (String) -> [UInt8]?, cache: NoteCache?,
                           first: Int) -> (jobs: [ScheduledJob], rendered: [JobResult<[NoteRendering.Rendered]>]) {
        let plan = NoteRendering.plan(notes)
        let parallelism = parallelism
        if let cache {
            let all = JobResult<[NoteRendering.Rendered]>()
            return ([ScheduledJob { all.set(cache.render(notes, plan: plan, parallelism: parallelism, loadExportFile: loadExportFile)) }], [all])
        }
        let batches = stride(from: 0, to: notes.count, by: BuildPipeline.noteBatch).map { $0..<min($0 + BuildPipeline.noteBatch, notes.count) }
        let results = batches.map { _ in JobResult<[NoteRendering.Rendered]>() }
        let jobs = zip(batches, results).map { range, result in
            ScheduledJob { result.set(NoteRendering.render(notes, plan: plan, range: range, loadExportFile: loadExportFile)) }
        }
        return (jobs, results)
    }

    /// Notes rendered by one job: enough work to outweigh handing it to a thread.
    static let noteBatch = 40

    /// The notes through Markdown, in batches on the pipeline's cores; the result is in file
    /// order. With a `cache`, a note unchanged since the build before is not rendered again.
    func renderNotes(_ notes: [Note], loadExportFile: @escaping @Sendable (String) -> [UInt8]?,
                     cache: NoteCache? = nil) -> [NoteRendering.Rendered] {
        let plan = NoteRendering.plan(notes)
        if let cache { return cache.render(notes, plan: plan, parallelism: parallelism, loadExportFile: loadExportFile) }
        let batch = BuildPipeline.noteBatch
        let batches = stride(from: 0, to: notes.count, by: batch).map { $0..<min($0 + batch, notes.count) }
        return parallelism.map(batches) { range in
            NoteRendering.render(notes, plan: plan, range: range, loadExportFile: loadExportFile)
        }.flatMap { $0 }
    }

    /// The end of step 2: the pages of `content` through `theme`, listed by name. A theme's file
    /// at a page's path, or a template that does not parse, stops the build.
    func prepare(_ content: SiteContent, theme: Theme, customTheme: Bool,
                 templates: Result<TemplateSet, TemplateError>? = nil) throws(BuildFailure) -> PreparedSite {
        let catalogue = try BuildPipeline.stepFailure(customTheme: customTheme) { () throws(SiteCatalogue.Failure) in
            try SiteCatalogue(content, theme: theme, templates: templates ?? Result { () throws(TemplateError) in try TemplateSet(theme.templates) },
                              parallelism: parallelism)
        }
        return PreparedSite(catalogue: catalogue, customTheme: customTheme, parallelism: parallelism,
                            language: content.options.language, warnings: content.warnings)
    }

    /// Step 3: every page of `site` rendered once into `sink` (a page the sink already has is
    /// taken from it, and in a preview's rebuild a page whose inputs are unchanged is taken from
    /// the build before: `PageCache`), the pages grouped onto the cores the site was prepared with.
    static func render(_ prepared: PreparedSite, into sink: some SiteSink) throws(BuildFailure) {
        var reusing = prepared
        // Which pages need rendering is worked out here, not in compute: the preview renders
        // the open pages (those a save changes) and tells them to reload before this step.
        reusing.pageBuild = prepared.pages.map { $0.cache.start(prepared.catalogue, data: $0.data, fingerprints: $0.fingerprints.value) }
        let site = reusing
        _ = try site.parallelism.map(groups(site.catalogue.pages)) { (group) throws(BuildFailure) -> Void in
            for page in group {
                let files: [SiteFile]
                if let had = sink.rendered(page) { files = had } else { files = try site.render(page) }
                try sink.put(files, of: page)
                site.pageBuild?.took(files, of: page)
            }
        }
        site.pageBuild?.finish()
    }

    /// Pages grouped for the cores, in the catalogue's order: each group enough work to outweigh
    /// handing it to a thread (a page of thousands of rows, a few habits' charts, forty notes).
    static func groups(_ pages: [Page]) -> [[Page]] {
        let enough = 40
        var groups: [[Page]] = [], group: [Page] = [], work = 0
        for page in pages {
            let cost: Int
            switch page {
            case .note, .target, .image, .asset, .robots, .sitemap, .notFound: cost = 1
            case .habit, .year: cost = 10
            default: cost = enough
            }
            if work + cost > enough, !group.isEmpty {
                groups.append(group)
                (group, work) = ([], 0)
            }
            group.append(page)
            work += cost
        }
        if !group.isEmpty { groups.append(group) }
        return groups
    }

    /// Runs part of the render step and names its failure. A broken template of the user's own
    /// theme is their data; of the built-in one, a bug.
    static func stepFailure<T>(customTheme: Bool, _ body: () throws(SiteCatalogue.Failure) -> T) throws(BuildFailure) -> T {
        let kind: ErrorKind = customTheme ? .badData : .internalError
        do { return try body() } catch {
            switch error {
            case .template(let error):
                throw BuildFailure(step: .render, kind: kind, message: "template \(error)")
            case .clash(let path, let what):
                throw BuildFailure(step: .render, kind: kind, message: "the theme's file \(path) has the path of \(what); rename it in the theme folder")
            }
        }
    }

    private var writer: SiteWriter {
        var writer = SiteWriter(fileSystem: fileSystem, processID: processID)
        writer.signalCleanup = signalCleanup
        return writer
    }
}
