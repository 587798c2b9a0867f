import Foundation

/// An IANA time zone, reduced to the two conversions Waymark needs: instant → wall time and
/// wall time → instant.
///
/// Foundation's time zones take a lock on every call, which a million records on two cores
/// contend for; so the zone's transitions between 1900 and 2200 are listed once, with where each
/// span of 2^21 seconds (24 days) begins among them, and an offset is found from its span's first
/// transition on. Instants outside that span ask Foundation.
public struct Zone: Sendable, Hashable {
    public let identifier: String
    private let timeZone: TimeZone
    private let table: Transitions

    /// Offset changes: `instants[i]` is when `offsets[i]` starts; `initial` holds before the first.
    final class Transitions: Sendable {
        static let start: Int64 = -2_208_988_800  // 1900-01-01T00:00:00Z
        static let end: Int64 = 7_258_118_400  // 2200-01-01T00:00:00Z
        let instants: [Int64]
        let offsets: [Int]
        let initial: Int
        /// For each span of `2^spanShift` seconds from `start`: how many of `instants` are before
        /// it. No zone changes its offset more than a few times in 24 days, so an offset is found
        /// a step or two from there, where a binary search of 600 transitions takes ten.
        private let before: [Int32]
        static let spanShift: Int64 = 21

        init(_ tz: TimeZone) {
            var instants: [Int64] = [], offsets: [Int] = []
            var date = Date(timeIntervalSince1970: TimeInterval(Transitions.start))
            while let next = tz.nextDaylightSavingTimeTransition(after: date), next.timeIntervalSince1970 < TimeInterval(Transitions.end),
                  next > date {
                instants.append(Int64(next.timeIntervalSince1970))
                offsets.append(tz.secondsFromGMT(for: next))
                date = next
            }
            self.instants = instants
            self.offsets = offsets
            initial = tz.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(Transitions.start)))
            let spans = Int((Transitions.end - Transitions.start) >> Transitions.spanShift) + 1
            var before = [Int32](repeating: 0, count: spans), k = 0
            for span in 0..<spans {
                let spanStart = Transitions.start + Int64(span) << Transitions.spanShift
                while k < instants.count && instants[k] < spanStart { k += 1 }
                before[span] = Int32(k)
            }
            self.before = before
        }

        /// The offset at `instant` (`Zone.offset(at:)` asks Foundation outside the table's span).
        func offset(at instant: Int64) -> Int {
            guard instant >= Transitions.start && instant < Transitions.end else { return searchedOffset(at: instant) }
            var lo = Int(before[Int((instant - Transitions.start) >> Transitions.spanShift)])
            while lo < instants.count && instants[lo] <= instant { lo += 1 }
            return lo == 0 ? initial : offsets[lo - 1]
        }

        /// The same by binary search of all the transitions: the plain reference for tests.
        func searchedOffset(at instant: Int64) -> Int {
            var lo = 0, hi = instants.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if instants[mid] <= instant { lo = mid + 1 } else { hi = mid }
            }
            return lo == 0 ? initial : offsets[lo - 1]
        }
    }

    /// The zone with this IANA identifier, or nil when the system does not know it.
    public init?(identifier: String) {
        guard !identifier.isEmpty, let tz = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.timeZone = tz
        self.table = Transitions(tz)
    }

    public static let utc = Zone(fixedIdentifier: "UTC")

    private init(fixedIdentifier: String) {
        identifier = fixedIdentifier
        timeZone = TimeZone(secondsFromGMT: 0) ?? TimeZone.current
        table = Transitions(timeZone)
    }

    /// Offset from UTC in seconds at `instant`.
    public func offset(at instant: Int64) -> Int {
        if instant >= Transitions.start && instant < Transitions.end { return table.offset(at: instant) }
        return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// The offset as Foundation computes it, without the table (for tests).
    func foundationOffset(at instant: Int64) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// The transitions table: for tests, and for `WallClock` to know which zone it remembers.
    var transitions: Transitions { table }

    /// The wall time at `instant`.
    public func localDateTime(of instant: Int64) -> LocalDateTime {
        LocalDateTime(secondsAsUTC: instant + Int64(offset(at: instant)))
    }

    /// The hour (0–23) of the wall time at `instant`: `localDateTime(of:).hour` without the date.
    public func hour(of instant: Int64) -> Int {
        LocalDateTime.hour(secondsAsUTC: instant + Int64(offset(at: instant)))
    }

    /// The instant of a wall time. A time skipped by a DST change is read with the offset in force
    /// before it; a repeated time resolves to its first occurrence.
    public func instant(of wall: LocalDateTime) -> Int64 {
        instant(ofNaive: wall.secondsAsUTC)
    }

    /// `instant(of:)` of the wall time whose `secondsAsUTC` is `naive` (between years 1 and 9999).
    func instant(ofNaive naive: Int64) -> Int64 {
        let before = offset(at: naive - 86_400)
        let after = offset(at: naive + 86_400)
        // Try the earlier offset first so a repeated hour maps to its first occurrence (two
        // tries written out, not a loop over an array: every record's time comes through here).
        let larger = max(before, after), smaller = min(before, after)
        if offset(at: naive - Int64(larger)) == larger { return naive - Int64(larger) }
        if offset(at: naive - Int64(smaller)) == smaller { return naive - Int64(smaller) }
        return naive - Int64(before)
    }

    /// The instant a calendar day starts in this zone.
    public func startOfDay(_ date: LocalDate) -> Int64 {
        instant(of: LocalDateTime(secondsAsUTC: Int64(date.dayNumber) * 86_400))
    }

    public static func == (a: Zone, b: Zone) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
