/// How often a habit is meant to be done: `numerator` times every `denominator` days, as Loop
/// Habit Tracker stores it (3 in 7 is "3 times per week", 1 in 1 "every day").
public struct Frequency: Hashable, Sendable {
    public var numerator: Int
    public var denominator: Int

    /// Nil unless both parts are positive.
    public init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0 else { return nil }
        self.numerator = numerator
        self.denominator = denominator
    }

    public static let daily = Frequency(numerator: 1, denominator: 1)!
}
