/// The nights of sleep from every source's records.
///
/// A watch, the iPhone's Bedtime and a sleep app may all record the same night. A night's sleep
/// is **the largest asleep total among the sources**: each source's records of the night are
/// added up (a record belongs to the night the app names, else to the day on which its sleep
/// ends in the site's time zone: `SleepSession.nights(of:in:)`), and the source with the most minutes asleep gives the night, with its time in bed,
/// stages, bedtime and wake time. When no source recorded sleep, only time in bed, the source
/// with the most time in bed gives it, with no asleep figure. A record a source wrote twice (the
/// same times and minutes) counts once.
public enum SleepNights {
    /// One `SleepNight` per night with records, sorted by night.
    public static func nights(_ sessions: [SleepSession], in zone: Zone) -> [SleepNight] {
        struct Key: Hashable {
            var night: LocalDate
            var source: String
        }
        var bySource: [Key: SleepNight] = [:]
        var seen = Set<SleepSession>()
        let unique = sessions.filter { seen.insert($0).inserted }
        for (session, night) in zip(unique, SleepSession.nights(of: unique, in: zone)) {
            guard let night else { continue }
            let key = Key(night: night, source: session.source)
            var n = bySource[key] ?? SleepNight(night: night, source: session.source)
            func add(_ total: inout Double?, _ part: Double?) {
                guard let part else { return }
                total = (total ?? 0) + part
            }
            add(&n.asleep, session.asleepMinutes)
            add(&n.inBed, session.inBed)
            add(&n.core, session.core)
            add(&n.deep, session.deep)
            add(&n.rem, session.rem)
            add(&n.awake, session.awake)
            if let start = session.start { n.bedtime = min(n.bedtime ?? start, start) }
            if let end = session.end { n.wake = max(n.wake ?? end, end) }
            bySource[key] = n
        }
        var best: [LocalDate: SleepNight] = [:]
        for candidate in bySource.values {
            guard var current = best[candidate.night] else {
                best[candidate.night] = candidate
                continue
            }
            let sources = current.sources + 1
            if wins(candidate, over: current) { current = candidate }
            current.sources = sources
            best[candidate.night] = current
        }
        return best.values.sorted { $0.night < $1.night }
    }

    /// Whether `a` gives the night rather than `b`: more asleep, else (neither with sleep) more
    /// in bed, else the source whose name sorts first.
    static func wins(_ a: SleepNight, over b: SleepNight) -> Bool {
        let (sa, sb) = (a.asleep ?? -1, b.asleep ?? -1)
        if sa != sb { return sa > sb }
        let (ba, bb) = (a.inBed ?? -1, b.inBed ?? -1)
        if ba != bb { return ba > bb }
        return a.source < b.source
    }
}
