/// One build, from the sources to the written site, in four steps:
///
/// 1. **read** (`Import`): every source → one `Export` (`SourceReader`: each source in its
///    format, a Waymark export folder among them), with every problem, less what the site does
///    not show (`PublishedExport`); then the notes through Markdown (`NoteRendering`).
/// 2. **compute**: side by side the records in order (`PointsOrder`), the rest arranged
///    (`ContentArrangement`), the weight figures (`WeightStatistics`) with the habits and
///    years, and the point statistics (`PointStatistics`) → `SiteContent`; then the pages listed
///    by name (`SiteCatalogue`).
/// 3. **render**: every page of the catalogue → its `SiteFile`s, with their bytes.
/// 4. **write** (`SiteWriter`): the files → the output folder, each file whole, the changed ones
///    renamed into place together at the end → `Report`.
///    `build` stops before it and returns the files (the preview server serves them from memory).
///    `prepare` stops before step 3 and `complete` does step 3 for what it prepared, so the
///    preview can render the page asked for first (`PreviewSession`).
///
/// The steps are plain functions over values; this type alone decides what runs when and on
/// which cores (how pages are grouped onto them is its own business), and turns every failure
/// into a `BuildFailure` that names its step.
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
        let (read, noteFiles) = readSources(request)
        if let failure = read.failure(writes: true) { throw failure }
        let rendered = renderNotes(read.result.export.notes, loadExportFile: noteFiles)
        lap("read")
        let options = try siteOptions(request, read.result.export)
        let content = compute(read.result, rendered: rendered, options: options)
        lap("compute")
        let (paths, report) = try renderAndWrite(content, request)
        lap("render and write")
        return Outcome(report: report, output: request.output, files: paths.count,
                       pages: paths.lazy.filter { $0.hasSuffix(".html") }.count,
                       warnings: read.warnings + content.warnings, privateNotes: read.privateNotes, timings: timings)
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

    /// Steps 1 and 2: the content computed and its pages listed, nothing rendered yet.
    /// The first failure stops the build.
    public func prepare(_ request: BuildRequest) throws(BuildFailure) -> PreparedSite {
        let (read, noteFiles) = readSources(request)
        if let failure = read.failure(writes: false) { throw failure }
        let rendered = renderNotes(read.result.export.notes, loadExportFile: noteFiles)
        let options = try siteOptions(request, read.result.export)
        let content = compute(read.result, rendered: rendered, options: options)
        return PreparedSite(catalogue: try catalogue(content, request), customTheme: request.customTheme,
                            language: options.language, warnings: read.warnings + content.warnings)
    }

    /// Step 3 for a prepared site: every page, on every core. The files are sorted by path.
    public static func complete(_ site: PreparedSite) throws(BuildFailure) -> Built {
        try complete(site) { (page) throws(BuildFailure) -> [SiteFile] in try site.render(page) }
    }

    /// `complete`, each page through `render` (the preview passes one that reuses the pages it
    /// already rendered for requests; it must give what `PreparedSite.render` gives).
    static func complete(_ site: PreparedSite, page render: @Sendable (Page) throws(BuildFailure) -> [SiteFile]) throws(BuildFailure) -> Built {
        let files = try Parallel.map(groups(site.catalogue.pages)) { (group) throws(BuildFailure) -> [SiteFile] in
            var files: [SiteFile] = []
            for page in group { files += try render(page) }
            return files
        }.flatMap { $0 }
        return Built(files: files.sorted { $0.path < $1.path }, language: site.language, warnings: site.warnings)
    }

    /// Pages grouped for the cores, in the catalogue's order: each group enough work to outweigh
    /// handing it to a thread (a page of thousands of rows, a few habits' charts, forty notes).
    static func groups(_ pages: [Page]) -> [[Page]] {
        let enough = 40
        var groups: [[Page]] = [], group: [Page] = [], work = 0
        for page in pages {
            let cost: Int
            switch page {
            case .note, .target, .image, .asset, .robots, .sitemap: cost = 1
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

    // MARK: Steps

    /// The demo export compiled into the binary, as a read-only file system.
    static let demoRoot = "/waymark-demo-export"
    static var demoFileSystem: FileSystem {
        var files: [String: [UInt8]] = [:]
        for file in EmbeddedFiles.demoExport { files[file.path] = file.bytes }
        return .inMemory(root: demoRoot, files: files)
    }

    /// The file system and paths the request's sources are at.
    func sources(_ source: BuildRequest.Source) -> (files: FileSystem, paths: [String]) {
        switch source {
        case .demo: return (BuildPipeline.demoFileSystem, [BuildPipeline.demoRoot])
        case .paths(let paths): return (fileSystem, paths)
        }
    }

    /// Step 1: reads every source in its format (`SourceReader`), the units on every core, sorts
    /// the problems (`outcome`) and keeps only what the site may show (`PublishedExport`). Never
    /// throws: problems are in the outcome. `check` stops here, so it sees what a build sees.
    public func read(_ request: BuildRequest) -> ReadOutcome {
        readSources(request).outcome
    }

    /// Step 1, with what the notes need to go through Markdown: a reader of the files of the
    /// export that published notes show.
    func readSources(_ request: BuildRequest) -> (outcome: ReadOutcome, noteFiles: @Sendable (String) -> [UInt8]?) {
        let (files, paths) = sources(request.source)
        let context = ImportContext(zone: request.zone ?? .utc, weightUnit: request.weightUnit, progress: request.progress ?? { _, _, _ in })
        let read = SourceReader(fileSystem: files, context: context).read(paths) { units, body in Parallel.map(units, body) }
        var result = outcome(read.imported, request)
        result.sources = read.reports
        result.merge = read.merge
        var noteFiles: @Sendable (String) -> [UInt8]? = { _ in nil }
        if let root = read.noteRoot { noteFiles = exportFileLoader(files, root, published: read.imported.noteAssets) }
        return (publishable(result, PublishedExport(request)), noteFiles)
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

    /// The zone, `now`, language and title: the request's, else the profile's, else defaults.
    func siteOptions(_ request: BuildRequest, _ profile: Profile) throws(BuildFailure) -> SiteOptions {
        let zone = request.zone ?? profile.timeZone.flatMap(Zone.init(identifier:)) ?? .utc
        let moment = request.now.map { $0.moment(in: zone) } ?? profile.exportedAt
        let now: Int64
        switch moment {
        case .instant(let s)?: now = s
        case .day(let d)?: now = zone.startOfDay(d.adding(days: 1)) - 1  // the end of that day
        case nil: now = clock()
        }
        return SiteOptions(now: now, zone: zone, language: request.language ?? profile.language ?? .en, title: request.title,
                           sections: request.sections ?? Set(SiteSection.allCases), privacy: request.privacy, baseURL: request.baseURL)
    }

    /// The site's options for `export`, refused (bad data) when the site's clock puts `now` or a
    /// moment of the data outside years 1 to 9999. The importers refuse what falls outside in
    /// UTC, naming file and place; this catches what only the site's zone moves out (a time of
    /// the first hours of year 1 seen from the Americas), which no page could hold.
    func siteOptions(_ request: BuildRequest, _ export: Export) throws(BuildFailure) -> SiteOptions {
        let options = try siteOptions(request, export.profile)
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
        let plan = NoteRendering.plan(notes)
        let batch = 40
        let batches = stride(from: 0, to: notes.count, by: batch).map { $0..<min($0 + batch, notes.count) }
        return Parallel.map(batches) { range in
            NoteRendering.render(notes, plan: plan, range: range, loadExportFile: loadExportFile)
        }.flatMap { $0 }
    }

    /// Step 2: everything the pages show, from the export and its notes through Markdown
    /// (`rendered`, in file order): independent computations side by side.
    func compute(_ imported: ImportResult, rendered: [NoteRendering.Rendered], options: SiteOptions) -> SiteContent {
        let export = imported.export
        let today = options.zone.localDateTime(of: options.now).date
        let (points, arranged, (weight, reviews), statistics) = Parallel.all(
            { PointsOrder(export.points, zone: options.zone, now: options.now) },
            { ContentArrangement(export, rendered: rendered, today: today, zone: options.zone) },
            { () -> (WeightStatistics?, SiteContent.Reviews) in
                let weight = WeightStatistics.make(export, options)
                return (weight, SiteContent.reviews(export, options, weights: weight?.series))
            },
            { PointStatistics(export: export, now: options.now, zone: options.zone) })
        return SiteContent(export: export, options: options, points: points, arranged: arranged, weight: weight, reviews: reviews,
                           pointStatistics: statistics)
    }

    /// Reads the files of the export that notes show (`published`), and nothing else.
    func exportFileLoader(_ files: FileSystem, _ root: String, published: [String]) -> @Sendable (String) -> [UInt8]? {
        let published = Set(published)
        return { relative in published.contains(relative) ? try? files.readFile(root + "/" + relative) : nil }
    }

    /// Steps 3 and 4, render and write, for the command line: each group's pages are handed to
    /// the writer as soon as they are made (it writes the changed ones at once, so the disk works
    /// while the cores render; docs/performance.md measures it). Returns the site's paths and
    /// what was written.
    func renderAndWrite(_ content: SiteContent, _ request: BuildRequest) throws(BuildFailure) -> ([String], SiteWriter.Report) {
        let catalogue = try catalogue(content, request)
        let session: SiteWriteSession
        do { session = try writer.begin(request.output, force: request.force) } catch {
            throw BuildFailure(step: .write, kind: error.kind, message: error.message)
        }
        do throws(BuildFailure) {
            let paths = try Parallel.map(BuildPipeline.groups(catalogue.pages)) { (group) throws(BuildFailure) -> [String] in
                var paths: [String] = []
                for page in group {
                    let files = try stepFailure(request) { () throws(SiteCatalogue.Failure) in try catalogue.render(page) }
                    do throws(SiteWriteError) { try session.put(files) } catch {
                        throw BuildFailure(step: .write, kind: error.kind, message: error.message)
                    }
                    paths += files.map(\.path)
                }
                return paths
            }.flatMap { $0 }
            do throws(SiteWriteError) {
                return (paths, try session.finish())
            } catch {
                throw BuildFailure(step: .write, kind: error.kind, message: error.message)
            }
        } catch {
            session.abandon()
            throw error
        }
    }

    /// Step 3 alone: every file of the site, with its bytes, sorted by path.
    func render(_ content: SiteContent, _ request: BuildRequest) throws(BuildFailure) -> [SiteFile] {
        let site = PreparedSite(catalogue: try catalogue(content, request), customTheme: request.customTheme,
                                language: content.options.language, warnings: [])
        return try BuildPipeline.complete(site).files
    }

    /// The pages of `content` through the request's theme.
    private func catalogue(_ content: SiteContent, _ request: BuildRequest) throws(BuildFailure) -> SiteCatalogue {
        try stepFailure(request) { () throws(SiteCatalogue.Failure) in try SiteCatalogue(content, theme: request.theme) }
    }

    /// Runs part of the render step and names its failure. A broken template of the user's own
    /// theme is their data; of the built-in one, a bug.
    private func stepFailure<T>(_ request: BuildRequest, _ body: () throws(SiteCatalogue.Failure) -> T) throws(BuildFailure) -> T {
        try BuildPipeline.stepFailure(customTheme: request.customTheme, body)
    }

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

    /// Step 4 alone: the files into the output folder.
    func write(_ files: [SiteFile], _ request: BuildRequest) throws(BuildFailure) -> SiteWriter.Report {
        do {
            return try writer.write(files, to: request.output, force: request.force)
        } catch {
            throw BuildFailure(step: .write, kind: error.kind, message: error.message)
        }
    }

}
