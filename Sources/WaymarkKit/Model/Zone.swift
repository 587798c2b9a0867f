import Foundation

/// An IANA time zone, reduced to the two conversions Waymark needs: instant → wall time and
/// wall time → instant. `secondsFromGMT(for:)` is cheap (tens of nanoseconds), so no cache.
public struct Zone: Sendable, Hashable {
    public let identifier: String
    private let timeZone: TimeZone

    /// The zone with this IANA identifier, or nil when the system does not know it.
    public init?(identifier: String) {
        guard !identifier.isEmpty, let tz = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.timeZone = tz
    }

    public static let utc = Zone(fixedIdentifier: "UTC")

    private init(fixedIdentifier: String) {
        identifier = fixedIdentifier
        timeZone = TimeZone(secondsFromGMT: 0) ?? TimeZone.current
    }

    /// Offset from UTC in seconds at `instant`.
    public func offset(at instant: Int64) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// The wall time at `instant`.
    public func localDateTime(of instant: Int64) -> LocalDateTime {
        LocalDateTime(secondsAsUTC: instant + Int64(offset(at: instant)))
    }

    /// The instant of a wall time. A time skipped by a DST change is read with the offset in force
    /// before it; a repeated time resolves to its first occurrence.
    public func instant(of wall: LocalDateTime) -> Int64 {
        let naive = wall.secondsAsUTC
        let before = offset(at: naive - 86_400)
        let after = offset(at: naive + 86_400)
        // Try the earlier offset first so a repeated hour maps to its first occurrence.
        for candidate in [max(before, after), min(before, after)] {
            let instant = naive - Int64(candidate)
            if offset(at: instant) == candidate { return instant }
        }
        return naive - Int64(before)
    }

    /// The instant a calendar day starts in this zone.
    public func startOfDay(_ date: LocalDate) -> Int64 {
        instant(of: LocalDateTime(secondsAsUTC: Int64(date.dayNumber) * 86_400))
    }

    public static func == (a: Zone, b: Zone) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
