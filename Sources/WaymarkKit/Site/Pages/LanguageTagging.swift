/// Adds `nameLang` / `titleLang` beside every `name` / `title` text of a page's context that is
/// written in the other language's script (`TextLanguage`), null beside the others, so that any template can mark a name
/// from the data with `{{#nameLang}} lang="{{nameLang}}"{{/nameLang}}` without each page builder
/// remembering to. Values a builder set itself are kept.
enum LanguageTagging {
    /// The context with the tags added; only the parts that change are rebuilt.
    static func tagged(_ context: [String: TemplateValue], on page: Language) -> [String: TemplateValue] {
        tagged(object: context, on: page) ?? context
    }

    private static func tagged(_ value: TemplateValue, on page: Language) -> TemplateValue? {
        switch value {
        case .object(let o): return tagged(object: o, on: page).map(TemplateValue.object)
        case .array(let a):
            var out: [TemplateValue]?
            for (i, element) in a.enumerated() {
                guard let new = tagged(element, on: page) else { continue }
                if out == nil { out = a }
                out?[i] = new
            }
            return out.map(TemplateValue.array)
        default: return nil
        }
    }

    private static func tagged(object o: [String: TemplateValue], on page: Language) -> [String: TemplateValue]? {
        var out: [String: TemplateValue]?
        // The four keys are noticed in the one walk over the object rather than hashed again:
        // every object of every page's context is asked.
        var name: String?, title: String?, nameTagged = false, titleTagged = false
        for (key, value) in o {
            switch key {
            case "name": if case .string(let s) = value { name = s }
            case "title": if case .string(let s) = value { title = s }
            case "nameLang": nameTagged = true
            case "titleLang": titleTagged = true
            default: break
            }
            guard let new = tagged(value, on: page) else { continue }
            if out == nil { out = o }
            out?[key] = new
        }
        func tag(_ text: String?, as lang: String, unless tagged: Bool) {
            guard let text, !tagged else { return }
            if out == nil { out = o }
            // Null, not absent: a nested name without a tag must not pick up its parent's.
            out?[lang] = TextLanguage.lang(of: text, on: page).map(TemplateValue.string) ?? .null
        }
        tag(name, as: "nameLang", unless: nameTagged)
        tag(title, as: "titleLang", unless: titleTagged)
        return out
    }
}
