/// One build, from the export to the written site, in four steps:
///
/// 1. **read** (`Import`): the export's files → `Export` (`ExportReader`), with every problem.
/// 2. **compute**: the notes through Markdown (`NoteRendering`), then side by side the records
///    in order (`PointsOrder`), the rest arranged (`ContentArrangement`), the point statistics
///    (`PointStatistics`) and the weight figures (`WeightStatistics`) → `SiteContent`.
/// 3. **render** (`SiteRenderer`): `SiteContent` → every `SiteFile`, with its bytes.
/// 4. **write** (`SiteWriter`): the files → the output folder, whole or not at all → `Report`.
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
        /// Seconds each step took.
        public var timings: [(step: BuildStep, seconds: Double)]
    }

    /// Runs every step; the first failure stops the build and nothing is written.
    public func run(_ request: BuildRequest) throws(BuildFailure) -> Outcome {
        var timings: [(step: BuildStep, seconds: Double)] = []
        var started = monotonic()
        func lap(_ step: BuildStep) {
            let now = monotonic()
            timings.append((step, now - started))
            started = now
        }
        let read = self.read(request)
        if let failure = read.failure(writes: true) { throw failure }
        lap(.read)
        let options = try siteOptions(request, read.result.export.profile)
        let content = compute(read.result, options: options, source: request.source)
        lap(.compute)
        let files = try render(content, request)
        lap(.render)
        let report = try write(files, request)
        lap(.write)
        return Outcome(report: report, output: request.output, files: files.count,
                       pages: files.lazy.filter { $0.path.hasSuffix(".html") }.count,
                       warnings: read.warnings + content.warnings, timings: timings)
    }

    // MARK: Steps

    /// The demo export compiled into the binary, as a read-only file system.
    static let demoRoot = "/waymark-demo-export"
    static var demoFileSystem: FileSystem {
        var files: [String: [UInt8]] = [:]
        for file in EmbeddedFiles.demoExport { files[file.path] = file.bytes }
        return .inMemory(root: demoRoot, files: files)
    }

    /// Where the source's files are.
    func location(_ source: BuildRequest.Source) -> (files: FileSystem, root: String) {
        switch source {
        case .demo: return (BuildPipeline.demoFileSystem, BuildPipeline.demoRoot)
        case .directory(let path): return (fileSystem, path)
        }
    }

    /// Step 1: reads the export. Never throws: problems are in the outcome.
    public func read(_ request: BuildRequest) -> ReadOutcome {
        let (files, root) = location(request.source)
        var result = ExportReader(fileSystem: files, fallbackZone: request.zone ?? .utc).read(directory: root)
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
        return SiteOptions(now: now, zone: zone, language: request.language ?? profile.language ?? .en, title: request.title)
    }

    /// Step 2: everything the pages show. The notes go through Markdown first (on every core);
    /// then the four independent computations run side by side.
    func compute(_ imported: ImportResult, options: SiteOptions, source: BuildRequest.Source) -> SiteContent {
        let export = imported.export
        let loadExportFile = exportFileLoader(source, published: imported.noteAssets)
        let plan = NoteRendering.plan(export.notes)
        let batches = stride(from: 0, to: export.notes.count, by: SiteRenderer.batch).map { $0..<min($0 + SiteRenderer.batch, export.notes.count) }
        let rendered = Parallel.map(batches) { range in
            NoteRendering.render(export.notes, plan: plan, range: range, loadExportFile: loadExportFile)
        }.flatMap { $0 }
        let today = options.zone.localDateTime(of: options.now).date
        let (points, arranged, statistics, weight) = Parallel.all(
            { PointsOrder(export.points, zone: options.zone) },
            { ContentArrangement(export, rendered: rendered, today: today, zone: options.zone) },
            { PointStatistics(export: export, now: options.now, zone: options.zone) },
            { WeightStatistics.make(export, options) })
        return SiteContent(export: export, options: options, points: points, arranged: arranged, statistics: statistics, weight: weight)
    }

    /// Reads the files of the export that notes show (`published`), and nothing else.
    func exportFileLoader(_ source: BuildRequest.Source, published: [String]) -> @Sendable (String) -> [UInt8]? {
        let (files, root) = location(source)
        let published = Set(published)
        return { relative in published.contains(relative) ? try? files.readFile(root + "/" + relative) : nil }
    }

    /// Step 3: every file of the site.
    func render(_ content: SiteContent, _ request: BuildRequest) throws(BuildFailure) -> [SiteFile] {
        // A broken template of the user's own theme is their data; of the built-in one, a bug.
        let templateKind: ErrorKind = request.customTheme ? .badData : .internalError
        let renderer: SiteRenderer
        do { renderer = try SiteRenderer(theme: request.theme) } catch {
            throw BuildFailure(step: .render, kind: templateKind, message: "template \(error)")
        }
        do {
            return try renderer.render(content)
        } catch {
            switch error {
            case .template(let error):
                throw BuildFailure(step: .render, kind: templateKind, message: "template \(error)")
            case .clash(let path, let what):
                throw BuildFailure(step: .render, kind: templateKind,
                                   message: "the theme's file \(path) has the path of \(what); rename it in the theme folder")
            }
        }
    }

    /// Step 4: the files into the output folder.
    func write(_ files: [SiteFile], _ request: BuildRequest) throws(BuildFailure) -> SiteWriter.Report {
        var writer = SiteWriter(fileSystem: fileSystem, processID: processID)
        writer.signalCleanup = signalCleanup
        do {
            return try writer.write(files, to: request.output, force: request.force)
        } catch {
            throw BuildFailure(step: .write, kind: error.kind, message: error.message)
        }
    }
}
