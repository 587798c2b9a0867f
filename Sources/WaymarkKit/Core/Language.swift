/// The site's language.
public enum Language: String, Sendable, CaseIterable, Hashable {
    case en
    case zhHans = "zh-Hans"
}
