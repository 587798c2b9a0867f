/// One build, from the export to the written site, in four steps:
///
/// 1. **read** (`Import`): the export's files → `Export` (`ExportReader`), with every problem;
///    the notes are read first and go through Markdown (`NoteRendering`) while the rest decodes.
/// 2. **compute**: side by side the records in order (`PointsOrder`), the rest arranged
///    (`ContentArrangement`) and the weight figures (`WeightStatistics`) → `SiteContent`.
/// 3. **render** (`SiteRenderer`): `SiteContent` → every `SiteFile`, with its bytes. The first
///    job computes the point statistics (`PointStatistics`) for the dashboards and `stats.json`,
///    the only pages that show them, while the other jobs render.
/// 4. **write** (`SiteWriter`): the files → the output folder, each file whole, the changed ones
///    renamed into place together at the end → `Report`.
///    `build` stops before it and returns the files (the preview server serves them from memory).
///    `prepare` stops before step 3 and `complete` does step 3 for what it prepared, so the
///    preview can render the page asked for first (`PreviewSession`).
///
/// The steps are plain functions over values; this type alone decides what runs when and on
/// which cores, and turns every failure into a `BuildFailure` that names its step.
public struct BuildPipeline: Sendable {
    public var fileSystem: FileSystem
    /// Seconds since 1970, for `now` when neither the request nor the export gives one.
    public var clock: @Sendable () -> Int64
    /// A monotonic clock in seconds, for the steps' timings.
    public var monotonic: @Sendable () -> Double
    /// Names the staging folder.
    public var processID: Int32
    /// Removes the staging folder when the process is stopped by a signal (the real process only).
    var signalCleanup: SignalCleanup?

    public init(fileSystem: FileSystem = .local, clock: @escaping @Sendable () -> Int64, monotonic: @escaping @Sendable () -> Double = { 0 },
                processID: Int32 = 0) {
        self.fileSystem = fileSystem
        self.clock = clock
        self.monotonic = monotonic
        self.processID = processID
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
        /// Seconds each part of the build took: "read" (with the notes through Markdown),
        /// "compute", "render and write" (overlapped, see `renderAndWrite`).
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
        let (read, rendered) = readAndRender(request)
        if let failure = read.failure(writes: true) { throw failure }
        lap("read")
        let options = try checkedSiteOptions(request, read.result.export)
        let content = compute(read.result, rendered: rendered, options: options)
        lap("compute")
        let (paths, report) = try renderAndWrite(content, request)
        lap("render and write")
        return Outcome(report: report, output: request.output, files: paths.count,
                       pages: paths.lazy.filter { $0.hasSuffix(".html") }.count,
                       warnings: read.warnings + content.warnings, privateNotes: read.privateNotes, shown: options.shown, zone: options.zone, timings: timings)
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
        try BuildPipeline.complete(prepare(request))
    }

    /// Steps 1 and 2: the content computed and the render jobs listed, nothing rendered yet.
    /// The first failure stops the build.
    public func prepare(_ request: BuildRequest) throws(BuildFailure) -> PreparedSite {
        let (read, rendered) = readAndRender(request)
        if let failure = read.failure(writes: false) { throw failure }
        let options = try checkedSiteOptions(request, read.result.export)
        let content = compute(read.result, rendered: rendered, options: options)
        let renderer = try siteRenderer(request)
        return PreparedSite(content: content, renderer: renderer, pages: renderer.pageRenderer(content), jobs: renderer.jobs(content),
                            customTheme: request.customTheme, language: options.language, warnings: read.warnings + content.warnings)
    }

    /// Step 3 for a prepared site: every job on every core, then the files that are not pages.
    /// The files are sorted by path.
    public static func complete(_ site: PreparedSite) throws(BuildFailure) -> Built {
        try complete(site) { (i) throws(BuildFailure) -> [SiteFile] in try site.render(i) }
    }

    /// `complete`, each job through `job` (the preview passes one that reuses the pages it
    /// already rendered for requests; it must give what `PreparedSite.render` gives).
    public static func complete(_ site: PreparedSite, job: @Sendable (Int) throws(BuildFailure) -> [SiteFile]) throws(BuildFailure) -> Built {
        var files = try Parallel.map(Array(site.jobs.indices), job).flatMap { $0 }
        let pages = Set(files.map(\.path))
        files += try BuildPipeline.stepFailure(customTheme: site.customTheme) { () throws(SiteRenderer.Failure) in
            try site.renderer.extras(site.content, pages: pages)
        }
        return Built(files: files.sorted { $0.path < $1.path }, language: site.language, warnings: site.warnings)
    }

    // MARK: Steps

    /// The demo export compiled into the binary, as a read-only file system.
    static let demoRoot = "/waymark-demo-export"
    static var demoFileSystem: FileSystem {
        var files: [String: [UInt8]] = [:]
        for file in EmbeddedFiles.demoExport { files[file.path] = file.bytes }
        return .inMemory(root: demoRoot, files: files)
    }

    /// Where the export's files are when the source is one Waymark export folder, which is read
    /// the fast way (notes through Markdown while the rest decodes); nil for other sources.
    func singleExport(_ source: BuildRequest.Source) -> (files: FileSystem, root: String)? {
        switch source {
        case .demo: return (BuildPipeline.demoFileSystem, BuildPipeline.demoRoot)
        case .paths(let paths):
            guard paths.count == 1, let path = paths.first, fileSystem.kind(path) != nil,
                  let canonical = fileSystem.canonicalPath(path), fileSystem.kind(canonical) == .directory,
                  let names = try? fileSystem.listDirectory(canonical),
                  names.contains(where: ExportReader.dataFiles.contains) || names.contains("notes")
            else { return nil }
            return (fileSystem, path)
        }
    }

    /// The importers' reader for a request's sources.
    func sourceReader(_ request: BuildRequest) -> SourceReader {
        SourceReader(fileSystem: fileSystem, context: ImportContext(zone: request.zone ?? .utc, weightUnit: request.weightUnit,
                                                                    progress: request.progress ?? { _, _, _ in }))
    }

    /// Reads every source, the units on every core, and sorts the problems (`outcome`).
    func readSources(_ paths: [String], _ request: BuildRequest) -> (ReadOutcome, SourceReader.Outcome) {
        let read = sourceReader(request).read(paths) { units, body in Parallel.map(units, body) }
        var result = outcome(read.imported, request)
        result.sources = read.reports
        result.merge = read.merge
        return (result, read)
    }

    /// Step 1: reads the sources. Never throws: problems are in the outcome.
    public func read(_ request: BuildRequest) -> ReadOutcome {
        if let (files, root) = singleExport(request.source) {
            return outcome(ExportReader(fileSystem: files, fallbackZone: request.zone ?? .utc).read(directory: root), request)
        }
        guard case .paths(let paths) = request.source else { return outcome(ImportResult(export: Export(), diagnostics: [], files: [], noteAssets: []), request) }
        return readSources(paths, request).0
    }

    /// Step 1 for a build: the sources read, less what the site does not show
    /// (`PublishedExport`), and the notes through Markdown (in file order). A single Waymark
    /// export's notes are read first and rendered while the rest decodes.
    func readAndRender(_ request: BuildRequest) -> (ReadOutcome, [NoteRendering.Rendered]) {
        let published = PublishedExport(request)
        if let (files, root) = singleExport(request.source) {
            // The notes go through Markdown while the other files are decoded: they need nothing
            // else, and the decoding leaves a core idle at times (docs/performance.md measures it).
            let reader = ExportReader(fileSystem: files, fallbackZone: request.zone ?? .utc)
            let notes = reader.readNotes(directory: root)
            // Only the notes the site publishes go through Markdown: a private or hidden note is
            // never rendered, and the images only it shows are never read.
            let rendering = startRenderingNotes(published.notes(notes.notes), loadExportFile: exportFileLoader(files, root, published: notes.assets))
            let imported = reader.read(directory: root, notes: notes)
            let rendered = rendering.wait().flatMap { $0 }
            return (publishable(outcome(imported, request), published), rendered)
        }
        guard case .paths(let paths) = request.source else { return (publishable(read(request), published), []) }
        let (result, read) = readSources(paths, request)
        guard result.errors.isEmpty || request.skipInvalid else { return (result, []) }
        var loader: @Sendable (String) -> [UInt8]? = { _ in nil }
        if let root = read.noteRoot { loader = exportFileLoader(fileSystem, root, published: read.imported.noteAssets) }
        return (publishable(result, published), renderNotes(published.notes(read.imported.export.notes), loadExportFile: loader))
    }

    /// The read step's result with only what the site may show (`PublishedExport`), and the
    /// count of private notes left out.
    func publishable(_ read: ReadOutcome, _ published: PublishedExport) -> ReadOutcome {
        var read = read
        read.privateNotes = PublishedExport.privateNotes(read.result.export.notes)
        read.result.export = published.apply(read.result.export)
        return read
    }

    /// The read step's result sorted into warnings and errors, named as the user knows the files.
    func outcome(_ imported: ImportResult, _ request: BuildRequest) -> ReadOutcome {
        var result = imported
        // The command line overrides every source's profile.
        if let unit = request.weightUnit { result.export.profile.weightUnit = unit }
        if let goal = request.goalWeightKg { result.export.profile.goalWeightKg = goal }
        if let height = request.heightCm { result.export.profile.heightCm = height }
        if request.source == .demo {
            result.diagnostics = result.diagnostics.map { d in
                var d = d
                d.file = "demo/" + d.file
                return d
            }
        }
        return ReadOutcome(result, skipInvalid: request.skipInvalid)
    }

    /// The zone, `now` (`ShownMoment`: the request's, else from the data and the clock),
    /// language and title: the request's, else the profile's, else defaults.
    func siteOptions(_ request: BuildRequest, _ export: Export) -> SiteOptions {
        let profile = export.profile
        let zone = request.zone ?? profile.timeZone.flatMap(Zone.init(identifier:)) ?? .utc
        let shown = ShownMoment.resolve(export, zone: zone, clock: clock(), requested: request.now.map { $0.moment(in: zone) })
        return SiteOptions(now: shown.instant, zone: zone, language: request.language ?? profile.language ?? .en, title: request.title,
                           sections: request.sections ?? Set(SiteSection.allCases), privacy: request.privacy, baseURL: request.baseURL,
                           shown: shown)
    }

    /// The site's options for `export`, refused (bad data) when the site's clock puts `now` or a
    /// moment of the data outside years 1 to 9999. The importers refuse what falls outside in
    /// UTC, naming file and place; this catches what only the site's zone moves out (a time of
    /// the first hours of year 1 seen from the Americas), which no page could hold.
    func checkedSiteOptions(_ request: BuildRequest, _ export: Export) throws(BuildFailure) -> SiteOptions {
        let options = siteOptions(request, export)
        let outside = CalendarSpan.contains(options.now, in: options.zone) ? CalendarSpan.firstOutside(export, in: options.zone)
            : CalendarSpan.Outside(record: "the moment statistics are computed for (--now or the export date)", instant: options.now)
        guard let outside else { return options }
        let day = LocalDateTime.dayNumber(secondsAsUTC: outside.instant + Int64(options.zone.offset(at: outside.instant)))
        let side = outside.instant < 0 ? "before year 1" : "after year 9999"
        throw BuildFailure(step: .compute, kind: .badData, message: "\(outside.record): \(LocalDateTime(secondsAsUTC: outside.instant))Z "
            + "falls on \(LocalDate(dayNumber: day)) in the time zone \(options.zone.identifier), \(side); pages cover years 1 to 9999: "
            + "correct the date or build with another --time-zone")
    }

    /// The notes through Markdown, in batches on every core; the result is in file order.
    func renderNotes(_ notes: [Note], loadExportFile: @escaping @Sendable (String) -> [UInt8]?) -> [NoteRendering.Rendered] {
        startRenderingNotes(notes, loadExportFile: loadExportFile).wait().flatMap { $0 }
    }

    /// Starts the notes through Markdown in batches on the thread pool and returns at once.
    func startRenderingNotes(_ notes: [Note], loadExportFile: @escaping @Sendable (String) -> [UInt8]?) -> Parallel.Pending<[NoteRendering.Rendered]> {
        let plan = NoteRendering.plan(notes)
        let batches = stride(from: 0, to: notes.count, by: SiteRenderer.batch).map { $0..<min($0 + SiteRenderer.batch, notes.count) }
        return Parallel.start(batches) { range in
            NoteRendering.render(notes, plan: plan, range: range, loadExportFile: loadExportFile)
        }
    }

    /// Step 2: everything the pages show, from the export and its notes through Markdown
    /// (`rendered`, in file order): independent computations side by side.
    func compute(_ imported: ImportResult, rendered: [NoteRendering.Rendered], options: SiteOptions) -> SiteContent {
        let export = imported.export
        let today = options.zone.localDateTime(of: options.now).date
        let (points, arranged, (weight, reviews)) = Parallel.all(
            { PointsOrder(export.points, zone: options.zone, now: options.now) },
            { ContentArrangement(export, rendered: rendered, today: today, zone: options.zone) },
            { () -> (WeightStatistics?, SiteContent.Reviews) in
                let weight = WeightStatistics.make(export, options)
                return (weight, SiteContent.reviews(export, options, weights: weight?.series))
            })
        return SiteContent(export: export, options: options, points: points, arranged: arranged, weight: weight, reviews: reviews)
    }

    /// Reads the files of the export that notes show (`published`), and nothing else.
    func exportFileLoader(_ files: FileSystem, _ root: String, published: [String]) -> @Sendable (String) -> [UInt8]? {
        let published = Set(published)
        return { relative in published.contains(relative) ? try? files.readFile(root + "/" + relative) : nil }
    }

    /// Steps 3 and 4, render and write, for the command line: each job's pages are handed to the
    /// writer as soon as they are made (it writes the changed ones at once, so the disk works
    /// while the cores render; docs/performance.md measures it), then the rest of the files.
    /// Returns the site's paths and what was written.
    func renderAndWrite(_ content: SiteContent, _ request: BuildRequest) throws(BuildFailure) -> ([String], SiteWriter.Report) {
        let renderer = try siteRenderer(request)
        let session: SiteWriteSession
        do { session = try writer.begin(request.output, force: request.force) } catch {
            throw BuildFailure(step: .write, kind: error.kind, message: error.message)
        }
        do throws(BuildFailure) {
            let pages = renderer.pageRenderer(content)
            let paths = try Parallel.map(renderer.jobs(content)) { (job) throws(BuildFailure) -> [String] in
                let files = try stepFailure(request) { () throws(SiteRenderer.Failure) in try renderer.render(job, content, pages) }
                do throws(SiteWriteError) { try session.put(files) } catch {
                    throw BuildFailure(step: .write, kind: error.kind, message: error.message)
                }
                return files.map { $0.path }
            }.flatMap { $0 }
            let extras = try stepFailure(request) { () throws(SiteRenderer.Failure) in try renderer.extras(content, pages: Set(paths)) }
            do throws(SiteWriteError) {
                try session.put(extras)
                return (paths + extras.map { $0.path }, try session.finish())
            } catch {
                throw BuildFailure(step: .write, kind: error.kind, message: error.message)
            }
        } catch {
            session.abandon()
            throw error
        }
    }

    /// Step 3 alone: every file of the site, with its bytes.
    func render(_ content: SiteContent, _ request: BuildRequest) throws(BuildFailure) -> [SiteFile] {
        let renderer = try siteRenderer(request)
        return try stepFailure(request) { () throws(SiteRenderer.Failure) in try renderer.render(content) }
    }

    private func siteRenderer(_ request: BuildRequest) throws(BuildFailure) -> SiteRenderer {
        try stepFailure(request) { () throws(SiteRenderer.Failure) in
            do throws(TemplateError) { return try SiteRenderer(theme: request.theme) } catch { throw .template(error) }
        }
    }

    /// Runs part of the render step and names its failure. A broken template of the user's own
    /// theme is their data; of the built-in one, a bug.
    private func stepFailure<T>(_ request: BuildRequest, _ body: () throws(SiteRenderer.Failure) -> T) throws(BuildFailure) -> T {
        try BuildPipeline.stepFailure(customTheme: request.customTheme, body)
    }

    static func stepFailure<T>(customTheme: Bool, _ body: () throws(SiteRenderer.Failure) -> T) throws(BuildFailure) -> T {
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

    /// Step 4 alone: the files into the output folder.
    func write(_ files: [SiteFile], _ request: BuildRequest) throws(BuildFailure) -> SiteWriter.Report {
        do {
            return try writer.write(files, to: request.output, force: request.force)
        } catch {
            throw BuildFailure(step: .write, kind: error.kind, message: error.message)
        }
    }

}
