/// How long and how regularly a person slept over the nights ending with the last one that
/// has sleep: the mean minutes asleep, and the mean and spread of the times they went to bed and
/// woke up (docs/activity.md).
///
/// Bedtimes are counted in minutes after noon (23:30 is 690, 00:30 is 750), so nights on either
/// side of midnight average to a time near it rather than to midday; wake times in minutes after
/// midnight. The spread is the population standard deviation, in minutes: 0 for a person who
/// goes to bed at the same minute every night; none for a single night, which has nothing to
/// vary from.
public struct SleepConsistency: Sendable, Equatable {
    /// Nights counted: those with minutes asleep in the window.
    public var nights: Int
    public var first: LocalDate
    public var last: LocalDate
    public var meanAsleep: Double
    /// Mean bedtime in minutes after noon and its spread (nil for one bedtime); nil without any.
    public var bedtime: (mean: Double, spread: Double?)?
    /// Mean wake time in minutes after midnight and its spread (nil for one wake time); nil without any.
    public var wake: (mean: Double, spread: Double?)?

    public static func == (a: SleepConsistency, b: SleepConsistency) -> Bool {
        a.nights == b.nights && a.first == b.first && a.last == b.last && a.meanAsleep == b.meanAsleep
            && a.bedtime?.mean == b.bedtime?.mean && a.bedtime?.spread == b.bedtime?.spread
            && a.wake?.mean == b.wake?.mean && a.wake?.spread == b.wake?.spread
    }

    /// The figures of the `days` nights ending with the last night of `nights` that has sleep;
    /// nil when no night has.
    public static func make(_ nights: [SleepNight], days: Int, in zone: Zone) -> SleepConsistency? {
        guard let last = nights.last(where: { $0.asleep != nil })?.night else { return nil }
        let first = last.adding(days: 1 - max(1, days))
        let shown = nights.filter { $0.asleep != nil && $0.night >= first && $0.night <= last }
        let asleep = shown.compactMap(\.asleep)
        func minutes(_ instant: Int64, from start: Int) -> Double {
            let t = zone.localDateTime(of: instant)
            return Double(((t.hour * 60 + t.minute) - start + 1440) % 1440)
        }
        let bedtimes = shown.compactMap(\.bedtime).map { minutes($0, from: 720) }
        let wakes = shown.compactMap(\.wake).map { minutes($0, from: 0) }
        return SleepConsistency(nights: shown.count, first: first, last: last, meanAsleep: asleep.reduce(0, +) / Double(asleep.count),
                                bedtime: spread(bedtimes), wake: spread(wakes))
    }

    /// The mean and population standard deviation (nil for one value); nil for no values.
    static func spread(_ values: [Double]) -> (mean: Double, spread: Double?)? {
        guard !values.isEmpty else { return nil }
        let mean = values.reduce(0, +) / Double(values.count)
        guard values.count > 1 else { return (mean, nil) }
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return (mean, variance.squareRoot())
    }
}
