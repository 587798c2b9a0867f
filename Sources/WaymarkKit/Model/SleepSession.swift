/// One record of sleep as an app wrote it: a stretch in bed or asleep (Apple Health writes one a
/// stage), or a whole night's summary (Fitbit, Samsung, Google Fit), with the minutes of each kind
/// the record holds.
///
/// Asleep minutes are those of `asleep`, `core`, `deep` and `rem`; in bed and awake are not
/// sleep. The night a session belongs to is `night` when the app names it, else the day on which
/// the sleep it is part of ends (`nights(of:in:)`).
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

    /// Records of one source less than this far apart are one sleep (an app writes a night as
    /// one record a stage, and a night may hold an hour awake).
    public static let sameSleepGap: Int64 = 3 * 3600

    /// The night each of `sessions` belongs to in `zone`, in their order: the night the app
    /// names; else the day on which the sleep it is part of ends (its source's records less than
    /// `sameSleepGap` apart, so the first stage of a night, which ends before midnight, counts
    /// for the morning the night ends); else the day it starts.
    public static func nights(of sessions: [SleepSession], in zone: Zone) -> [LocalDate?] {
        var nights = [LocalDate?](repeating: nil, count: sessions.count)
        var timed: [String: [Int]] = [:]
        for (i, session) in sessions.enumerated() {
            if let night = session.night {
                nights[i] = night
            } else if let start = session.start, let end = session.end, end >= start {
                timed[session.source, default: []].append(i)
            } else if let moment = session.end ?? session.start {
                nights[i] = Moment.instant(moment).localDate(in: zone)
            }
        }
        for source in timed.keys.sorted() {
            let order = (timed[source] ?? []).sorted { (sessions[$0].start ?? 0, $0) < (sessions[$1].start ?? 0, $1) }
            var group: [Int] = []
            var groupEnd = Int64.min
            func close() {
                guard !group.isEmpty else { return }
                let night = Moment.instant(groupEnd).localDate(in: zone)
                for i in group { nights[i] = night }
                group = []
            }
            for i in order {
                let start = sessions[i].start ?? 0, end = sessions[i].end ?? start
                // Compared as a difference of instants within years 1 to 9999: no overflow.
                if !group.isEmpty, start - groupEnd > sameSleepGap { close() }
                group.append(i)
                groupEnd = max(groupEnd, end)
            }
            close()
        }
        return nights
    }
}
