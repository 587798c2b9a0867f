/// Step 1, read, and the site's options: the sources through their importers into one export,
/// less what the site does not show.
extension BuildPipeline {
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
    /// With a `cache` (the preview), the importers' results for unchanged files are reused.
    func readSources(_ request: BuildRequest, cache: RebuildCache? = nil) -> (outcome: ReadOutcome, noteFiles: @Sendable (String) -> [UInt8]?) {
        let (files, paths) = sources(request.source)
        var context = ImportContext(zone: request.zone ?? .utc, weightUnit: request.weightUnit, distanceUnit: request.distanceUnit,
                                    parallelism: parallelism, progress: request.progress ?? { _, _, _ in })
        if let cache { context.memo = cache.memo }
        let read = SourceReader(fileSystem: files, context: context, settings: request.sourceSettings).read(paths)
        cache?.sources.sweep()
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
        if let direction = request.goalDirection { result.export.profile.goalDirection = direction }
        if let height = request.heightCm { result.export.profile.heightCm = height }
        let valued = HabitPointValues(values: request.habitPoints, file: request.configFile.map(Diagnostic.path) ?? "waymark.json")
        result.diagnostics += valued.apply(to: &result.export)
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
    /// language and title: the request's, else the profile's, else defaults. The sections are
    /// those the request allows that the data has (`SectionsWithData`), decided here once for
    /// every page, link, panel and `stats.json`.
    func siteOptions(_ request: BuildRequest, _ export: Export) -> SiteOptions {
        let profile = export.profile
        let zone = request.zone ?? profile.timeZone.flatMap(Zone.init(identifier:)) ?? .utc
        let shown = ShownMoment.resolve(export, zone: zone, clock: clock(), requested: request.now.map { $0.moment(in: zone) })
        var options = SiteOptions(now: shown.instant, zone: zone, language: request.language ?? profile.language ?? .en, title: request.title,
                                  sections: sections(request, export), privacy: request.privacy, baseURL: request.baseURL,
                                  shown: shown)
        options.sectionsLimited = PublishedExport(request).sections != Set(SiteSection.allCases)
        return options
    }

    /// The sections `request` allows that `export` has data for.
    func sections(_ request: BuildRequest, _ export: Export) -> Set<SiteSection> {
        (request.sections ?? Set(SiteSection.allCases)).intersection(SectionsWithData.of(export))
    }

    /// `export` with its daily metrics that have a goal as habits (`ActivityHabits`), when the
    /// site builds both habits and activity, and `options.sections` made again from it.
    func withActivityHabits(_ export: Export, _ request: BuildRequest, _ options: inout SiteOptions) -> Export {
        let allowed = PublishedExport(request).sections
        guard allowed.contains(.habits), allowed.contains(.activity) else { return export }
        let habits = ActivityHabits(zone: options.zone, today: options.zone.localDateTime(of: options.now).date, language: options.language)
        let augmented = habits.adding(to: export)
        options.sections = sections(request, augmented)
        return augmented
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
        // Given --now and --time-zone, nothing in the sources is wrong: a usage error.
        let kind: ErrorKind = !CalendarSpan.contains(options.now, in: options.zone) && request.now != nil ? .usage : .badData
        throw BuildFailure(step: .compute, kind: kind, message: "\(outside.record): \(LocalDateTime(secondsAsUTC: outside.instant))Z "
            + "falls on \(LocalDate(dayNumber: day)) in the time zone \(options.zone.identifier), \(side); pages cover years 1 to 9999: "
            + "correct the date or build with another --time-zone")
    }

    /// Reads the files of the export that notes show (`published`), and nothing else.
    func exportFileLoader(_ files: FileSystem, _ root: String, published: [String]) -> @Sendable (String) -> [UInt8]? {
        let published = Set(published)
        return { relative in published.contains(relative) ? try? files.readFile(root + "/" + relative) : nil }
    }
}

extension BuildPipeline {
    /// Records dated after the moment shown (a `--now` before them) are left out: point records
    /// by the statistics; notes, weighings and habits created later before anything is computed
    /// (`RecordsAfterNow`).
    /// One warning for each kind, naming the files of the sources that hold that kind and whose
    /// records reach past that day (never a file the sources do not have), and the latest such
    /// record, its name and date.
    func futureRecordWarnings(_ content: SiteContent, later: RecordsAfterNow, _ sources: [SourceReader.SourceReport]) -> [Diagnostic] {
        let n = content.points.futureRecords
        let points = n > 0 ? BuildPipeline.futureRecordWarnings(count: n, latest: content.points.latestFutureRecord, options: content.options, sources) : []
        return points + BuildPipeline.laterWarnings(later, options: content.options, sources)
    }

    /// `futureRecordWarnings` for `check`, which computes no site: the records of `export`
    /// after the moment `options` show the data as of, and what `later` left out of it.
    func futureRecordWarnings(_ export: Export, later: RecordsAfterNow, _ options: SiteOptions,
                              _ sources: [SourceReader.SourceReport]) -> [Diagnostic] {
        let today = options.zone.localDateTime(of: options.now).date.dayNumber
        var n = 0, latest: PointRecord?
        let points = export.points
        for k in points.indices where points[k].date.isAfter(options.now, today: today) {
            n += 1
            if latest.map({ points[k].date.sortKey(in: options.zone) > $0.date.sortKey(in: options.zone) }) ?? true { latest = points[k] }
        }
        let pointWarnings = n > 0 ? BuildPipeline.futureRecordWarnings(count: n, latest: latest, options: options, sources) : []
        return pointWarnings + BuildPipeline.laterWarnings(later, options: options, sources)
    }

    /// The warning for `n` point records after the moment `options` show, `latest` the newest
    /// of them: named on the files of the parts whose records reach past that day.
    static func futureRecordWarnings(count n: Int, latest: PointRecord?, options: SiteOptions, _ sources: [SourceReader.SourceReport]) -> [Diagnostic] {
        let name = latest.map { $0.name.map { "“\(Diagnostic.shorten($0))”" } ?? "a record without a name" }
        return [warning(count: n, kind: ("record dated", "records dated", "of the statistics"), latest: latest.map { (name ?? "", $0.date) }, options: options,
                        sources, holds: { $0.checks + $0.otherPoints }, own: ["points.json"])]
    }

    /// The warnings for the notes, habits, weighings and body-fat readings `later` left out.
    static func laterWarnings(_ later: RecordsAfterNow, options: SiteOptions, _ sources: [SourceReader.SourceReport]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        if !later.notes.isEmpty {
            let latest = later.latestNote(in: options.zone).flatMap { note in
                note.date.map { ("“" + Diagnostic.shorten(note.title ?? note.fileName) + "”", $0) }
            }
            warnings.append(warning(count: later.notes.count, kind: ("note dated", "notes dated", "of the site"), latest: latest, options: options,
                                    sources, holds: { $0.notes }, own: ["notes/"]))
        }
        if !later.habits.isEmpty {
            let latest = later.latestHabit(in: options.zone).flatMap { tag in
                tag.created.map { ("“" + Diagnostic.shorten(tag.name ?? "") + "”", $0) }
            }
            warnings.append(warning(count: later.habits.count, kind: ("habit created", "habits created", "of the site"), latest: latest,
                                    options: options, sources, holds: { $0.habits }, own: ["tags.json"]))
        }
        if !later.weighings.isEmpty {
            let latest = later.latestWeighing(in: options.zone).map { ("", $0.date) }
            warnings.append(warning(count: later.weighings.count, kind: ("weighing dated", "weighings dated", "of the site"), latest: latest,
                                    options: options, sources, holds: { $0.weighings }, own: ["weights.json", "weights.csv"]))
        }
        if !later.bodyFat.isEmpty {
            let latest = later.latestBodyFat(in: options.zone).map { ("", $0.date) }
            warnings.append(warning(count: later.bodyFat.count, kind: ("body-fat reading dated", "body-fat readings dated", "of the site"),
                                    latest: latest, options: options, sources, holds: { $0.bodyFat }, own: ["weights.json", "weights.csv"]))
        }
        return warnings
    }

    /// One warning for `n` records of `kind` after the moment `options` show: on the files of
    /// the parts that hold such records (`holds`) and whose records reach past that day; of a
    /// Waymark export, whose part lists every file of it, only those of its files named `own`.
    private static func warning(count n: Int, kind: (one: String, many: String, outOf: String), latest: (name: String, date: Moment)?,
                                options: SiteOptions, _ sources: [SourceReader.SourceReport], holds: (RecordCounts) -> Int,
                                own names: [String]) -> Diagnostic {
        let today = LocalDate(dayNumber: options.zone.localDateTime(of: options.now).date.dayNumber)
        let parts = sources.flatMap(\.parts).filter { holds($0.counts) > 0 }
        let later = parts.filter { ($0.counts.span(in: options.zone)?.last ?? today) > today }
        let files = (later.isEmpty ? parts : later).flatMap { part in
            let own = part.files.filter { file in names.contains { file == $0 || file.hasSuffix("/" + $0) } }
            return own.isEmpty ? part.files : own
        }
        // Terminal messages are in English, whatever the site's language.
        let now = LocaleFormat.machine(.instant(options.now), in: options.zone)
        var what = n == 1 ? "1 \(kind.one) after \(now) is left out \(kind.outOf)"
                          : "\(n) \(kind.many) after \(now) are left out \(kind.outOf)"
        if let latest {
            let date = LocaleFormat.machine(latest.date, in: options.zone)
            if latest.name.isEmpty {
                what += n == 1 ? ": the one of \(date)" : "; the latest is of \(date)"
            } else {
                what += n == 1 ? ": \(latest.name) at \(date)" : "; the latest, \(latest.name), at \(date)"
            }
        }
        what += "."
        guard let first = files.first else { return .warning("the sources", .file, what) }
        if files.count == 1 { return .warning(first, .file, what) }
        return .warning(first, .file, what + " Also from: " + files.dropFirst().joined(separator: ", "))
    }
}
