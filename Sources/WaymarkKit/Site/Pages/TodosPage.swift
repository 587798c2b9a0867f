/// `todos/index.html`: to-dos by priority (high, normal, low), open ones first, with counts.
enum TodosPage {
    static func render(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let todos = content.export.todos
        let groups: [(Todo.Priority, UIString, String)] = [(.high, .priorityHigh, "high"), (.normal, .priorityNormal, "normal"),
                                                          (.low, .priorityLow, "low")]
        let values: [TemplateValue] = groups.compactMap { priority, label, cssClass in
            let items = todos.enumerated().filter { $0.element.priority == priority }
                .sorted { a, b in a.element.completed != b.element.completed ? !a.element.completed : a.offset < b.offset }
                .map(\.element)
            guard !items.isEmpty else { return nil }
            let done = items.filter(\.completed).count
            return [
                "label": .string(r.text(label)),
                "priorityLabel": .string(r.text(.priorityLabel, ["p": r.text(label)])),
                "class": .string(cssClass),
                "summary": .string(r.text(.todoGroupSummary, ["open": r.format.integer(items.count - done), "done": r.format.integer(done)])),
                "items": .array(items.map { ["name": .string($0.name), "done": .bool($0.completed),
                                             "state": .string(r.text($0.completed ? .todoDone : .todoOpen))] }),
            ]
        }
        let done = todos.filter(\.completed).count
        let percent = todos.isEmpty ? 0 : Double(done) / Double(todos.count) * 100
        return try r.page("todos/index.html", template: "todos", title: r.text(.todosTitle), section: "todos", [
            "groups": .array(values),
            "summary": todos.isEmpty ? .null : .string(r.text(.todoSummary, [
                "done": r.format.integer(done), "total": r.format.integer(todos.count), "percent": r.format.decimal(percent) + "%"])),
            "percent": .string(LocaleFormat.fixed(percent, places: 1)),
        ])
    }
}
