/// `todos/index.html`: to-dos by priority, open ones first.
enum TodosPage {
    static func render(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let groups: [(Todo.Priority, UIString, String)] = [(.high, .priorityHigh, "high"), (.normal, .priorityNormal, "normal"),
                                                          (.low, .priorityLow, "low")]
        let values: [TemplateValue] = groups.compactMap { priority, label, cssClass in
            let items = content.export.todos.enumerated().filter { $0.element.priority == priority }
                .sorted { a, b in a.element.completed != b.element.completed ? !a.element.completed : a.offset < b.offset }
                .map(\.element)
            guard !items.isEmpty else { return nil }
            return [
                "label": .string(r.text(label)),
                "class": .string(cssClass),
                "items": .array(items.map { ["name": .string($0.name), "done": .bool($0.completed),
                                             "state": .string(r.text($0.completed ? .todoDone : .todoOpen))] }),
            ]
        }
        return try r.page("todos/index.html", template: "todos", title: r.text(.todosTitle), section: "todos", [
            "groups": .array(values),
        ])
    }
}
