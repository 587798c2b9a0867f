/// HabitBull's `CalendarDate`: `2016-03-18`, `2017-01-03T00:00:00.000`, or with slashes in the
/// phone's short date format (`11/5/2020`; US phones write month first).
enum HabitBullDate {
    /// Which number of a slashed date is the month.
    enum SlashOrder: Equatable {
        case monthFirst, dayFirst
    }

    /// The order of a file's slashed dates: day first only when some date's first number cannot be
    /// a month (`13/4/2019`) and none's second number can only be a day; month first otherwise.
    static func order(of texts: [String]) -> SlashOrder {
        var firstIsDay = false, secondIsDay = false
        for text in texts {
            guard let parts = slashParts(text) else { continue }
            if parts.0 > 12 { firstIsDay = true }
            if parts.1 > 12 { secondIsDay = true }
        }
        return firstIsDay && !secondIsDay ? .dayFirst : .monthFirst
    }

    /// The day `text` names, or nil.
    static func parse(_ text: String, order: SlashOrder) -> LocalDate? {
        if let (a, b, year) = slashParts(text) {
            return order == .monthFirst ? LocalDate(year: year, month: a, day: b) : LocalDate(year: year, month: b, day: a)
        }
        switch DateTimeText.parse(text) {
        case .day(let date)?: return date
        // A time (always midnight in HabitBull's files) does not change the day it was written on.
        case .wallTime(let wall)?: return wall.date
        case .instant(let seconds)?: return LocalDateTime(secondsAsUTC: seconds).date
        case nil: return nil
        }
    }

    /// `a/b/yyyy` as three numbers (a and b of one or two digits), or nil.
    static func slashParts(_ text: String) -> (Int, Int, Int)? {
        let parts = text.trimmingWhitespace().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].utf8.count <= 2, parts[1].utf8.count <= 2, parts[2].utf8.count == 4,
              parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } && !$0.isEmpty }),
              let a = Int(parts[0]), let b = Int(parts[1]), let year = Int(parts[2]) else { return nil }
        return (a, b, year)
    }
}
