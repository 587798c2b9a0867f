/// Renders pages through the theme's templates with the context every page shares: language,
/// titles, navigation, the relative path back to the root and the interface strings.
struct PageRenderer: Sendable {
    let templates: TemplateSet
    let options: SiteOptions
    let format: LocaleFormat
    let siteTitle: String
    let strings: TemplateValue
    /// Navigation entries: (path, label key, section id).
    let navigation: [(path: String, label: UIString, section: String)]

    init(templates: TemplateSet, options: SiteOptions, siteTitle: String) {
        self.templates = templates
        self.options = options
        self.format = LocaleFormat(options.language)
        self.siteTitle = siteTitle
        self.strings = UIString.table(options.language)
        self.navigation = [
            ("index.html", .navOverview, "overview"),
            ("points/index.html", .navPoints, "points"),
            ("targets/index.html", .navTargets, "targets"),
            ("weight/index.html", .navWeight, "weight"),
            ("todos/index.html", .navTodos, "todos"),
            ("notes/index.html", .navNotes, "notes"),
        ]
    }

    func text(_ key: UIString) -> String { key.text(options.language) }

    func text(_ key: UIString, _ values: [String: String]) -> String { key.text(options.language, values) }

    /// Renders `template` to the file at `path`. `section` marks the current navigation entry.
    func page(_ path: String, template: String, title: String, section: String,
              _ context: [String: TemplateValue]) throws(TemplateError) -> SiteFile {
        let root = SitePath.root(from: path)
        var data = context
        data["lang"] = .string(options.language.rawValue)
        data["pageTitle"] = .string(title)
        data["siteTitle"] = .string(siteTitle)
        data["root"] = .string(root)
        data["t"] = strings
        data["section"] = .string(section)
        data["nowText"] = .string(format.moment(.instant(options.now), in: options.zone))
        data["nowMachine"] = .string(LocaleFormat.machine(.instant(options.now), in: options.zone))
        data["nav"] = .array(navigation.map { entry in
            ["href": .string(root + entry.path), "label": .string(text(entry.label)), "current": .bool(entry.section == section)]
        })
        return SiteFile(path: path, text: try templates.render(template, .object(data)))
    }
}
