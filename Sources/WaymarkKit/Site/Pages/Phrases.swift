/// Counted and relative phrases in the page's language: "1 day" / "3 days" / "3 天",
/// "7 h 30 min" / "7小时30分钟", "Today" / "Nov 28".
struct Phrases: Sendable {
    let language: Language
    let format: LocaleFormat

    init(_ language: Language) {
        self.language = language
        self.format = LocaleFormat(language)
    }

    private func text(_ key: UIString, _ values: [String: String] = [:]) -> String { key.text(language, values) }

    /// Between a label and its value: full width in Chinese ("11月29日：3 分"), ": " in English.
    var colon: String { language == .zhHans ? "：" : ": " }

    /// Between the items of a run-in list: "；" in Chinese, "; " in English.
    var listSeparator: String { language == .zhHans ? "；" : "; " }

    /// `one` or `other` by the language's plural rule (`Plural`), with `{n}` filled in: the one
    /// place a count chooses its wording.
    func counted(_ n: Int, one: UIString, other: UIString, _ values: [String: String] = [:]) -> String {
        var values = values
        values["n"] = values["n"] ?? format.integer(n)
        return text(Plural.of(n, in: language) == .one ? one : other, values)
    }

    func days(_ n: Int) -> String { counted(n, one: .daysOne, other: .daysMany) }

    /// A length in `unit`s: "3 weeks", "2 months", else days.
    func length(_ n: Int, in unit: HabitHistory.Unit?) -> String {
        switch unit {
        case .week?: return counted(n, one: .weeksOne, other: .weeksMany)
        case .month?: return counted(n, one: .monthsOne, other: .monthsMany)
        default: return days(n)
        }
    }

    func points(_ n: Int) -> String { counted(n, one: .pointsOne, other: .pointsMany) }

    /// "1 record", "568 records", "568 条记录".
    func records(_ n: Int) -> String { counted(n, one: .recordsOne, other: .recordsMany) }

    func duration(minutes: Int) -> String { duration(minutes: minutes, breakable: false) }

    /// `duration` as a card's large figure, which may break between its hours and its minutes
    /// when the card is narrow ("64小时" over "30分钟", not "64小时30" over "分钟"): Chinese,
    /// which writes no space there, gets a zero-width one.
    func durationFigure(minutes: Int) -> String { duration(minutes: minutes, breakable: true) }

    private func duration(minutes: Int, breakable: Bool) -> String {
        let h = minutes / 60, m = minutes % 60
        if h == 0 { return text(.minutesOnly, ["m": String(m)]) }
        if m == 0 { return text(.hoursOnly, ["h": format.integer(h)]) }
        guard breakable else { return text(.hoursMinutes, ["h": format.integer(h), "m": String(m)]) }
        return text(.hoursOnly, ["h": format.integer(h)]) + (language == .zhHans ? "\u{200B}" : " ") + text(.minutesOnly, ["m": String(m)])
    }

    /// "Today", "Yesterday", else the date (with the year when it is not this year's).
    func day(_ d: LocalDate, today: LocalDate) -> String {
        if d == today { return text(.today) }
        if d == today.adding(days: -1) { return text(.yesterday) }
        return d.year == today.year ? format.shortDate(d) : format.longDate(d)
    }

    /// A date in a sentence: short within the year of `today`, long otherwise.
    func date(_ d: LocalDate, today: LocalDate) -> String {
        d.year == today.year ? format.shortDate(d) : format.longDate(d)
    }

    /// "+12", "−3", "0".
    func signed(_ n: Int) -> String { n > 0 ? "+" + format.integer(n) : format.integer(n) }

    /// "+50.0%", "−12.5%".
    func signedPercent(_ x: Double) -> String {
        let text = format.decimal(x) + "%"
        return x >= 0.05 ? "+" + text : text
    }

    /// The name of an ISO weekday (1 = Monday).
    func weekday(_ iso: Int) -> String {
        // 2026-11-23 was a Monday.
        format.weekday(LocalDate(dayNumber: 20_780 + iso - 1))
    }

    /// A habit's frequency in words: "every day", "3 times a week", "once a month",
    /// "every 3 days", "2 times in 3 days".
    func frequency(_ f: Frequency) -> String {
        let n = f.numerator, d = f.denominator
        if n >= d { return text(.freqDaily) }
        let count = ["n": format.integer(n)]
        switch d {
        case 7: return n == 1 ? text(.freqOnceWeek) : text(.freqTimesWeek, count)
        case 30, 31: return n == 1 ? text(.freqOnceMonth) : text(.freqTimesMonth, count)
        default: return n == 1 ? text(.freqEveryDays, ["d": format.integer(d)]) : text(.freqTimesDays, ["n": format.integer(n), "d": format.integer(d)])
        }
    }

    /// "a day", "a week", "a month", "per 3 days": the span a numerical target is counted over.
    func per(_ days: Int) -> String {
        switch days {
        case 1: return text(.perDayWord)
        case 7: return text(.perWeekWord)
        case 30, 31: return text(.perMonthWord)
        default: return text(.perDaysWord, ["d": format.integer(days)])
        }
    }
}
