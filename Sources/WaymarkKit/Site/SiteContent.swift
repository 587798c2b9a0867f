/// Everything the pages show, computed once from the export and the options: the compute
/// stage's result. Immutable; pages only read it.
struct SiteContent: Sendable {
    let export: Export
    let options: SiteOptions
    var zone: Zone { options.zone }
    var language: Language { options.language }
    /// The date of `now` in the report zone.
    var today: LocalDate { zone.localDateTime(of: options.now).date }

    /// Point records newest first, by month, and what targets earned.
    let points: PointsOrder
    /// Notes, targets and habits arranged.
    let arranged: ContentArrangement
    /// Weight figures; nil without weighings.
    let weight: WeightStatistics?

    var pointsNewestFirst: PointsNewestFirst { points.newestFirst }
    var notes: [NoteEntry] { arranged.notes }
    var targets: [TargetEntry] { arranged.targets }
    var tagSlugs: [String: String] { arranged.tagSlugs }
    var images: [String: [UInt8]] { arranged.images }

    /// Problems found while computing: the arrangement's and records after `now`.
    var warnings: [Diagnostic] {
        var warnings = arranged.warnings
        if points.futureRecords > 0 {
            warnings.append(.warning("points.json", .file, UIString.futureRecordsWarning.text(.en, [
                "n": String(points.futureRecords), "now": LocaleFormat.machine(.instant(options.now), in: options.zone)])))
        }
        return warnings
    }

    struct NoteEntry: Sendable {
        var note: Note
        var slug: String
        var title: String
        /// The note's HTML as UTF-8 bytes.
        var html: [UInt8]
        var summary: String
        /// The target the note's `target:` names (by id, else by name), as an index into `targets`.
        var target: Int?
        /// The tag the note's `tag:` names.
        var tag: String?
    }

    struct TargetEntry: Sendable {
        var target: Target
        var slug: String
        /// The description as HTML for cards (headings start at level 4).
        var cardHTML: String?
        /// The description as HTML for the target's own page (headings start at level 2).
        var pageHTML: String?
        /// Indices into `notes` of the notes whose front matter names this target.
        var notes: [Int] = []
    }

    init(export: Export, options: SiteOptions, points: PointsOrder, arranged: ContentArrangement, weight: WeightStatistics?) {
        self.export = export
        self.options = options
        self.points = points
        self.arranged = arranged
        self.weight = weight
    }

    /// Computes everything one piece after another (tests; `BuildPipeline` runs the pieces side
    /// by side).
    init(export: Export, options: SiteOptions, loadExportFile: @escaping @Sendable (String) -> [UInt8]? = { _ in nil }) {
        let plan = NoteRendering.plan(export.notes)
        let rendered = NoteRendering.render(export.notes, plan: plan, range: export.notes.indices, loadExportFile: loadExportFile)
        self.init(export: export, options: options, points: PointsOrder(export.points, zone: options.zone, now: options.now),
                  arranged: ContentArrangement(export, rendered: rendered, today: options.zone.localDateTime(of: options.now).date,
                                               zone: options.zone),
                  weight: WeightStatistics.make(export, options))
    }
}

extension WeightStatistics {
    /// The weight figures of an export as of the options' `now`.
    static func make(_ export: Export, _ options: SiteOptions) -> WeightStatistics? {
        WeightStatistics(entries: export.weights, now: options.now, zone: options.zone,
                         goalKg: export.profile.goalWeightKg, heightCm: export.profile.heightCm)
    }
}
