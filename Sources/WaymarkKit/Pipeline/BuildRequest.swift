/// What to build: the source, the output, and the choices the command line (or a caller) made.
/// Anything left nil comes from the export's profile, then from defaults.
public struct BuildRequest: Sendable {
    /// Where the export comes from.
    public enum Source: Sendable, Equatable {
        /// The demo export compiled into the binary.
        case demo
        /// Sources on the file system, merged: folders, files and zip archives of any format
        /// Waymark reads (a Waymark export folder is one of them).
        case paths([String])
    }

    public var source: Source
    /// The site's folder.
    public var output: String
    /// The moment statistics are computed for; wall times are read in the site's zone. Default:
    /// the export's `exportedAt`, else the clock.
    public var now: DateTimeText.Parsed?
    public var zone: Zone?
    public var language: Language?
    public var title: String?
    public var theme: Theme
    /// Whether the theme holds the user's files (a broken template is then bad data, not a bug).
    public var customTheme: Bool
    /// Write into a non-empty folder Waymark did not create.
    public var force: Bool
    /// Leave out records with problems instead of stopping.
    public var skipInvalid: Bool
    /// The unit weights are in when a file does not say and cannot tell (Fitbit); also the unit
    /// the site shows when the profile names none.
    public var weightUnit: WeightUnit?
    /// The unit distances are in when a file does not say (Garmin's activities).
    public var distanceUnit: DistanceUnit?
    /// What the user says of single sources, by the source's path as given: over `weightUnit`
    /// and `distanceUnit` for that source (`waymark.json`'s `{"path": …, "weightUnit": …}`).
    public var sourceSettings: [String: SourceSettings] = [:]
    /// The profile's goal weight and height, overridden (`waymark.json`).
    public var goalWeightKg: Double?
    /// Which way the weight goal was set, over the sources' (`waymark.json`).
    public var goalDirection: GoalDirection?
    public var heightCm: Double?
    /// The points a check of each named habit earns (`waymark.json`'s `habitPoints`).
    public var habitPoints: [String: Int] = [:]
    /// The config file the request came from, as messages about its settings name it.
    public var configFile: String?
    /// The sections to build; nil builds every one (`SiteOptions.sections`).
    public var sections: Set<SiteSection>?
    public var privacy = Privacy()
    /// Where the site is published; nil keeps every link relative.
    public var baseURL: BaseURL?
    /// Called while big sources are read: the file, bytes read, the total when known.
    public var progress: (@Sendable (String, Int64, Int64?) -> Void)?

    public init(source: Source = .demo, output: String = "site", now: DateTimeText.Parsed? = nil, zone: Zone? = nil,
                language: Language? = nil, title: String? = nil, theme: Theme = .embedded, customTheme: Bool = false,
                force: Bool = false, skipInvalid: Bool = false, weightUnit: WeightUnit? = nil) {
        self.source = source
        self.output = output
        self.now = now
        self.zone = zone
        self.language = language
        self.title = title
        self.theme = theme
        self.customTheme = customTheme
        self.force = force
        self.skipInvalid = skipInvalid
        self.weightUnit = weightUnit
    }
}
