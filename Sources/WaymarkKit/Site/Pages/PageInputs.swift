/// What one page of a catalogue is rendered from, beyond what every page shares
/// (`SiteCatalogue.Frame`): a preview's rebuild renders a page again only when these, the frame,
/// the fingerprints of the parts of the data it reads, or (for a page that reads it) the whole
/// data differ from what the page was last rendered from (`PageCache`). Each page's inputs are
/// declared by `SiteCatalogue.inputs(of:)`, one case per kind of page, from what its render
/// reads; when in doubt a page reads the whole data and every note.
struct PageInputs: Equatable, Sendable {
    /// Whether the page reads the whole data: everything computed from the export but the notes'
    /// Markdown (`ContentCache.Inputs`, compared once for the whole site). The pages whose
    /// figures are drawn from every kind of record (the dashboards, `stats.json`, the years).
    var data = false
    /// The parts of the data it reads, when not the whole (compared by fingerprint).
    var slices: [DataSlice] = []
    /// Whether it names every note by title (`Heading`), in the site's order (compared once).
    var everyHeading = false
    /// Whether it shows every note whole (compared once).
    var everyNote = false
    /// The notes whose text it shows (its own note, its index page's notes), whole.
    var notes: [SiteContent.NoteEntry] = []
    /// The notes it names by title and link, in the order it lists them.
    var headings: [Heading] = []
    /// Anything else it reads: a note's place in the list, the target it links to.
    var values: [String] = []
    /// The file it copies (an image a note shows).
    var bytes: [UInt8]?

    /// A note as a list names it: its page's name, its title and its date.
    struct Heading: Equatable, Sendable {
        var slug: String
        var title: String
        var date: Moment?

        init(_ n: SiteContent.NoteEntry) {
            (slug, title, date) = (n.slug, n.title, n.note.date)
        }
    }
}

extension SiteCatalogue {
    /// What every page is rendered with: the options (as given and as the pages see them), the
    /// site's title, the theme, every page with its paths (the menu, the sitemap, every link
    /// between pages) and the habits' page names. When any of it differs, every page is rendered.
    struct Frame: Equatable, Sendable {
        var options: SiteOptions
        var pageOptions: SiteOptions
        var siteTitle: String
        var theme: Theme
        var pages: [Page]
        var paths: [Page: [String]]
        var tagSlugs: [String: String]
    }

    /// What every page shares. The clock the moment shown was chosen by is left out: pages show
    /// the moment (`now`, `dataUpTo`), never the clock that chose it, which moves on every rebuild.
    var frame: Frame {
        Frame(options: SiteCatalogue.withoutClock(content.options), pageOptions: SiteCatalogue.withoutClock(renderer.options),
              siteTitle: renderer.siteTitle, theme: theme, pages: pages, paths: pathsOfPage, tagSlugs: content.tagSlugs)
    }

    private static func withoutClock(_ options: SiteOptions) -> SiteOptions {
        var options = options
        if let s = options.shown {
            options.shown = ShownMoment(instant: s.instant, reason: s.reason, newestDay: s.newestDay, isPast: s.isPast, clock: 0)
        }
        return options
    }

    /// The headings of every note, in the site's order (what `everyHeading` pages read).
    var noteHeadings: [PageInputs.Heading] { content.notes.map(PageInputs.Heading.init) }

    /// What `page` is rendered from beyond the frame.
    func inputs(of page: Page) -> PageInputs {
        let notes = content.notes
        switch page {
        case .dashboard, .frontPage:
            // Figures of every kind of record, and the newest notes by title.
            return PageInputs(data: true, everyHeading: true)
        case .statistics, .yearsIndex, .year:
            // A year shows figures carried over from the years before and after it (a habit's
            // strength and streaks, weights between two weighings, last year's totals).
            return PageInputs(data: true)
        case .habitsIndex:
            return PageInputs(slices: [.habits])
        case .habit(let slug):
            guard let i = habits[slug] else { return PageInputs(data: true, everyHeading: true) }
            let name = content.habits.habits[i].name
            return PageInputs(slices: [.named(name)], headings: (content.arranged.tagNotes[name] ?? []).map { PageInputs.Heading(notes[$0]) })
        case .pointsIndex:
            return PageInputs(slices: [.points])
        case .pointsMonth(let year, let month):
            return PageInputs(slices: [.month(year: year, month: month), .tagColors])
        case .notesIndex(let n):
            // Its notes, and the one before them (whose year a continued group names); where
            // each year starts comes from every note's place.
            let range = notesIndex.pages.items(onPage: n)
            return PageInputs(everyHeading: true, notes: Array(notes[max(0, range.lowerBound - 1)..<range.upperBound]))
        case .note(let slug):
            // Its note, its neighbours by title, its place (the index page it links back to) and
            // the target it links to; not the data.
            guard let i = self.notes[slug] else { return PageInputs(data: true, everyHeading: true, everyNote: true) }
            let n = notes[i]
            let neighbours = [i > 0 ? notes[i - 1] : nil, i + 1 < notes.count ? notes[i + 1] : nil]
            let target = n.target.map { [content.targets[$0].slug, content.targets[$0].target.name] } ?? []
            return PageInputs(notes: [n], headings: neighbours.compactMap { $0.map(PageInputs.Heading.init) },
                              values: [String(i), String(notes.count)] + neighbours.map { $0 == nil ? "-" : "+" } + target)
        case .targetsIndex:
            // Every target with the notes that name it (front matter), by title.
            return PageInputs(slices: [.targets, .notes], everyHeading: true)
        case .target(let slug):
            // And the records it earned: those with its name.
            guard let i = targets[slug] else { return PageInputs(data: true, everyHeading: true) }
            let name = content.targets[content.arranged.schedule[i].index].target.name
            return PageInputs(slices: [.targets, .notes, .named(name)], everyHeading: true)
        case .weight:
            return PageInputs(slices: [.weight])
        case .activity, .sleep, .workouts:
            return PageInputs(slices: [.activity])
        case .todos:
            return PageInputs(slices: [.todos])
        case .feed:
            return PageInputs(data: true, everyHeading: true, everyNote: true)
        case .robots, .sitemap, .asset, .notFound:
            return PageInputs()
        case .image(let path):
            return PageInputs(bytes: content.images[path])
        }
    }
}
