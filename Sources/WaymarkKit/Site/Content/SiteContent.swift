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
    /// The activity, sleep and workouts up to today; nil without any.
    let activity: ActivityFigures?
    /// Every habit's strength, streaks and windows.
    let habits: HabitBoard
    /// Every year with data, oldest first.
    let years: [YearReview]
    /// All points earned minus all spent, and what was bought.
    let balance: PointsBalance
    /// The points by period, day and habit: the dashboards and `stats.json`.
    let pointStatistics: PointStatistics

    var pointsNewestFirst: PointsNewestFirst { points.newestFirst }
    var notes: [NoteEntry] { arranged.notes }
    var targets: [TargetEntry] { arranged.targets }
    var tagSlugs: [String: String] { arranged.tagSlugs }
    var images: [String: [UInt8]] { arranged.images }

    /// Problems found while computing: the arrangement's (records after `now` are told by the
    /// pipeline, which knows the files they came from: `futureRecordWarnings`).
    var warnings: [Diagnostic] {
        var warnings = arranged.warnings
        // A sitemap lists absolute addresses: without a base URL there is none.
        if options.privacy.isPublic && options.baseURL == nil {
            warnings.append(.warning("sitemap.xml", .file, "not written: the site is public but has no baseURL, and a sitemap needs absolute addresses"))
        }
        return warnings
    }

    struct NoteEntry: Sendable, Equatable {
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

    init(export: Export, options: SiteOptions, points: PointsOrder, arranged: ContentArrangement, weight: WeightStatistics?,
         reviews: Reviews, pointStatistics: PointStatistics, activity: ActivityFigures? = nil) {
        self.export = export
        self.options = options
        self.pointStatistics = pointStatistics
        self.points = points
        self.arranged = arranged
        self.weight = weight
        // Activity pages and files go with the section.
        self.activity = options.builds(.activity) ? activity : nil
        habits = reviews.habits
        // The years' pages, links and figures go with the section.
        years = options.builds(.years) ? reviews.years : []
        balance = reviews.balance
    }

    /// The habit figures, the years in review (made from the habits' strength and streaks) and
    /// the balance.
    struct Reviews: Sendable {
        var habits: HabitBoard
        var years: [YearReview]
        var balance: PointsBalance
    }

    /// The year reviews of `export`, from its habits' figures.
    static func years(_ export: Export, _ options: SiteOptions, board: HabitBoard, weights: WeightSeries?) -> [YearReview] {
        YearReview.years(export: export, now: options.now, zone: options.zone, habits: board.log,
                         strength: board.habits.map(\.scores), streaks: board.habits.map(\.streaks), weights: weights)
    }
}

extension WeightStatistics {
    /// The weight figures of an export as of the options' `now`.
    static func make(_ export: Export, _ options: SiteOptions) -> WeightStatistics? {
        WeightStatistics(entries: export.weights, now: options.now, zone: options.zone,
                         goalKg: export.profile.goalWeightKg, heightCm: export.profile.heightCm,
                         goalDirection: export.profile.goalDirection)
    }
}
