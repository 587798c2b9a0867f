/// What of an export a site may show: the export less its private notes and the data of every
/// section that is not built (`SiteOptions.sections`), less absolute body measures when the
/// weight shows only its changes. The build applies it before anything is computed or rendered
/// (notes before they go through Markdown), so no page, chart or file can show what was
/// dropped, whatever it forgets to check. docs/privacy.md describes each rule.
struct PublishedExport {
    /// The sections the site builds.
    var sections: Set<SiteSection>
    var weight: Privacy.WeightDetail

    init(sections: Set<SiteSection>, weight: Privacy.WeightDetail) {
        self.sections = sections
        self.weight = weight
    }

    init(_ options: SiteOptions) {
        self.init(sections: options.sections, weight: options.privacy.weight)
    }

    private func builds(_ s: SiteSection) -> Bool { sections.contains(s) }

    /// The notes a site publishes, in their order: none when notes are hidden, never a private one.
    /// A note's link to a hidden target or habit goes too.
    func notes(_ notes: [Note]) -> [Note] {
        guard builds(.notes) else { return [] }
        let targets = builds(.targets), habits = builds(.habits)
        return notes.compactMap { note in
            guard !note.isPrivate else { return nil }
            var note = note
            if !targets { note.target = nil }
            if !habits { note.tag = nil }
            return note
        }
    }

    /// How many notes `private: true` keeps off the site.
    static func privateNotes(_ notes: [Note]) -> Int { notes.reduce(0) { $1.isPrivate ? $0 + 1 : $0 } }

    /// The export a site shows.
    ///
    /// Point records are the points' data, but also say which habit was checked or which target
    /// done. A hidden habit's or target's records keep their points (the totals stay true) but
    /// lose their name and description; with points hidden, only habit checks stay (habits are
    /// made of them), worth 0, and what habits and targets are worth goes.
    func apply(_ export: Export) -> Export {
        var e = export
        e.notes = notes(export.notes)
        if !builds(.notes) { e.moods = [] }
        if !builds(.weight) {
            e.weights = []
            e.bodyFat = []
        }
        if !builds(.weight) || weight == .changes {
            // A goal and a height are absolute measures (and the BMI comes from the height).
            e.profile.goalWeightKg = nil
            e.profile.heightCm = nil
            e.bodyFat = []
        }
        if !builds(.activity) {
            e.activity = []
            e.sleep = []
            e.workouts = []
            e.goals = []
        }
        if !builds(.todos) { e.todos = [] }
        if !builds(.targets) { e.targets = [] }
        if !builds(.habits) {
            e.tags = []
            e.skips = []
        }
        if !builds(.points) {
            e.tags = e.tags.map { var t = $0; t.point = nil; return t }
            e.targets = e.targets.map { var t = $0; t.point = nil; return t }
        }
        let keepsPoints = builds(.points), namesHabits = builds(.habits), namesTargets = builds(.targets)
        if !(keepsPoints && namesHabits && namesTargets) {
            e.points = export.points.compactMap { record in
                var r = record
                // Any spelling of the type: the points pages label "Tag" as a habit check too.
                let type = r.type?.lowercased()
                if !keepsPoints {
                    guard type == "tag", namesHabits else { return nil }
                    r.point = 0
                }
                if type == "tag" && !namesHabits {
                    r.name = nil
                    r.describe = nil
                    r.value = nil
                }
                if type == "target" && !namesTargets {
                    r.name = nil
                    r.describe = nil
                }
                return r
            }
        }
        return e
    }
}
