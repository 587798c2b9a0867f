/// `nameLang` / `titleLang` beside every `name` / `title` text of a page's own values: the
/// `lang` of text written in the other language's script (`TextLanguage`), null for the rest, so
/// that any template can mark a name from the data with `{{#nameLang}} lang="{{nameLang}}"{{/nameLang}}`
/// without each page builder remembering to. A value a builder set itself is kept, and a nested
/// name without a tag has its own null rather than its parent's tag. Worked out when a template
/// asks for it (`TemplateDerivations`), not added to every object of every page beforehand.
enum LanguageTagging {
    /// The two members on a page in `page`'s language.
    static func derivations(on page: Language) -> TemplateDerivations {
        let tag: @Sendable (String) -> TemplateValue = { TextLanguage.lang(of: $0, on: page).map(TemplateValue.string) ?? .null }
        return TemplateDerivations([
            .init(name: "nameLang", source: "name", derive: tag),
            .init(name: "titleLang", source: "title", derive: tag),
        ])
    }
}
