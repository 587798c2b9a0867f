/// The instants whose date, on a given clock, lies in years 1 to 9999: the span `LocalDate`
/// covers, and so every page. An offset moves a date: an instant of the first or last hours of
/// that span in UTC falls on 31 December of year 0 or 1 January 10000 on some clocks, where no
/// calendar, chart or year page of Waymark can hold it.
public enum CalendarSpan {
    /// 0001-01-01T00:00:00 and 9999-12-31T23:59:59, as seconds after 1970-01-01T00:00:00 on the same clock.
    public static let firstSecond: Int64 = -62_135_596_800
    public static let lastSecond: Int64 = 253_402_300_799
    /// More than any offset a zone can have (Foundation allows ±18 hours; local mean times stay
    /// within 16): instants this far inside the span are inside it on every clock.
    static let margin: Int64 = 2 * 86_400

    /// Whether the instant's date in UTC lies in years 1 to 9999.
    public static func containsUTC(_ instant: Int64) -> Bool {
        instant >= firstSecond && instant <= lastSecond
    }

    /// Whether the instant's date on the clock of `zone` lies in years 1 to 9999.
    public static func contains(_ instant: Int64, in zone: Zone) -> Bool {
        if instant >= firstSecond + margin && instant <= lastSecond - margin { return true }
        // Checked before adding the offset, so the sum cannot overflow.
        guard instant >= firstSecond - margin && instant <= lastSecond + margin else { return false }
        let wall = instant + Int64(zone.offset(at: instant))
        return wall >= firstSecond && wall <= lastSecond
    }

    /// A moment of the data that the clock of `zone` puts outside years 1 to 9999: what it dates
    /// (for a message) and its instant.
    public struct Outside: Sendable, Equatable {
        public var record: String
        public var instant: Int64
    }

    /// The first such moment of `export`, looking at every kind of record in turn; nil when all
    /// lie inside. Whole days (`Moment.day`) always do.
    public static func firstOutside(_ export: Export, in zone: Zone) -> Outside? {
        func outside(_ moment: Moment?) -> Int64? {
            guard case .instant(let s)? = moment, !contains(s, in: zone) else { return nil }
            return s
        }
        func quoted(_ name: String?) -> String { name.map { " “\($0)”" } ?? "" }
        if let s = outside(export.profile.exportedAt) { return Outside(record: "the export date", instant: s) }
        for p in export.points { if let s = outside(p.date) { return Outside(record: "the point record\(quoted(p.name))", instant: s) } }
        for w in export.weights { if let s = outside(w.date) { return Outside(record: "a weighing", instant: s) } }
        for b in export.bodyFat { if let s = outside(b.date) { return Outside(record: "a body-fat reading", instant: s) } }
        for m in export.moods { if let s = outside(m.date) { return Outside(record: "a mood entry", instant: s) } }
        for t in export.tags { if let s = outside(t.created) { return Outside(record: "the habit\(quoted(t.name))", instant: s) } }
        for t in export.targets {
            if let s = outside(t.deadline) ?? outside(t.completed) { return Outside(record: "the target\(quoted(t.name))", instant: s) }
        }
        for n in export.notes { if let s = outside(n.date) { return Outside(record: "the note notes/\(n.fileName)", instant: s) } }
        return nil
    }
}
