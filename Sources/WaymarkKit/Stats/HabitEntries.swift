/// One habit's days as Loop Habit Tracker fills them in before computing streaks (its
/// `EntryList.recomputeFrom`): for a yes/no habit, every day of a window of `denominator` days
/// that holds `numerator` checks counts as done ("automatic") even when it was not checked, so a
/// 3-times-a-week habit done on Monday, Wednesday and Friday is done all week. See
/// `docs/statistics.md`, "Habit strength and streaks".
public struct HabitEntries: Sendable, Equatable {
    /// What a day holds once filled in.
    public enum Kind: UInt8, Sendable {
        /// No check and not inside a filled-in window (Loop's UNKNOWN or NO).
        case none
        /// At least one check (Loop's YES_MANUAL: several checks on a day are one).
        case manual
        /// Not checked but inside a window the frequency was met in (Loop's YES_AUTO).
        case automatic
        /// Skipped and not checked (Loop's SKIP).
        case skipped
    }

    /// The day of `kinds[0]`: the habit's first day (`HabitDays.first`).
    public let first: LocalDate
    /// One kind per day, index-aligned with the `HabitDays` they come from (first day to today).
    public let kinds: [Kind]
    /// Filled-in days just before `first`: Loop slides a window back in time to join it to the
    /// next one, which can reach before the first check. They are `automatic` and run up to
    /// `first`; they matter only to the first streak (the strength before `first` stays 0).
    public let lead: Int

    /// Windows longer than this are cut to it, so `begin + size` cannot overflow on a
    /// frequency such as 1 in 10^18 days (about 274 years: longer than any record).
    static let maxWindow = 100_000

    public init(_ days: HabitDays, rule: HabitRule) {
        first = days.first
        var kinds = [Kind](repeating: .none, count: days.count)
        for i in kinds.indices {
            if days.checks[i] > 0 {
                kinds[i] = .manual
            } else if days.skipped[i] {
                kinds[i] = .skipped
            }
        }
        var lead = 0
        // Loop copies a numerical habit's entries as they are; only yes/no habits are filled in.
        if !rule.isNumerical {
            let firstNumber = days.first.dayNumber
            let manual = kinds.indices.reversed().filter { kinds[$0] == .manual }.map { firstNumber + $0 }
            var windows = Self.intervals(manualNewestFirst: manual, frequency: rule.frequency)
            Self.snapTogether(&windows)
            // Marked with a difference array: linear in days plus windows, however long they are.
            var cover = [Int](repeating: 0, count: kinds.count + 1)
            for w in windows {
                lead = max(lead, firstNumber - w.begin)
                let lo = max(0, w.begin - firstNumber), hi = min(kinds.count - 1, w.end - firstNumber)
                if lo <= hi {
                    cover[lo] += 1
                    cover[hi + 1] -= 1
                }
            }
            var covered = 0
            for i in kinds.indices {
                covered += cover[i]
                if covered > 0 && kinds[i] == .none { kinds[i] = .automatic }
            }
        }
        self.kinds = kinds
        self.lead = lead
    }

    /// A window of Loop's: from `begin`, the `numerator`-th check counting back from `center`,
    /// for `denominator` days. Day numbers (`LocalDate.dayNumber`).
    struct Interval: Equatable {
        var begin: Int
        var center: Int
        var end: Int
    }

    /// Loop's `buildIntervals`: for each run of `numerator` consecutive checks (newest first) that
    /// fits in `denominator` days, the window starting at the oldest of them. A 30- or 31-day
    /// frequency means a month: the window is as long as the month it starts in (the next month
    /// when it starts on a month's last day). Newest window first.
    static func intervals(manualNewestFirst days: [Int], frequency: Frequency) -> [Interval] {
        let num = frequency.numerator
        guard num >= 1, num <= days.count else { return [] }
        var result: [Interval] = []
        for i in (num - 1)..<days.count {
            let begin = days[i], center = days[i - num + 1]
            var size = min(frequency.denominator, maxWindow)
            if frequency.denominator == 30 || frequency.denominator == 31 {
                let date = LocalDate(dayNumber: begin)
                let month = date.day == LocalDate.daysIn(month: date.month, year: date.year) ? date.adding(days: 1) : date
                size = LocalDate.daysIn(month: month.month, year: month.year)
            }
            if center - begin < size {
                result.append(Interval(begin: begin, center: center, end: begin + size - 1))
            }
        }
        return result
    }

    /// Loop's `snapIntervalsTogether`: each window that overlaps the newer one (already moved)
    /// slides back in time by the overlap plus a day, but never so far that it stops holding its
    /// `center`, so windows line up end to start and streaks are as long as they can be.
    static func snapTogether(_ windows: inout [Interval]) {
        guard windows.count > 1 else { return }
        for i in 1..<windows.count {
            let next = windows[i - 1]
            var current = windows[i]
            let overlap = current.end - next.begin
            if overlap >= 0 {
                let shift = min(current.end - current.center, overlap + 1)
                current.begin -= shift
                current.end -= shift
                windows[i] = current
            }
        }
    }

    /// A numerical amount in thousandths, as Loop stores it (an integer × 1000), so rolling sums
    /// add and subtract exactly. Negative and non-finite amounts are 0 (Loop takes `max(0, v)`);
    /// amounts are capped at 2^40 thousandths (about 10^9), so no sum over any number of days
    /// between years 1 and 9999 can overflow.
    static func thousandths(_ amount: Double) -> Int {
        guard amount.isFinite, amount > 0 else { return 0 }
        let scaled = (amount * 1000).rounded()
        return scaled >= Double(maxThousandths) ? maxThousandths : Int(scaled)
    }

    static let maxThousandths = 1 << 40
}
