/// Builds every file of a site from an export: read → model → compute → render. The result is
/// a list of files in memory; `SiteWriter` puts them on disk.
public struct SiteBuilder: Sendable {
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
    /// that notes show); it is only asked for files a note references.
    public func build(_ export: Export, loadExportFile: @escaping (String) -> [UInt8]? = { _ in nil }) throws(TemplateError) -> Output {
        let templates = try TemplateSet(theme.templates)
        let siteTitle = options.title ?? export.profile.userName.map { UIString.siteTitleNamed.text(options.language, ["name": $0]) }
            ?? UIString.siteTitleDefault.text(options.language)
        let renderer = PageRenderer(templates: templates, options: options, siteTitle: siteTitle)
        let content = SiteContent(export: export, options: options, loadExportFile: loadExportFile)

        // Compute.
        let stats = PointStatistics(export: export, now: options.now, zone: options.zone)
        let weight = WeightStatistics(entries: export.weights, now: options.now, zone: options.zone,
                                      goalKg: export.profile.goalWeightKg, heightCm: export.profile.heightCm)
        var warnings = content.warnings
        if stats.daily.futureRecords > 0 {
            warnings.append(.warning("points.json", .file, UIString.futureRecordsWarning.text(.en, [
                "n": String(stats.daily.futureRecords), "now": LocaleFormat.machine(.instant(options.now), in: options.zone)])))
        }

        // Render.
        var files: [SiteFile] = []
        files += try DashboardPage.render(content, stats, weight: weight, renderer)
        files.append(SiteFile(path: "stats.json", text: StatsDocument.make(stats, extra: [("weight", StatsDocument.weight(weight))]).text))
        files += try PointsPages.render(content, renderer)
        files += try TargetsPages.render(content, renderer)
        files += try WeightPage.render(content, weight, renderer)
        files.append(try TodosPage.render(content, renderer))
        files += try NotesPages.render(content, renderer)
        for (path, bytes) in content.images { files.append(SiteFile(path: path, bytes: bytes)) }
        for (path, bytes) in theme.assets where SitePath.isSafe(path) && !content.images.keys.contains(path) {
            files.append(SiteFile(path: path, bytes: bytes))
        }
        return Output(files: files.sorted { $0.path < $1.path }, warnings: warnings)
    }
}
