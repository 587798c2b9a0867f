/// Daylio's dates and times as its CSV export writes them, which depends on the app's version
/// and the phone's 12/24-hour setting.
enum DaylioClock {
    /// `21:30`, `9:30`, `9:30 PM`, `9:30pm`, `12:05 am` (seconds allowed): hour and minute.
    static func time(_ text: String) -> (hour: Int, minute: Int)? {
        let s = Array(text.trimmingWhitespace().lowercased().utf8)
        var i = 0
        func number(_ maxDigits: Int) -> Int? {
            var value = 0, count = 0
            while i < s.count, count < maxDigits, s[i] >= 48, s[i] <= 57 {
                value = value * 10 + Int(s[i] - 48)
                i += 1
                count += 1
            }
            return count > 0 ? value : nil
        }
        func skip(_ c: UInt8) -> Bool {
            guard i < s.count, s[i] == c else { return false }
            i += 1
            return true
        }
        // Minutes and seconds have two digits each.
        guard var hour = number(2), skip(UInt8(ascii: ":")), let minute = number(2), minute >= 10 || s[i - 2] == 48, minute <= 59 else { return nil }
        if skip(UInt8(ascii: ":")) {
            guard let second = number(2), second >= 10 || s[i - 2] == 48, second <= 59 else { return nil }
        }
        while skip(UInt8(ascii: " ")) {}
        let rest = String(decoding: s[i...], as: UTF8.self)
        switch rest {
        case "":
            guard hour <= 23 else { return nil }
        case "am", "a.m.", "pm", "p.m.":
            guard (1...12).contains(hour) else { return nil }
            hour %= 12
            if rest.hasPrefix("p") { hour += 12 }
        default:
            return nil
        }
        return (hour, minute)
    }

    /// `2023-05-01` (the `full_date` column).
    static func fullDate(_ text: String) -> LocalDate? {
        if case .day(let date)? = DateTimeText.parse(text) { return date }
        return nil
    }

    /// The oldest exports' `year` column with the day and month as the phone writes them
    /// (`18 May`, `May 18`, `7 września`, `7. September`, `7 de septiembre`, `9月7日`: the month
    /// names of `MonthNames`, full or abbreviated).
    static func date(year yearText: String, dayAndMonth: String) -> LocalDate? {
        let yearText = yearText.trimmingWhitespace()
        guard yearText.utf8.count == 4, let year = Int(yearText) else { return nil }
        if let (month, day) = MonthNames.dayAndMonth(dayAndMonth) { return LocalDate(year: year, month: month, day: day) }
        let words = dayAndMonth.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "." })
        guard words.count == 2 else { return nil }
        let (dayWord, monthWord) = Int(words[0]) != nil ? (words[0], words[1]) : (words[1], words[0])
        guard dayWord.utf8.count <= 2, let day = Int(dayWord), let month = month(String(monthWord)) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                         "october", "november", "december"]

    /// 1...12 for an English month name or its first three or four letters (`Sept`, `Octo`).
    static func month(_ word: String) -> Int? {
        let w = word.lowercased()
        guard w.utf8.count >= 3 else { return nil }
        return months.firstIndex { $0 == w || ($0.hasPrefix(w) && w.utf8.count <= 4) }.map { $0 + 1 }
    }
}
