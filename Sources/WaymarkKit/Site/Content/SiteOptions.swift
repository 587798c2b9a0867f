/// What a build is relative to: the reference instant, the report's time zone and language.
public struct SiteOptions: Sendable, Equatable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var now: Int64
    public var zone: Zone
    public var language: Language
    /// The site's name in the header and titles; defaults to the user's name or "My progress".
    public var title: String?
    /// The sections to build: every one unless `waymark.json` lists some (`sections`), less the
    /// hidden ones (`privacy.hide`). `privacy.hidden` is always left out of it.
    public var sections: Set<SiteSection>
    public var privacy: Privacy
    /// Where the site is published; nil keeps every link relative, as a site opened from disk needs.
    public var baseURL: BaseURL?
    /// How `now` was chosen (`ShownMoment`); nil when a caller gave `now` itself.
    public var shown: ShownMoment?
    /// Whether the settings leave sections out (`sections`, `privacy.hide`): a site with nothing
    /// to show then says it is the settings' choice, not that the sources hold nothing.
    public var sectionsLimited = false

    public init(now: Int64, zone: Zone, language: Language, title: String? = nil,
                sections: Set<SiteSection> = Set(SiteSection.allCases), privacy: Privacy = Privacy(), baseURL: BaseURL? = nil,
                shown: ShownMoment? = nil) {
        self.now = now
        self.zone = zone
        self.language = language
        self.title = title
        self.sections = sections.subtracting(privacy.hidden)
        self.privacy = privacy
        self.baseURL = baseURL
        self.shown = shown
    }

    /// The last day of the data when the site shows old data (more than 30 days before the
    /// clock, not asked for with `--now`): every page says "Data up to" it.
    public var dataUpTo: LocalDate? {
        guard let shown, shown.isPast else { return nil }
        return zone.localDateTime(of: now).date
    }

    /// Whether the site has `section`'s pages and data.
    public func builds(_ section: SiteSection) -> Bool { sections.contains(section) }
}
