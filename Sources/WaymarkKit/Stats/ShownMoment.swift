/// The moment a site shows (`now` of every statistic), worked out from the data and the clock,
/// with the reason, so the build, `check` and every page can say it.
///
/// The rule (docs/statistics.md, "Time"):
/// - `--now` wins.
/// - Else the export's date, but never earlier than the newest record: merged sources carry
///   one export date (Apple Health's, say) while other sources hold newer records, and those
///   are never left out because of it. Records after the clock stay in the future.
/// - Without an export date, the clock; but when the newest record's day is more than
///   `recentDays` days before the clock's day, the end of that day: a site of empty weeks
///   after the data stopped says nothing.
/// In the last case the moment is `isPast`: every page then says up to which day the data goes.
/// A moment from the export's date never is, so such a site is the same whatever the clock.
public struct ShownMoment: Sendable, Equatable {
    public enum Reason: String, Sendable, Equatable {
        /// Given with `--now`.
        case requested
        /// The export's own date; no record is later.
        case exportDate
        /// The end of the newest record's day, which is later than the export's date.
        case newestRecord
        /// The clock: the data reaches into the last `recentDays` days, or nothing is dated.
        case clock
        /// The end of the newest record's day: all data ends more than `recentDays` days before the clock.
        case dataEnded
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    public let instant: Int64
    public let reason: Reason
    /// The day of the newest record in the zone; nil when nothing is dated.
    public let newestDay: LocalDate?
    /// The site shows old data as of its last day (`dataEnded`): the pages say so.
    public let isPast: Bool
    /// The clock it was worked out against.
    public let clock: Int64

    /// How old the data may be before the site is shown as of its last day.
    public static let recentDays = 30

    public init(instant: Int64, reason: Reason, newestDay: LocalDate?, isPast: Bool, clock: Int64) {
        self.instant = instant
        self.clock = clock
        self.reason = reason
        self.newestDay = newestDay
        self.isPast = isPast
    }

    /// The moment `export` is shown at in `zone`, given the clock and the moment asked for.
    public static func resolve(_ export: Export, zone: Zone, clock: Int64, requested: Moment? = nil) -> ShownMoment {
        // Records after the clock are in the future (a wrong date, a plan): they move nothing.
        let newest = newestRecord(export, zone: zone, notAfter: clock)
        let newestDay = newest.map { $0.localDate(in: zone) }
        if let requested {
            return ShownMoment(instant: end(of: requested, zone), reason: .requested, newestDay: newestDay, isPast: false, clock: clock)
        }
        let clockDay = zone.localDateTime(of: clock).date
        let instant: Int64, reason: Reason
        // The newest record taken as its whole day, but not past the clock.
        let newestAt = newest.map { end(of: $0, zone) }
        let newestEnd = newest.map { Swift.min(end(of: .day($0.localDate(in: zone)), zone), clock) }
        if let exported = export.profile.exportedAt {
            let exportEnd = end(of: exported, zone)
            if let newestAt, let newestEnd, newestAt > exportEnd {
                (instant, reason) = (Swift.max(newestEnd, exportEnd), .newestRecord)
            } else {
                (instant, reason) = (exportEnd, .exportDate)
            }
        } else if let newestDay, let newestEnd, clockDay.dayNumber - newestDay.dayNumber > recentDays {
            (instant, reason) = (newestEnd, .dataEnded)
        } else {
            (instant, reason) = (clock, .clock)
        }
        return ShownMoment(instant: instant, reason: reason, newestDay: newestDay, isPast: reason == .dataEnded, clock: clock)
    }

    /// The last instant of a moment: an instant itself, a whole day its last second in `zone`.
    static func end(of moment: Moment, _ zone: Zone) -> Int64 {
        switch moment {
        case .instant(let s): return s
        case .day(let d): return zone.startOfDay(d.adding(days: 1)) - 1
        }
    }

    /// The newest moment the person recorded: point records, weighings, body fat, moods, skips,
    /// target completions, habits created, dated notes, activity samples (by their start), nights
    /// of sleep and workouts (by their end). A target's deadline is a plan, not a
    /// record, and to-dos carry no date. A whole day counts as its last second; moments after
    /// `notAfter` are passed over.
    public static func newestRecord(_ export: Export, zone: Zone, notAfter: Int64 = .max) -> Moment? {
        var best: (moment: Moment, end: Int64)?
        func consider(_ moment: Moment?) {
            guard let moment else { return }
            let e = end(of: moment, zone)
            if e <= notAfter, best.map({ e > $0.end }) ?? true { best = (moment, e) }
        }
        for p in export.points { consider(p.date) }
        for w in export.weights { consider(w.date) }
        for b in export.bodyFat { consider(b.date) }
        for m in export.moods { consider(m.date) }
        for s in export.skips { consider(.day(s.day)) }
        for t in export.targets where t.done { consider(t.completed) }
        for t in export.tags { consider(t.created) }
        for n in export.notes { consider(n.date) }
        for a in export.activity { consider(a.date) }
        for s in export.sleep { consider(s.end.map(Moment.instant) ?? s.night.map(Moment.day)) }
        for w in export.workouts { consider(.instant(w.end)) }
        return best?.moment
    }
}
