/// What a build is relative to: the reference instant, the report's time zone and language.
public struct SiteOptions: Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var now: Int64
    public var zone: Zone
    public var language: Language
    /// The site's name in the header and titles; defaults to the user's name or "My progress".
    public var title: String?

    public init(now: Int64, zone: Zone, language: Language, title: String? = nil) {
        self.now = now
        self.zone = zone
        self.language = language
        self.title = title
    }
}
