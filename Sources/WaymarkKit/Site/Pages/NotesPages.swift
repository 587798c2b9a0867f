/// `notes/index.html` and one page per note.
enum NotesPages {
    static func date(_ n: SiteContent.NoteEntry, _ content: SiteContent, _ r: PageRenderer) -> TemplateValue {
        n.note.date.map { .string(r.format.moment($0, in: content.zone)) } ?? .null
    }

    static func machine(_ n: SiteContent.NoteEntry, _ content: SiteContent) -> TemplateValue {
        n.note.date.map { .string(LocaleFormat.machine($0, in: content.zone)) } ?? .null
    }

    /// `notes/index.html`: newest first, with dates and summaries.
    static func renderIndex(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        try r.page("notes/index.html", template: "notes", title: r.text(.notesTitle), section: "notes", [
            "notes": .array(content.notes.map { n in
                ["title": .string(n.title), "href": .string(n.slug + ".html"), "date": date(n, content, r), "machine": machine(n, content),
                 "summary": .string(n.summary)]
            }),
        ])
    }

    /// The pages of the notes at `range` (in the index's order), linked to their neighbours.
    static func renderNotes(_ range: Range<Int>, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> [SiteFile] {
        let notes = content.notes
        var files: [SiteFile] = []
        files.reserveCapacity(range.count)
        for i in range {
            let n = notes[i]
            let newer = i > 0 ? notes[i - 1] : nil
            let older = i + 1 < notes.count ? notes[i + 1] : nil
            files.append(try r.page("notes/\(n.slug).html", template: "note", title: n.title, section: "notes", [
                "title": .string(n.title),
                "date": date(n, content, r),
                "machine": machine(n, content),
                "bodyHTML": .htmlBytes(n.html),
                "mood": n.note.mood.map { .string(r.text(.moodLabel, ["mood": $0])) } ?? .null,
                "targetLink": n.target.map { i in
                    ["href": .string("../targets/" + content.targets[i].slug + ".html"),
                     "text": .string(r.text(.targetLink, ["name": content.targets[i].target.name]))]
                } ?? .null,
                "tagLink": n.tag.map { name in
                    ["href": .string("../" + (HabitPages.path(name, content) ?? "habits/index.html")),
                     "text": .string(r.text(.habitLink, ["name": name]))]
                } ?? .null,
                "previous": older.map { ["title": .string($0.title), "href": .string($0.slug + ".html")] } ?? .null,
                "next": newer.map { ["title": .string($0.title), "href": .string($0.slug + ".html")] } ?? .null,
            ]))
        }
        return files
    }
}
