/// What `waymark.json` says. Every key is optional; the command line overrides each one, and
/// what neither gives comes from the export's profile, then from defaults (`docs/configuration.md`).
public struct SiteConfig: Sendable, Equatable {
    /// The sources to read and merge, as written (relative to the config file's folder until
    /// `resolvingPaths(against:)`).
    public var sources: [String]?
    /// What a source given as an object says (`{"path": "mfp.csv", "weightUnit": "lb"}`), by its
    /// path as written in `sources`: over `weightUnit` and the command line for that source.
    public var sourceSettings: [String: SourceSettings] = [:]
    public var output: String?
    public var title: String?
    public var language: Language?
    public var timeZone: Zone?
    public var weightUnit: WeightUnit?
    public var goalWeightKg: Double?
    /// Which way the weight goal was set (`goalDirection`), over the sources' (Beeminder's, the profile's).
    public var goalDirection: GoalDirection?
    public var heightCm: Double?
    /// The points one check of a habit earns (`habitPoints`), by the habit's name, for habits
    /// read from trackers that award none (Loop, HabitBull, …).
    public var habitPoints: [String: Int] = [:]
    public var baseURL: BaseURL?
    /// The sections to build; nil builds every one.
    public var sections: Set<SiteSection>?
    public var privacy = PrivacyConfig()

    /// The `privacy` object: each key optional, the defaults of `Privacy` for those left out.
    public struct PrivacyConfig: Sendable, Equatable {
        public var isPublic: Bool?
        public var hide: Set<SiteSection>?
        public var weight: Privacy.WeightDetail?

        public init(isPublic: Bool? = nil, hide: Set<SiteSection>? = nil, weight: Privacy.WeightDetail? = nil) {
            self.isPublic = isPublic
            self.hide = hide
            self.weight = weight
        }

        /// `Privacy` with the file's choices over the defaults.
        public var privacy: Privacy {
            Privacy(isPublic: isPublic ?? false, hidden: hide ?? [], weight: weight ?? .full)
        }
    }

    public init() {}

    /// The keys of the top-level object, in the order the schema and `waymark init` list them.
    /// The reader, its "did you mean" and the schema test all use these lists.
    static let keys = ["$schema", "sources", "output", "title", "language", "timeZone", "weightUnit",
                       "goalWeightKg", "goalDirection", "heightCm", "habitPoints", "baseURL", "sections", "privacy"]
    /// The keys of a source given as an object.
    static let sourceKeys = ["path", "weightUnit", "distanceUnit"]
    /// The distance units the schema offers.
    static let distanceUnitNames = DistanceUnit.allCases.map(\.rawValue)
    /// The keys of `privacy`.
    static let privacyKeys = ["public", "hide", "weight"]
    /// The language names the schema offers (the reader also takes the aliases `--lang` takes).
    static let languageNames = Language.allCases.map(\.rawValue)
    /// The weight units the schema offers (the reader also takes `--weight-unit`'s aliases).
    static let weightUnitNames = ["kg", "lb"]
    /// Plausible values: a goal weight in kilograms and a height in centimetres.
    static let goalWeightRange = 20.0...500.0
    static let heightRange = 50.0...260.0
    /// The points a check of a habit may be worth.
    static let habitPointsRange = 1...100_000

    /// The config with relative `sources` and `output` taken as relative to `directory` (the
    /// config file's folder), as Hugo and tsconfig do; absolute paths are kept.
    public func resolvingPaths(against directory: String) -> SiteConfig {
        var config = self
        config.sources = sources?.map { SiteConfig.path($0, against: directory) }
        config.sourceSettings = Dictionary(sourceSettings.map { (SiteConfig.path($0.key, against: directory), $0.value) },
                                           uniquingKeysWith: { first, _ in first })
        config.output = output.map { SiteConfig.path($0, against: directory) }
        return config
    }

    /// `path` inside `directory`, unless it is absolute or the directory is the current one.
    static func path(_ path: String, against directory: String) -> String {
        if path.hasPrefix("/") || directory.isEmpty || directory == "." { return path }
        if path == "." || path == "./" { return directory }
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    /// The folder holding a file path: `a/b` for `a/b/waymark.json`, `.` for `waymark.json`.
    static func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        let dir = String(file[..<slash])
        return dir.isEmpty ? "/" : dir
    }
}
