/// One night's sleep, as the site shows it: the record of the source that saw the most sleep.
public struct SleepNight: Hashable, Sendable {
    /// The night, named by the day it ends (the night of 14 to 15 May is 15 May).
    public var night: LocalDate
    /// The source whose night this is.
    public var source: String
    /// Minutes asleep, all stages; nil when no source recorded sleep (in bed only).
    public var asleep: Double?
    /// Minutes in bed, when the source recorded them.
    public var inBed: Double?
    /// Minutes of each stage, when the source recorded stages.
    public var core: Double?
    public var deep: Double?
    public var rem: Double?
    public var awake: Double?
    /// When the source's first record of the night began and its last ended, when it says.
    public var bedtime: Int64?
    public var wake: Int64?
    /// How many sources recorded the night.
    public var sources: Int

    public init(night: LocalDate, source: String, asleep: Double? = nil, inBed: Double? = nil, core: Double? = nil, deep: Double? = nil,
                rem: Double? = nil, awake: Double? = nil, bedtime: Int64? = nil, wake: Int64? = nil, sources: Int = 1) {
        self.night = night
        self.source = source
        self.asleep = asleep
        self.inBed = inBed
        self.core = core
        self.deep = deep
        self.rem = rem
        self.awake = awake
        self.bedtime = bedtime
        self.wake = wake
        self.sources = sources
    }
}
