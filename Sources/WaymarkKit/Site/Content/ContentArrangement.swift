/// The export's notes, targets and habits arranged for the pages: notes in order and linked to
/// their targets and habits, slugs, descriptions through Markdown, the targets' schedule.
struct ContentArrangement: Sendable {
    /// Notes newest first; notes without a date follow, by title.
    let notes: [SiteContent.NoteEntry]
    /// Targets with their page slugs and descriptions, in file order.
    let targets: [SiteContent.TargetEntry]
    /// The targets in the order their pages and timelines show them.
    let schedule: [TargetSchedule.Item]
    /// Tag name → slug of its habit page (`habits/<slug>.html`) and its card on the points page
    /// (`points/index.html#tag-<slug>`).
    let tagSlugs: [String: String]
    /// Tag name → its description as HTML (headings from level 4).
    let tagDescriptions: [String: String]
    /// Tag name → the colour of the first tag of that name, for pages that list habits by name
    /// (a search of the tags for each would take time in habits × tags).
    let tagColors: [String: Color]
    /// Tag name → indices into `notes` of the notes its habit links, newest first.
    let tagNotes: [String: [Int]]
    /// Images the notes show, by site path.
    let images: [String: [UInt8]]
    /// Problems found while arranging (missing images, links to nothing).
    let warnings: [Diagnostic]

    /// `rendered` holds every note of `export` in file order.
    init(_ export: Export, rendered: [NoteRendering.Rendered], now: Int64, today: LocalDate, zone: Zone) {
        var imageFiles: [String: [UInt8]] = [:]
        var warnings: [Diagnostic] = []
        for note in rendered {
            imageFiles.merge(note.images.files) { first, _ in first }
            warnings += note.images.warnings
        }
        var notes = rendered.map(\.entry).enumerated().sorted { a, b in
            let ka = a.element.note.date?.sortKey(in: zone), kb = b.element.note.date?.sortKey(in: zone)
            switch (ka, kb) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.element.title != b.element.title ? a.element.title < b.element.title : a.offset < b.offset
            }
        }.map(\.element)

        let targetSlugs = TargetSlugs.make(export.targets)
        var targets = zip(export.targets, targetSlugs).map { target, slug in
            SiteContent.TargetEntry(target: target, slug: slug,
                                    cardHTML: target.describe.map { MarkdownRenderer.render($0, headingOffset: 3).html },
                                    pageHTML: target.describe.map { MarkdownRenderer.render($0, headingOffset: 1).html })
        }
        // "index" is the habits index's own page.
        var tagSlugger = Slugger(reserved: ["index"])
        var tagSlugs: [String: String] = [:]
        var tagDescriptions: [String: String] = [:]
        var tagColors: [String: Color] = [:]
        for tag in export.tags {
            guard let name = tag.name, tagSlugs[name] == nil else { continue }
            tagSlugs[name] = tagSlugger.slug(for: name, fallback: Slugger.hash(name))
            tagColors[name] = tag.color
            if let describe = tag.describe { tagDescriptions[name] = MarkdownRenderer.render(describe, headingOffset: 3).html }
        }

        // Link notes to the target and tag their front matter names.
        var byID: [String: Int] = [:], byName: [String: Int] = [:]
        for (i, t) in export.targets.enumerated() {
            if let id = t.id, byID[id] == nil { byID[id] = i }
            if byName[t.name] == nil { byName[t.name] = i }
        }
        for i in notes.indices {
            if let ref = notes[i].note.target {
                notes[i].target = byID[ref] ?? byName[ref]
                if notes[i].target == nil {
                    warnings.append(.warning("notes/" + notes[i].note.fileName, .file,
                                             "target \"\(Diagnostic.shorten(ref))\" matches no targetId or targetName; the note is not linked to it"))
                }
            }
            if let ref = notes[i].note.tag {
                if tagSlugs[ref] != nil { notes[i].tag = ref } else {
                    warnings.append(.warning("notes/" + notes[i].note.fileName, .file,
                                             "tag \"\(Diagnostic.shorten(ref))\" matches no tagName; the note is not linked to it"))
                }
            }
        }
        var tagNotes: [String: [Int]] = [:]
        for (i, note) in notes.enumerated() {
            if let target = note.target { targets[target].notes.append(i) }
            if let tag = note.tag { tagNotes[tag, default: []].append(i) }
        }
        self.notes = notes
        self.targets = targets
        self.schedule = TargetSchedule.ordered(export.targets, now: now, today: today, zone: zone)
        self.tagSlugs = tagSlugs
        self.tagDescriptions = tagDescriptions
        self.tagColors = tagColors
        self.tagNotes = tagNotes
        self.images = imageFiles
        self.warnings = warnings
    }
}
