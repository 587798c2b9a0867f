/// What to build: the source, the output, and the choices the command line (or a caller) made.
/// Anything left nil comes from the export's profile, then from defaults.
public struct BuildRequest: Sendable {
    /// Where the export comes from.
    public enum Source: Sendable, Equatable {
        /// The demo export compiled into the binary.
        case demo
        /// An export folder on the file system.
        case directory(String)
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

    public init(source: Source = .demo, output: String = "site", now: DateTimeText.Parsed? = nil, zone: Zone? = nil,
                language: Language? = nil, title: String? = nil, theme: Theme = .embedded, customTheme: Bool = false,
                force: Bool = false, skipInvalid: Bool = false) {
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
    }
}
