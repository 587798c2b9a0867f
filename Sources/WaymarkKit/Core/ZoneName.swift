import Foundation

/// The time zone a person typed (`--time-zone`, the config's `timeZone`): an IANA name, or a
/// fixed offset from UTC. An abbreviation such as `CST` is refused: the zone data takes it as one
/// of the several zones it stands for (`CST` as Chicago, where a reader in China means Shanghai),
/// and every day boundary would then be silently wrong.
enum ZoneName {
    enum Outcome: Equatable {
        case zone(Zone)
        /// Known to the zone data only as an abbreviation or alias.
        case abbreviation
        case unknown
    }

    /// IANA's own names outside the region/city ones (`knownTimeZoneIdentifiers` lists neither).
    static let plainNames: Set<String> = ["UTC", "GMT", "UCT", "Universal", "Zulu", "Greenwich", "EST", "MST", "HST",
                                          "EST5EDT", "CST6CDT", "MST7MDT", "PST8PDT", "CET", "EET", "MET", "WET"]

    /// The names a mistyped zone is compared with for "did you mean".
    static var suggestions: [String] { TimeZone.knownTimeZoneIdentifiers + plainNames.sorted() }

    static func resolve(_ text: String) -> Outcome {
        guard let zone = Zone(identifier: text) else { return .unknown }
        if TimeZone.knownTimeZoneIdentifiers.contains(text) || plainNames.contains(text) || text.hasPrefix("Etc/") || isOffset(text) {
            return .zone(zone)
        }
        return .abbreviation
    }

    /// `UTC+8`, `GMT-05:30`, `UTC+0830`: a fixed offset, which says exactly what it means.
    static func isOffset(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 5, text.hasPrefix("UTC") || text.hasPrefix("GMT"), bytes[3] == UInt8(ascii: "+") || bytes[3] == UInt8(ascii: "-")
        else { return false }
        let rest = bytes[4...]
        let digits = rest.filter { $0 != UInt8(ascii: ":") }
        return !digits.isEmpty && digits.count <= 4 && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            && rest.filter({ $0 == UInt8(ascii: ":") }).count <= 1
    }

    /// What to say about an abbreviation, the name in `quote`s (the command line's ', JSON's ").
    static func abbreviationAdvice(_ text: String, quote: String = "'") -> String {
        quote + Diagnostic.shorten(text) + quote + " is an abbreviation, and one abbreviation stands for several time zones (CST for China's and "
            + "for the US Central); use an IANA name such as Asia/Shanghai or America/Chicago, or a fixed offset such as UTC+8"
    }
}
