/// The sections an export has something for. A site builds a section only when `waymark.json`
/// allows it and the data has it (`SiteOptions.sections` is that intersection, worked out once
/// when the site's options are made), so no page, menu entry, link, panel or `stats.json` part
/// stands empty. docs/sections.md describes what each kind of data makes.
public enum SectionsWithData {
    /// The sections `export` fills:
    /// - points: a point record worth something, or a habit or target with a points value (the
    ///   points app); habits read from other trackers earn none;
    /// - habits: a named habit (a check names its habit, and one naming none makes no page: its
    ///   points stay on the points pages); targets, weight (weighings or body fat), to-dos and
    ///   notes: one of their own; activity: an activity sample, a sleep record or a workout (goals
    ///   alone are targets of nothing recorded);
    /// - years: any of points, habits, targets, weight or notes (to-dos have no year figures);
    /// - overview: the points' dashboards, or a summary of two or more sections. With a single
    ///   section the front page leads with that section instead of repeating it.
    public static func of(_ export: Export) -> Set<SiteSection> {
        var sections: Set<SiteSection> = []
        if hasPoints(export) { sections.insert(.points) }
        if export.tags.contains(where: { !($0.name ?? "").isEmpty }) { sections.insert(.habits) }
        if !export.targets.isEmpty { sections.insert(.targets) }
        if !export.weights.isEmpty || !export.bodyFat.isEmpty { sections.insert(.weight) }
        if !export.activity.isEmpty || !export.sleep.isEmpty || !export.workouts.isEmpty { sections.insert(.activity) }
        if !export.todos.isEmpty { sections.insert(.todos) }
        if !export.notes.isEmpty { sections.insert(.notes) }
        if !sections.isDisjoint(with: [.points, .habits, .targets, .weight, .notes]) { sections.insert(.years) }
        let summarised = sections.intersection([.habits, .targets, .weight, .todos, .notes])
        if sections.contains(.points) || summarised.count >= 2 { sections.insert(.overview) }
        return sections
    }

    /// Whether the export holds points a person earned or spent.
    public static func hasPoints(_ export: Export) -> Bool {
        export.points.contains { $0.point != 0 } || export.tags.contains { $0.point != nil }
            || export.targets.contains { $0.point != nil }
    }
}
