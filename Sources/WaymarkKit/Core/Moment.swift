/// When something happened: an exact instant, or a whole calendar day.
///
/// A date written without a time (`2026-11-29`) means the whole day, whatever the report's time
/// zone, so it is kept as a day instead of being pinned to some zone's midnight.
public enum Moment: Hashable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    case instant(Int64)
    /// A whole day.
    case day(LocalDate)

    /// The calendar day this moment falls on in `zone`.
    public func localDate(in zone: Zone) -> LocalDate {
        switch self {
        case .instant(let seconds): return zone.localDateTime(of: seconds).date
        case .day(let date): return date
        }
    }

    /// The local day's number (days since 1970-01-01) in `zone`: `localDate(in:).dayNumber`
    /// without building the date, for loops over every record.
    public func dayNumber(in zone: Zone) -> Int {
        switch self {
        case .instant(let seconds): return LocalDateTime.dayNumber(secondsAsUTC: seconds + Int64(zone.offset(at: seconds)))
        case .day(let date): return date.dayNumber
        }
    }

    /// `isAfter(_:in:)` for loops over every record, given the number of today in the zone.
    public func isAfter(_ now: Int64, today: Int) -> Bool {
        switch self {
        case .instant(let seconds): return seconds > now
        case .day(let date): return date.dayNumber > today
        }
    }

    /// A key that orders moments in `zone`; a whole day sorts at its local midnight.
    public func sortKey(in zone: Zone) -> Int64 {
        switch self {
        case .instant(let seconds): return seconds
        case .day(let date): return zone.instant(of: LocalDateTime(secondsAsUTC: Int64(date.dayNumber) * 86_400))
        }
    }

    /// Whether the moment lies after `now`: an instant strictly later, a day after `now`'s day.
    public func isAfter(_ now: Int64, in zone: Zone) -> Bool {
        switch self {
        case .instant(let seconds): return seconds > now
        case .day(let date): return date > zone.localDateTime(of: now).date
        }
    }
}
