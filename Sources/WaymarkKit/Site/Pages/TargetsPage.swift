/// `targets/index.html`: every target with its deadline, state and description.
enum TargetsPage {
    static func render(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let items: [TemplateValue] = content.targets.map { entry in
            let t = entry.target
            return [
                "name": .string(t.name),
                "color": .from(t.color?.description),
                "points": t.point.map { .string(r.format.integer($0)) } ?? .null,
                "deadline": t.deadline.map { .string(r.format.moment($0, in: content.zone)) } ?? .string(r.text(.noDeadline)),
                "done": .bool(t.done),
                "status": .string(r.text(t.done ? .statusDone : .statusOpen)),
                "completed": t.completed.map { .string(r.format.moment($0, in: content.zone)) } ?? .null,
                "descriptionHTML": t.describe.map { .html(MarkdownRenderer.render($0, headingOffset: 2).html) } ?? .null,
            ]
        }
        return try r.page("targets/index.html", template: "targets", title: r.text(.targetsTitle), section: "targets", [
            "targets": .array(items),
        ])
    }
}
