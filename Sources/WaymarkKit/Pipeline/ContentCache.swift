import Synchronization

/// The compute step's figures, kept between the builds of one preview: the records in order, the
/// weight and activity figures, the habits and years and the point statistics. They are computed from the
/// export without the notes' Markdown (`Figures.inputs`) and the moment and zone, in a build as
/// in the preview, so they can read nothing that is not compared: they are reused only when
/// those inputs are equal, and a note's text alone changes none of them.
final class ContentCache: Sendable {
    /// What the figures are computed from.
    struct Inputs: Equatable, Sendable {
        var export: Export
        var now: Int64
        var zone: String
    }

    /// The figures of one export.
    struct Figures: Sendable {
        var points: PointsOrder
        var weight: WeightStatistics?
        var activity: ActivityFigures?
        var reviews: SiteContent.Reviews
        var statistics: PointStatistics
        /// The fingerprints of the parts of the data, in a preview only (`PageCache`).
        var fingerprints: DeferredFingerprints?

        /// What the figures of `export` are computed from: all of it but the notes' Markdown.
        static func inputs(_ export: Export, _ options: SiteOptions) -> Inputs {
            var export = export
            export.notes = export.notes.map { note in
                var note = note
                note.body = ""
                note.bodyLine = 0
                return note
            }
            return Inputs(export: export, now: options.now, zone: options.zone.identifier)
        }
    }

    private let kept = Mutex<(inputs: Inputs, figures: Figures)?>(nil)
    private let counts = Mutex((reused: 0, computed: 0))

    /// The figures kept for `inputs`, if any.
    func figures(for inputs: Inputs) -> Figures? {
        let figures = kept.withLock { $0?.inputs == inputs ? $0?.figures : nil }
        counts.withLock { figures == nil ? ($0.computed += 1) : ($0.reused += 1) }
        return figures
    }

    /// Keeps `figures`, computed from `inputs`, for the next build.
    func keep(_ figures: Figures, for inputs: Inputs) {
        kept.withLock { $0 = (inputs, figures) }
    }

    /// Figures reused and computed, since the last `resetCounts` (tests).
    var reuse: (reused: Int, computed: Int) { counts.withLock { $0 } }

    func resetCounts() { counts.withLock { $0 = (0, 0) } }
}

extension SiteContent {
    /// The content of `export`, with its figures and its notes, targets and habits arranged.
    init(export: Export, options: SiteOptions, figures: ContentCache.Figures, arranged: ContentArrangement) {
        self.init(export: export, options: options, points: figures.points, arranged: arranged, weight: figures.weight,
                  reviews: figures.reviews, pointStatistics: figures.statistics, activity: figures.activity)
    }
}
