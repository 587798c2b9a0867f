/// The export arranged for the pages: sorted lists, slugs and rendered Markdown, computed once.
struct SiteContent: Sendable {
    let export: Export
    let options: SiteOptions
    var zone: Zone { options.zone }
    var language: Language { options.language }
    /// The date of `now` in the report zone.
    var today: LocalDate { zone.localDateTime(of: options.now).date }

    /// Point records newest first; records at the same moment keep their file order. (Set
    /// apart from the rest, which the builder arranges while the records are being ordered.)
    var pointsNewestFirst: PointsNewestFirst
    /// Notes newest first; notes without a date follow, by title.
    let notes: [NoteEntry]
    /// Targets with their page slugs, in file order.
    let targets: [TargetEntry]
    /// Tag name → anchor slug on the points page (`points/index.html#tag-<slug>`).
    let tagSlugs: [String: String]
    /// Images the notes show, by site path.
    let images: [String: [UInt8]]
    /// Problems found while arranging the content (missing images, …).
    let warnings: [Diagnostic]

    struct NoteEntry: Sendable {
        var note: Note
        var slug: String
        var title: String
        /// The note's HTML as UTF-8 bytes.
        var html: [UInt8]
        var summary: String
        /// The target the note's `target:` names (by id, else by name), as an index into `targets`.
        var target: Int?
        /// The tag the note's `tag:` names.
        var tag: String?
    }

    struct TargetEntry: Sendable {
        var target: Target
        var slug: String
        /// The description as HTML for cards (headings start at level 4), rendered once.
        var cardHTML: String?
        /// Indices into `notes` of the notes whose front matter names this target.
        var notes: [Int] = []
    }

    /// Everything, one piece after another (tests; the builder runs the pieces in parallel).
    init(export: Export, options: SiteOptions, loadExportFile: @escaping @Sendable (String) -> [UInt8]? = { _ in nil }) {
        let plan = SiteContent.notePlan(export.notes)
        self.init(export: export, options: options, pointsNewestFirst: SiteContent.sortedPoints(export, zone: options.zone),
                  rendered: SiteContent.renderNotes(export.notes, plan: plan, range: export.notes.indices, loadExportFile: loadExportFile))
    }

    /// Point records newest first; records at the same moment keep their file order.
    static func sortedPoints(_ export: Export, zone: Zone) -> PointsNewestFirst {
        PointsNewestFirst(export.points, zone: zone)
    }

    /// Page slugs of the notes (file order) and file name → slug, for links between notes.
    struct NotePlan: Sendable {
        var slugs: [String]
        var links: [String: String]
    }

    static func notePlan(_ notes: [Note]) -> NotePlan {
        var slugger = Slugger()
        var plan = NotePlan(slugs: [], links: [:])
        for note in notes {
            let stem = note.fileName.hasSuffix(".md") ? String(note.fileName.dropLast(3)) : note.fileName
            let slug = slugger.slug(for: stem, fallback: "note-" + Slugger.hash(note.fileName))
            plan.slugs.append(slug)
            plan.links[note.fileName] = slug
        }
        return plan
    }

    /// Renders the notes in `range` (file order); each collects the images it shows.
    static func renderNotes(_ notes: [Note], plan: NotePlan, range: Range<Int>,
                            loadExportFile: @escaping @Sendable (String) -> [UInt8]?) -> [(NoteEntry, NoteImages)] {
        range.map { i in
            let note = notes[i]
            var images = NoteImages(load: loadExportFile)
            let result = MarkdownRenderer.render(note.body, headingOffset: 1) { url, isImage in
                isImage ? images.rewrite(url, in: "notes/" + note.fileName) : SiteContent.rewriteNoteLink(url, slugs: plan.links)
            }
            let stem = note.fileName.hasSuffix(".md") ? String(note.fileName.dropLast(3)) : note.fileName
            let title = note.title ?? result.headings.first.flatMap { $0.text.isEmpty ? nil : $0.text } ?? stem
            return (NoteEntry(note: note, slug: plan.slugs[i], title: title, html: result.htmlBytes,
                              summary: SiteContent.summary(result.plainText, limit: 160), target: nil, tag: nil), images)
        }
    }

    /// Assembles the content from its pieces: `rendered` holds every note in file order.
    init(export: Export, options: SiteOptions, pointsNewestFirst: PointsNewestFirst, rendered: [(NoteEntry, NoteImages)]) {
        self.export = export
        self.options = options
        self.pointsNewestFirst = pointsNewestFirst
        let zone = options.zone
        let entries = rendered.map(\.0)
        var imageFiles: [String: [UInt8]] = [:]
        var imageWarnings: [Diagnostic] = []
        for (_, images) in rendered {
            imageFiles.merge(images.files) { first, _ in first }
            imageWarnings += images.warnings
        }
        var notes = entries.enumerated().sorted { a, b in
            let ka = a.element.note.date?.sortKey(in: zone), kb = b.element.note.date?.sortKey(in: zone)
            switch (ka, kb) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.element.title != b.element.title ? a.element.title < b.element.title : a.offset < b.offset
            }
        }.map(\.element)

        var targetSlugs = Slugger()
        var targets = export.targets.map { target in
            // The description as HTML for cards (headings start at level 4).
            TargetEntry(target: target, slug: targetSlugs.slug(for: target.name, fallback: "target-" + Slugger.hash(target.id ?? target.name)),
                        cardHTML: target.describe.map { MarkdownRenderer.render($0, headingOffset: 3).html })
        }
        var tagSlugger = Slugger(reserved: [])
        var tagSlugs: [String: String] = [:]
        for tag in export.tags {
            guard let name = tag.name, tagSlugs[name] == nil else { continue }
            tagSlugs[name] = tagSlugger.slug(for: name, fallback: Slugger.hash(name))
        }
        self.tagSlugs = tagSlugs

        // Link notes to the target and tag their front matter names.
        var warnings = imageWarnings
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
        for (i, note) in notes.enumerated() {
            if let target = note.target { targets[target].notes.append(i) }
        }
        self.notes = notes
        self.targets = targets
        self.images = imageFiles
        self.warnings = warnings
    }

    /// `other-note.md#part` → `other-note.html#part` when `other-note.md` is a note; nil otherwise.
    static func rewriteNoteLink(_ url: String, slugs: [String: String]) -> String? {
        // (A byte test: `contains(":")` would be Foundation's string search.)
        guard !url.utf8.contains(UInt8(ascii: ":")), !url.hasPrefix("/"), !url.hasPrefix("#") else { return nil }
        var path = Substring(url)
        var fragment = ""
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[hash...])
            path = path[..<hash]
        }
        if path.hasPrefix("./") { path = path.dropFirst(2) }
        let name = String(path).percentDecoded ?? String(path)
        guard let slug = slugs[name] else { return nil }
        return slug + ".html" + fragment
    }

    /// The first `limit` characters of `text`, cut at a word where possible, with "…".
    static func summary(_ text: String, limit: Int) -> String {
        // Only the first `limit` characters are walked: `count` would walk the whole note.
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end != text.endIndex else { return text }
        var cut = String(text[..<end])
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit * 2 / 3 {
            cut = String(cut[..<space])
        }
        return cut + "…"
    }
}
