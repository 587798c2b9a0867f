/// The notes index (`notes/index.html`, then `notes/page/2.html` …) and one page per note.
enum NotesPages {
    static func date(_ n: SiteContent.NoteEntry, _ content: SiteContent, _ r: PageRenderer) -> TemplateValue {
        n.note.date.map { .string(r.format.moment($0, in: content.zone)) } ?? .null
    }

    static func machine(_ n: SiteContent.NoteEntry, _ content: SiteContent) -> TemplateValue {
        n.note.date.map { .string(LocaleFormat.machine($0, in: content.zone)) } ?? .null
    }

    /// Notes per index page: a decade of notes (1,000) makes ten pages of a few dozen KB.
    static let perPage = 100

    /// The index pages: page 1 is `notes/index.html`, page n is `notes/page/n.html`. The folder
    /// is safe from note slugs: `Slugger` reserves "page", and a slug holds no "/".
    static func pagePath(_ page: Int) -> String {
        page <= 1 ? "notes/index.html" : "notes/page/\(page).html"
    }

    /// The link to index page `page` from index page `from`.
    static func pageLink(_ page: Int, from: Int) -> String {
        switch (from <= 1, page <= 1) {
        case (true, true): return "index.html"
        case (true, false): return "page/\(page).html"
        case (false, true): return "../index.html"
        case (false, false): return "\(page).html"
        }
    }

    /// The year heading of a note's group; nil for notes without a date.
    static func year(_ n: SiteContent.NoteEntry, _ content: SiteContent) -> Int? {
        n.note.date.map { $0.localDate(in: content.zone).year }
    }

    /// What every index page shows: the pages, and where each year starts (its page and
    /// anchor, for the list of years on every page).
    struct IndexPlan: Sendable {
        var pages: Pagination
        var starts: [(label: String, year: Int?, page: Int)]
    }

    static func indexPlan(_ content: SiteContent, _ r: PageRenderer) -> IndexPlan {
        let notes = content.notes
        let pages = Pagination(count: notes.count, perPage: perPage)
        var starts: [(label: String, year: Int?, page: Int)] = []
        var lastYear: Int?? = .none
        for (i, n) in notes.enumerated() {
            let y = year(n, content)
            if lastYear != .some(y) {
                starts.append((yearLabel(y, r), y, pages.page(ofItem: i) ?? 1))
                lastYear = .some(y)
            }
        }
        return IndexPlan(pages: pages, starts: starts)
    }

    /// Index page `page` (from 1): notes newest first, grouped by year (a year that goes on from
    /// the page before says so), numbered page links, and the years with the page each starts on.
    static func renderIndexPage(_ page: Int, _ plan: IndexPlan, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let notes = content.notes
        let pages = plan.pages, starts = plan.starts
        let total = r.format.integer(notes.count)
        let range = pages.items(onPage: page)
        let prefix = page <= 1 ? "" : "../"
        var groups: [TemplateValue] = []
        var items: [TemplateValue] = []
        var groupYear: Int?? = .none
        func closeGroup() {
            guard case .some(let y) = groupYear else { return }
            let continued = range.lowerBound > 0 && groups.isEmpty && year(notes[range.lowerBound - 1], content) == y
            let label = yearLabel(y, r)
            groups.append([
                "id": .string(anchor(y)),
                "heading": .string(continued ? r.text(.notesYearContinued, ["year": label]) : label),
                "notes": .array(items),
            ])
            items = []
        }
        for i in range {
            let n = notes[i]
            let y = year(n, content)
            if groupYear != .some(y) {
                closeGroup()
                groupYear = .some(y)
            }
            items.append(["title": .string(n.title), "href": .string(prefix + n.slug + ".html"), "date": date(n, content, r),
                          "machine": machine(n, content), "summary": n.summary.isEmpty ? .null : .string(n.summary)])
        }
        closeGroup()
        let title = pages.pageCount > 1 && page > 1
            ? r.text(.notesPageTitle, ["n": r.format.integer(page), "total": r.format.integer(pages.pageCount)]) : r.text(.notesTitle)
        return try r.page(pagePath(page), template: "notes", title: title, section: "notes", [
            "heading": .string(title),
            "groups": .array(groups),
            "lead": .string(range.isEmpty || pages.pageCount == 1 ? r.text(.notesIntro) : r.text(.notesIntro) + (r.options.language == .en ? " " : "")
                + r.text(.notesRange, ["first": r.format.integer(range.lowerBound + 1), "last": r.format.integer(range.upperBound), "total": total])),
            "years": starts.count > 1 ? .array(starts.map { s in
                ["label": .string(s.label), "href": .string(pageLink(s.page, from: page) + "#" + anchor(s.year))]
            }) : .null,
            "pager": pager(pages, page: page, r),
        ])
    }

    /// "2026" / "2026年", or the heading of the notes without a date.
    static func yearLabel(_ y: Int?, _ r: PageRenderer) -> String {
        y.map { r.text(.notesYear, ["year": String($0)]) } ?? r.text(.notesUndated)
    }

    static func anchor(_ y: Int?) -> String {
        y.map { "y\($0)" } ?? "undated"
    }

    /// Previous and next page and the numbered links; nil when there is one page.
    static func pager(_ pages: Pagination, page: Int, _ r: PageRenderer) -> TemplateValue {
        guard pages.pageCount > 1 else { return .null }
        let count = r.format.integer(pages.pageCount)
        return [
            "newer": page > 1 ? .string(pageLink(page - 1, from: page)) : .null,
            "older": page < pages.pageCount ? .string(pageLink(page + 1, from: page)) : .null,
            "links": .array(pages.links(current: page).map { link in
                switch link {
                case .gap: return ["gap": .bool(true)]
                case .page(let p):
                    return ["number": .string(r.format.integer(p)), "href": .string(pageLink(p, from: page)), "current": .bool(p == page),
                            "label": .string(r.text(.notesPageLabel, ["n": r.format.integer(p), "total": count]))]
                }
            }),
        ]
    }

    /// The page of note `i` (in the index's order), linked to its neighbours.
    static func renderNote(_ i: Int, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let notes = content.notes
        let n = notes[i]
        let newer = i > 0 ? notes[i - 1] : nil
        let older = i + 1 < notes.count ? notes[i + 1] : nil
        return try r.page(path(n), template: "note", title: n.title, section: "notes", description: n.summary, [
            "title": .string(n.title),
            // Back to the index page that lists this note.
            "backHref": .string(pageLink(i / perPage + 1, from: 1)),
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
        ])
    }

    /// A note's page, from the site's root.
    static func path(_ n: SiteContent.NoteEntry) -> String { "notes/\(n.slug).html" }
}
