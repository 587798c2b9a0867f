/// The plural category of a count, by CLDR's rules for the two languages: English says "1 day"
/// and "2 days" (and "0 days", "−1 point": CLDR reads the absolute value); Chinese counts with a
/// measure word and never inflects ("1 天", "2 天"). Every counted phrase goes through here, so a
/// third language adds its rule in one place.
enum Plural: Sendable, Equatable {
    case one, other

    static func of(_ n: Int, in language: Language) -> Plural {
        switch language {
        case .en: return n.magnitude == 1 ? .one : .other
        case .zhHans: return .other
        }
    }
}
