/// One result of the compute step.
enum ComputedPart: Sendable {
    case points(PointStatistics)
    case weight(WeightStatistics?)
    case content(SiteContent)
}

/// Pages that can be rendered at the same time, heaviest first.
enum PageGroup: CaseIterable, Sendable {
    case points, notes, dashboard, targets, weightAndTodos, statistics
}

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
    public func build(_ export: Export, loadExportFile: @escaping @Sendable (String) -> [UInt8]? = { _ in nil }) throws(TemplateError) -> Output {
        let templates = try TemplateSet(theme.templates)
        let siteTitle = options.title ?? export.profile.userName.map { UIString.siteTitleNamed.text(options.language, ["name": $0]) }
            ?? UIString.siteTitleDefault.text(options.language)
        let renderer = PageRenderer(templates: templates, options: options, siteTitle: siteTitle)
        // Compute: statistics and the arranged content do not depend on each other.
        let computed = Parallel.map([0, 1, 2]) { (part) -> ComputedPart in
            switch part {
            case 0: return .points(PointStatistics(export: export, now: options.now, zone: options.zone))
            case 1: return .weight(WeightStatistics(entries: export.weights, now: options.now, zone: options.zone,
                                                    goalKg: export.profile.goalWeightKg, heightCm: export.profile.heightCm))
            default: return .content(SiteContent(export: export, options: options, loadExportFile: loadExportFile))
            }
        }
        guard case .points(let stats) = computed[0], case .weight(let weight) = computed[1], case .content(let content) = computed[2] else {
            preconditionFailure("Parallel.map keeps the order of its input")
        }
        var warnings = content.warnings
        if stats.daily.futureRecords > 0 {
            warnings.append(.warning("points.json", .file, UIString.futureRecordsWarning.text(.en, [
                "n": String(stats.daily.futureRecords), "now": LocaleFormat.machine(.instant(options.now), in: options.zone)])))
        }

        // Render: the groups of pages do not depend on each other.
        var files = try Parallel.map(PageGroup.allCases) { (group) throws(TemplateError) -> [SiteFile] in
            switch group {
            case .points: return try PointsPages.render(content, renderer)
            case .notes: return try NotesPages.render(content, renderer)
            case .dashboard: return try DashboardPage.render(content, stats, weight: weight, renderer)
            case .targets: return try TargetsPages.render(content, renderer)
            case .weightAndTodos: return try WeightPage.render(content, weight, renderer) + [TodosPage.render(content, renderer)]
            case .statistics:
                return [SiteFile(path: "stats.json", text: StatsDocument.make(stats, extra: [("weight", StatsDocument.weight(weight))]).text)]
            }
        }.flatMap { $0 }
        for (path, bytes) in content.images { files.append(SiteFile(path: path, bytes: bytes)) }
        for (path, bytes) in theme.assets where SitePath.isSafe(path) && !content.images.keys.contains(path) {
            files.append(SiteFile(path: path, bytes: bytes))
        }
        return Output(files: files.sorted { $0.path < $1.path }, warnings: warnings)
    }
}
