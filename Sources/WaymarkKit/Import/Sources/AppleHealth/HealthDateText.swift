/// Reads the dates of Apple Health exports: `2023-12-03 08:15:00 +0100`, each with the offset the
/// phone had at the time, so every date is an instant. The first exports (iOS 8) wrote
/// `20150616071820-0700`; both are read. A date without an offset is read in `zone`.
enum HealthDateText {
    /// Seconds since 1970 UTC, or nil when `text` is not such a date.
    static func instant(_ text: String, zone: Zone) -> Int64? {
        let parsed = dateTimeText(text).withUnsafeBufferPointer { DateTimeText.parse(bytes: $0) }
        switch parsed {
        case .instant(let seconds)?: return seconds
        case .wallTime(let wall)?: return zone.instant(of: wall)
        case .day?, nil: return nil
        }
    }

    /// Why `text` is refused when its offset moves it out of years 1 to 9999 in UTC (`; that is
    /// 0000-12-31T10:00:00Z, before year 1 in UTC, …`), to add to a "not a date" message; empty
    /// for any other text.
    static func spanNote(_ text: String) -> String {
        DateTimeText.spanNote(String(decoding: dateTimeText(text), as: UTF8.self))
    }

    /// The text in a form `DateTimeText` reads: "yyyy-MM-dd HH:mm:ss +hhmm" without the space
    /// before the offset, and iOS 8's yyyyMMddHHmmss±hhmm with its separators.
    private static func dateTimeText(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        if bytes.count == 25, bytes[19] == 0x20, bytes[20] == UInt8(ascii: "+") || bytes[20] == UInt8(ascii: "-") {
            bytes.remove(at: 19)
        } else if bytes.count == 19, bytes[..<14].allSatisfy({ $0 >= 48 && $0 <= 57 }),
                  bytes[14] == UInt8(ascii: "+") || bytes[14] == UInt8(ascii: "-") {
            let d = bytes
            bytes = Array(d[0..<4]) + [0x2D] + Array(d[4..<6]) + [0x2D] + Array(d[6..<8]) + [0x20]
                + Array(d[8..<10]) + [0x3A] + Array(d[10..<12]) + [0x3A] + Array(d[12..<14]) + Array(d[14...])
        }
        return bytes
    }
}
