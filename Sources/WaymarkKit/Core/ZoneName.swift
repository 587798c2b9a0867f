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

    /// The names of the zone data written in capitals alone that are IANA's own (UTC, EST, PRC, …);
    /// any other such name the zone data takes is an abbreviation or an alias of one.
    static let ianaCapitals: Set<String> = ["UTC", "GMT", "UCT", "EST", "MST", "HST", "CET", "EET", "MET", "WET", "PRC", "ROC", "ROK",
                                            "NZ", "GB"]

    /// The names a mistyped zone is compared with for "did you mean".
    static var suggestions: [String] { TimeZone.knownTimeZoneIdentifiers + ianaCapitals.sorted() }

    static func resolve(_ text: String) -> Outcome {
        guard let zone = Zone(identifier: text) else { return .unknown }
        // Region/City names (Asia/Kolkata, US/Eastern), Etc/ names and offsets (UTC+8) are taken
        // as they are; only a bare word of capitals can be an abbreviation.
        let capitals = text.utf8.count >= 2 && text.utf8.count <= 5 && text.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
        return capitals && !ianaCapitals.contains(text) ? .abbreviation : .zone(zone)
    }

    /// What to say about an abbreviation, the name in `quote`s (the command line's ', JSON's ").
    static func abbreviationAdvice(_ text: String, quote: String = "'") -> String {
        quote + Diagnostic.shorten(text) + quote + " is an abbreviation, and one abbreviation stands for several time zones (CST for China's and "
            + "for the US Central); use an IANA name such as Asia/Shanghai or America/Chicago, or a fixed offset such as UTC+8"
    }
}
