/// The text a count takes: English says "1 day" and "2 days" (and "0 days", "−1 point": by
/// CLDR, which reads the absolute value). Chinese counts with a measure word and never inflects
/// ("1 天", "2 天"), so its `one` and `other` texts are the same wherever grammar alone would
/// differ; they differ only where a lone item reads differently ("这一次锻炼的时长" against
/// "这 3 次锻炼的合计时长"), and that text is the one for 1 too. Every counted phrase goes
/// through here, so a third language adds its rule in one place.
enum Plural: Sendable, Equatable {
    case one, other

    static func of(_ n: Int, in language: Language) -> Plural {
        switch language {
        case .en: return n.magnitude == 1 ? .one : .other
        case .zhHans: return n.magnitude == 1 ? .one : .other
        }
    }
}
