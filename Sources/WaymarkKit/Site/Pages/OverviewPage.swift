/// `index.html`: who the site is for and what it holds.
enum OverviewPage {
    static func render(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let e = content.export
        let counts: [(UIString, Int, String)] = [
            (.countPoints, e.points.count, "points/index.html"),
            (.countTags, e.tags.count, "points/index.html"),
            (.countTargets, e.targets.count, "targets/index.html"),
            (.countWeights, e.weights.count, "weight/index.html"),
            (.countTodos, e.todos.count, "todos/index.html"),
            (.countNotes, e.notes.count, "notes/index.html"),
        ]
        return try r.page("index.html", template: "overview", title: r.text(.overviewTitle), section: "overview", [
            "greeting": .string(e.profile.userName.map { r.text(.welcomeNamed, ["name": $0]) } ?? r.text(.welcomeAnonymous)),
            "counts": .array(counts.map { key, n, href in
                ["label": .string(r.text(key)), "count": .string(r.format.integer(n)), "href": .string(href)]
            }),
        ])
    }
}
