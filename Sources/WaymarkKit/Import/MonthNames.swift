/// Month names as phones write them in dates (`7 września`, `7. September`, `7 de septiembre`,
/// `March 17`), in the languages Waymark's users' apps are seen in: the wide and abbreviated
/// forms of CLDR for en, de, fr, es, it, nl, pl, pt, ru, uk and cs, with the genitive forms
/// Slavic languages use after a day number, and the stand-alone forms beside them.
///
/// A word is matched whole, lower-cased, without a final dot and with its accents as written
/// (Polish `maj` and `maja` are both May, but no name is folded into another).
enum MonthNames {
    /// Lists of twelve (January first); several forms of one month are separated by `/`.
    private static let lists: [String] = [
        // en
        "january february march april may june july august september october november december",
        "jan feb mar apr may jun jul aug sep/sept oct nov dec",
        // de (Austrian Jänner)
        "januar/jänner februar märz april mai juni juli august september oktober november dezember",
        "jan/jän feb mär/mrz apr mai jun juli aug sep/sept okt nov dez",
        // fr
        "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
        "janv févr/fév mars avr mai juin juil août sept oct nov déc",
        // es (setiembre in some countries)
        "enero febrero marzo abril mayo junio julio agosto septiembre/setiembre octubre noviembre diciembre",
        "ene feb mar abr may jun jul ago sept/sep/set oct nov dic",
        // it
        "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
        "gen feb mar apr mag giu lug ago set ott nov dic",
        // nl
        "januari februari maart april mei juni juli augustus september oktober november december",
        "jan feb mrt apr mei jun jul aug sep okt nov dec",
        // pl: genitive (after a day), then nominative, then abbreviations
        "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia",
        "styczeń luty marzec kwiecień maj czerwiec lipiec sierpień wrzesień październik listopad grudzień",
        "sty lut mar kwi maj cze lip sie wrz paź lis gru",
        // pt
        "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
        "jan fev mar abr mai jun jul ago set out nov dez",
        // ru: genitive, nominative
        "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
        "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь",
        // uk: genitive, nominative
        "січня лютого березня квітня травня червня липня серпня вересня жовтня листопада грудня",
        "січень лютий березень квітень травень червень липень серпень вересень жовтень листопад грудень",
        // cs: genitive, nominative
        "ledna února března dubna května června července srpna září října listopadu prosince",
        "leden únor březen duben květen červen červenec srpen září říjen listopad prosinec",
    ]

    /// Every form, lower-cased, to its month (1...12).
    static let table: [String: Int] = {
        var table: [String: Int] = [:]
        for list in lists {
            for (index, forms) in list.split(separator: " ").enumerated() {
                for form in forms.split(separator: "/") { table[String(form)] = index + 1 }
            }
        }
        return table
    }()

    /// The month a word names (`września` → 9, `Sept.` → 9, `März` → 3), or nil.
    static func month(_ word: Substring) -> Int? {
        var w = word.lowercased()
        while w.hasSuffix(".") { w.removeLast() }
        return table[w]
    }

    /// A day and month as written without a year: `7 września`, `7. September`, `7 de
    /// septiembre`, `March 17`, `17 Mar`, `9月7日`.
    static func dayAndMonth(_ text: String) -> (month: Int, day: Int)? {
        let trimmed = text.trimmingWhitespace()
        // Chinese and Japanese: 9月7日.
        if let monthMark = trimmed.firstIndex(of: "月") {
            let monthText = String(trimmed[..<monthMark]).trimmingWhitespace()
            var dayText = String(trimmed[trimmed.index(after: monthMark)...]).trimmingWhitespace()
            if dayText.hasSuffix("日") { dayText.removeLast() }
            guard let m = ClockText.digits(Substring(monthText), 1...2), let d = ClockText.digits(Substring(dayText), 1...2),
                  (1...12).contains(m) else { return nil }
            return (m, d)
        }
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\u{A0}" })
            .filter { $0.lowercased() != "de" }
        guard words.count == 2 else { return nil }
        func dayNumber(_ w: Substring) -> Int? {
            var w = w
            while w.hasSuffix(".") { w = w.dropLast() }
            return ClockText.digits(w, 1...2)
        }
        if let d = dayNumber(words[0]), let m = month(words[1]) { return (m, d) }
        if let m = month(words[0]), let d = dayNumber(words[1]) { return (m, d) }
        return nil
    }
}
