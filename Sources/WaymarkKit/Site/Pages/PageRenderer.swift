/// Renders pages through the theme's templates with the context every page shares: language,
/// titles, navigation, the relative path back to the root and the interface strings.
struct PageRenderer: Sendable {
    let templates: TemplateSet
    let options: SiteOptions
    let format: LocaleFormat
    /// Counted and relative phrases in the site's language.
    let phrases: Phrases
    let siteTitle: String
    let strings: TemplateValue
    /// Navigation entries: (path, label key, section id).
    let navigation: [(path: String, label: UIString, section: String)]
    /// Canonical, Open Graph and Twitter card tags and the feed link; nil without a base URL.
    let sharing: SharingTags?
    /// `common(root:section:)` for the folder depths and sections pages use.
    private var shared: [String: TemplateObject] = [:]
    /// `nameLang` and `titleLang` in the page's own values (`LanguageTagging`).
    private let languageTags: TemplateDerivations

    /// `assets` are the theme's asset paths (for the preview image); `feedTitle` is the feed's
    /// title, nil when the site has no feed; `sleep`, whether the activity has a Sleep page (a
    /// menu entry of its own, after Activity); `workouts`, whether it has a Workouts page (after Sleep).
    init(templates: TemplateSet, options: SiteOptions, siteTitle: String, assets: Set<String> = [], sleep: Bool = false,
         workouts: Bool = false, feedTitle: String? = nil) {
        self.templates = templates
        self.sharing = SharingTags(options: options, siteTitle: siteTitle, assets: assets, feedTitle: feedTitle)
        self.options = options
        self.format = LocaleFormat(options.language)
        self.phrases = Phrases(options.language)
        self.siteTitle = siteTitle
        self.strings = UIString.table(options.language)
        self.languageTags = LanguageTagging.derivations(on: options.language)
        // The Sleep and Workouts pages are part of the activity section, each with its own entry (and current mark).
        let all: [(path: String, label: UIString, section: SiteSection, id: String)] = [
            ("index.html", .navOverview, .overview, "overview"),
            ("habits/index.html", .navHabits, .habits, "habits"),
            ("points/index.html", .navPoints, .points, "points"),
            ("targets/index.html", .navTargets, .targets, "targets"),
            ("weight/index.html", .navWeight, .weight, "weight"),
            ("activity/index.html", .navActivity, .activity, "activity"),
            ("sleep/index.html", .navSleep, .activity, "sleep"),
            ("workouts/index.html", .navWorkouts, .activity, "workouts"),
            ("todos/index.html", .navTodos, .todos, "todos"),
            ("notes/index.html", .navNotes, .notes, "notes"),
            ("years/index.html", .navYears, .years, "years"),
        ]
        // Only the sections the site builds (the front page stays: it is index.html).
        self.navigation = all.filter { options.builds($0.section) && ($0.id != "sleep" || sleep) && ($0.id != "workouts" || workouts) }.map { ($0.path, $0.label, $0.id) }
        for root in ["", "../"] {
            for entry in all { shared[root + "\u{0}" + entry.id] = common(root: root, section: entry.id) }
        }
    }

    func text(_ key: UIString) -> String { key.text(options.language) }


    func text(_ key: UIString, _ values: [String: String]) -> String { key.text(options.language, values) }

    /// The context every page shares, for each folder depth and navigation section: built once,
    /// not for each of a few thousand pages.
    private func common(root: String, section: String) -> TemplateObject {
        [
            "lang": .string(options.language.rawValue),
            "siteTitle": .string(siteTitle),
            "root": .string(root),
            "t": strings,
            "colon": .string(phrases.colon),
            "section": .string(section),
            "nowText": .string(format.moment(.instant(options.now), in: options.zone)),
            "nowMachine": .string(LocaleFormat.machine(.instant(options.now), in: options.zone)),
            // Old data is shown as of its last day, and every page says so.
            "dataUpTo": options.dataUpTo.map { day in
                .object(["text": .string(format.longDate(day)), "machine": .string(day.description)])
            } ?? .bool(false),
            // `built.notes` and the like let templates leave out links to
            // sections that are not built; `isPublic` drops the robots meta.
            "built": .object(TemplateObject(Dictionary(uniqueKeysWithValues: SiteSection.allCases.map { ($0.rawValue, .bool(options.builds($0))) }))),
            "isPublic": .bool(options.privacy.isPublic),
            "nav": .array(navigation.map { entry in
                ["href": .string(root + entry.path), "label": .string(text(entry.label)), "current": .bool(entry.section == section)]
            }),
        ]
    }

    /// Renders `template` to the file at `path`. `section` marks the current navigation entry.
    /// `description` is the page's own for link previews (worked out only for a site with a
    /// base URL); nil gives the site's.
    /// `root` replaces the relative way back to the site's root (a page served at any address
    /// links by the base URL); such a page has no sharing tags, having no address of its own.
    func page(_ path: String, template: String, title: String, section: String, description: @autoclosure () -> String? = nil,
              root fixedRoot: String? = nil, _ context: TemplateObject) throws(TemplateError) -> SiteFile {
        let root = fixedRoot ?? SitePath.root(from: path)
        // The page's own values are looked up first (where names and titles in the other
        // language's script are tagged when a template asks), then those every page shares with
        // the page's title and sharing tags: no merged copy of the page's values.
        var common = shared[root + "\u{0}" + section] ?? common(root: root, section: section)
        common["pageTitle"] = .string(title)
        if let sharing, fixedRoot == nil { common["sharing"] = sharing.context(path: path, title: title, description: description(), article: template == "note") }
        var finished: [Range<Int>] = []
        let html = try templates.renderBuffer(template, [.object(common), .object(context)], deriving: [false, true],
                                              derivations: languageTags, finished: &finished)
        return SiteFile(path: path, bytes: DateNoBreak.wrap(html, leaving: finished))
    }
}
