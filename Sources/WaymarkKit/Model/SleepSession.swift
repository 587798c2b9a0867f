/// One record of sleep as an app wrote it: a stretch in bed or asleep (Apple Health writes one a
/// stage), or a whole night's summary (Fitbit, Samsung, Google Fit), with the minutes of each kind
/// the record holds.
///
/// Asleep minutes are those of `asleep`, `core`, `deep` and `rem`; in bed and awake are not
/// sleep. The night a session belongs to is `night` when the app names it, else the day it ends.
public struct SleepSession: Hashable, Sendable {
    /// Who recorded it ("Apple Watch", "Sleep Cycle", "Fitbit").
    public var source: String
    /// When it began and ended, when the app says.
    public var start: Int64?
    public var end: Int64?
    /// The night it belongs to as the app files it (Fitbit's `dateOfSleep`, a Google Fit day).
    public var night: LocalDate?
    /// Minutes in bed.
    public var inBed: Double?
    /// Minutes asleep of a stage not told (Apple before iOS 16, Fitbit's classic logs, Samsung).
    public var asleep: Double?
    /// Minutes of light sleep (N1 and N2): Apple's Core, Fitbit's and Google Fit's light.
    public var core: Double?
    public var deep: Double?
    public var rem: Double?
    /// Minutes awake in the night (between sleep, not before or after it).
    public var awake: Double?

    public init(source: String, start: Int64? = nil, end: Int64? = nil, night: LocalDate? = nil, inBed: Double? = nil,
                asleep: Double? = nil, core: Double? = nil, deep: Double? = nil, rem: Double? = nil, awake: Double? = nil) {
        self.source = source
        self.start = start
        self.end = end
        self.night = night
        self.inBed = inBed
        self.asleep = asleep
        self.core = core
        self.deep = deep
        self.rem = rem
        self.awake = awake
    }

    /// Minutes asleep, all stages; nil when the record holds no sleep (in bed or awake only).
    public var asleepMinutes: Double? {
        let parts = [asleep, core, deep, rem].compactMap { $0 }
        return parts.isEmpty ? nil : parts.reduce(0, +)
    }

    /// The night the session belongs to in `zone`: the app's, else the day it ends (a night from
    /// 23:00 to 07:00 is the night of the morning it ends), else the day it starts.
    public func night(in zone: Zone) -> LocalDate? {
        if let night { return night }
        if let end { return Moment.instant(end).localDate(in: zone) }
        return start.map { Moment.instant($0).localDate(in: zone) }
    }
}
