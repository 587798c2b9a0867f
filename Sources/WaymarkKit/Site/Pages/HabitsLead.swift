/// The habits panel a front page without the points' dashboards leads with, as Loop's main
/// screen: each habit's check today and this week, its strength and current streak, and the
/// overall strength. Archived habits are left out, as Loop hides them, and so are habits not done
/// for more than a year when any habit is done more recently (those the overall strength counts).
enum HabitsLead {
    /// The habits shown, strongest first; the habits index has every one.
    static let shown = 12

    /// The panel; nil when the site has no habits section or no habit that is not archived.
    static func block(_ content: SiteContent, _ r: PageRenderer, root: String) -> TemplateValue {
        guard content.options.builds(.habits) else { return .null }
        let board = content.habits, f = r.format
        let open = board.byStrength.filter { !($0.tag.habit?.archived ?? false) }
        let counted = open.filter { HabitScore.countsInOverall(tag: $0.tag, days: $0.days, today: board.today) }
        let active = counted.isEmpty ? open : counted
        let rows: [TemplateValue] = active.prefix(shown).compactMap { h in
            guard let path = HabitPages.path(h.name, content) else { return nil }
            return [
                "name": .string(h.name), "href": .string(root + path), "color": .from(h.tag.color?.description),
                "doneToday": .bool(h.doneToday),
                "week": .string(HabitPages.window(h.week, f)),
                "strength": .string(HabitPages.percent(h.score, f)),
                "strengthWidth": .string(SVG.number((h.score * 100).rounded())),
                "streak": .string(HabitPages.currentStreakText(h, r.phrases)),
            ]
        }
        guard !rows.isEmpty else { return .null }
        return [
            "href": .string(root + "habits/index.html"),
            // No habit that counts, no overall figure.
            "overall": board.overallCount > 0
                ? .string(r.text(.overallStrengthNow, ["n": HabitPages.percent(board.overall.last ?? 0, f)])) : .null,
            "rows": .array(rows),
            "more": active.count > shown ? .string(r.text(.allHabits, ["n": f.integer(active.count)])) : .null,
        ]
    }
}
