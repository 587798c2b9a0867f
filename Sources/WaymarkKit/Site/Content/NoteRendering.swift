/// The notes through the Markdown stage: slugs, links between notes, images, titles, summaries.
enum NoteRendering {
    /// Page slugs of the notes (file order) and file name → slug, for links between notes.
    struct Plan: Sendable {
        var slugs: [String]
        var links: [String: String]
    }

    /// One note rendered, with the images it shows.
    struct Rendered: Sendable {
        var entry: SiteContent.NoteEntry
        var images: NoteImages
    }

    /// The file name without its Markdown extension: `run.md` and `walk.markdown` → `run`, `walk`.
    static func stem(_ fileName: String) -> String {
        let lower = fileName.lowercased()
        for ext in [".markdown", ".md"] where lower.hasSuffix(ext) && lower.utf8.count > ext.utf8.count {
            return String(decoding: fileName.utf8.dropLast(ext.utf8.count), as: UTF8.self)
        }
        return fileName
    }

    static func plan(_ notes: [Note]) -> Plan {
        var slugger = Slugger()
        var plan = Plan(slugs: [], links: [:])
        for note in notes {
            let slug = slugger.slug(for: stem(note.fileName), fallback: "note-" + Slugger.hash(note.fileName))
            plan.slugs.append(slug)
            plan.links[note.fileName] = slug
        }
        return plan
    }

    /// Renders the notes in `range` (file order); each collects the images it shows, read through
    /// `loadExportFile`.
    static func render(_ notes: [Note], plan: Plan, range: Range<Int>,
                       loadExportFile: @escaping @Sendable (String) -> [UInt8]?) -> [Rendered] {
        range.map { i in
            let note = notes[i]
            var images = NoteImages(load: loadExportFile)
            let result = MarkdownRenderer.render(note.body, headingOffset: 1) { url, isImage in
                isImage ? images.rewrite(url, in: "notes/" + note.fileName) : rewriteNoteLink(url, slugs: plan.links)
            }
            let title = note.title ?? result.headings.first.flatMap { $0.text.isEmpty ? nil : $0.text } ?? stem(note.fileName)
            let entry = SiteContent.NoteEntry(note: note, slug: plan.slugs[i], title: title, html: result.htmlBytes,
                                              summary: NoteExcerpt.make(html: result.htmlBytes, title: title), target: nil, tag: nil)
            return Rendered(entry: entry, images: images)
        }
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
}
