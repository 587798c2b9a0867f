/// The value of one day of one Loop habit, as the database and both CSV formats store it
/// (uhabits' `Entry`): a code for yes/no habits, the amount × 1000 for numerical ones, where the
/// codes -1 (no data) and 3 (skipped) keep their meaning.
enum LoopEntry {
    static let unknown: Int64 = -1
    static let no: Int64 = 0
    static let yesAuto: Int64 = 1
    static let yesManual: Int64 = 2
    static let skip: Int64 = 3

    /// The code the current CSV format writes as a word (`Entry.formattedValue`).
    static func code(label: String) -> Int64? {
        switch label {
        case "YES_MANUAL": return yesManual
        case "YES_AUTO": return yesAuto
        case "NO": return no
        case "SKIP": return skip
        case "UNKNOWN": return unknown
        default: return nil
        }
    }

    /// What an entry means for a habit.
    enum Meaning: Equatable {
        /// Done: one point; a numerical habit's amount in its unit.
        case completion(amount: Double?)
        case skip
        /// Checked by Loop itself because the frequency allowed a day off.
        case automatic
        case no
        case unknown
        /// A numerical habit's entry of zero (or less): kept as an amount of 0, with no point.
        case zero
        /// A code a yes/no habit cannot have.
        case invalid
    }

    static func meaning(of value: Int64, numerical: Bool) -> Meaning {
        if value == unknown { return .unknown }
        if value == skip { return .skip }
        if numerical {
            // Loop counts max(0, value) for numerical habits (EntryList.groupedSum).
            return value > 0 ? .completion(amount: Double(value) / 1000) : .zero
        }
        switch value {
        case yesManual: return .completion(amount: nil)
        case yesAuto: return .automatic
        case no: return .no
        default: return .invalid
        }
    }

    /// Whether a legacy CSV file's values can only be a numerical habit's (amounts × 1000): the
    /// legacy Habits.csv does not say which habits are numerical.
    static func looksNumerical(_ values: [Int64]) -> Bool {
        values.contains { !(unknown...skip).contains($0) }
    }
}
