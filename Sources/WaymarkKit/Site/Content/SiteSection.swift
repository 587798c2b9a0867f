/// A part of the site that can be built or left out (`sections` and `privacy.hide` in
/// `waymark.json`). The raw values are the names the config file and the schema use.
public enum SiteSection: String, CaseIterable, Sendable, Hashable, Comparable {
    case overview, points, habits, targets, weight, activity, todos, notes, years

    /// The name for a config value, accepting the spelled-out "to-dos".
    public init?(configName: String) {
        if configName == "to-dos" { self = .todos; return }
        self.init(rawValue: configName)
    }

    public static func < (a: SiteSection, b: SiteSection) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }
}
