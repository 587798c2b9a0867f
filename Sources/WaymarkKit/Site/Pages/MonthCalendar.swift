/// The calendar on a month page: one row per week, Monday first, each day of the month with the
/// points it earned (and spent) linking to its records further down; days of the months around
/// it stay empty.
enum MonthCalendar {
    /// The anchor of a day's records on its month page: "d2026-11-03".
    static func anchor(_ d: LocalDate) -> String { "d" + d.description }

    static func html(_ f: MonthFigures, _ r: PageRenderer) -> [UInt8] {
        let phrases = r.phrases
        var out = ByteBuffer(capacity: 4_000)
        out.markup("<table class=\"month-calendar\">\n<caption>")
        out.text(r.text(.monthCalendarCaption, ["month": r.format.monthYear(year: f.first.year, month: f.first.month)]))
        out.markup("</caption>\n<thead><tr>")
        for d in 1...7 {
            out.markup("<th scope=\"col\">")
            out.text(phrases.weekday(d))
            out.markup("</th>")
        }
        out.markup("</tr></thead>\n<tbody>\n")
        for week in f.weeks {
            out.markup("<tr>")
            for cell in week {
                guard let i = cell else {
                    out.markup("<td class=\"outside\"></td>")
                    continue
                }
                let day = f.first.adding(days: i)
                let earned = f.earned[i], spent = f.spent[i]
                guard f.records[i] > 0 else {
                    out.markup("<td class=\"quiet\"><span class=\"n\">")
                    out.digits(UInt(i + 1))
                    out.markup("</span></td>")
                    continue
                }
                var label = r.format.shortDate(day) + phrases.colon + phrases.points(earned)
                if spent > 0 { label += " · " + r.text(.spentAmount, ["n": r.format.integer(spent)]) }
                out.markup("<td><a href=\"#")
                out.text(anchor(day))
                out.markup("\" aria-label=\"")
                out.text(label)
                out.markup("\"><span class=\"n\">")
                out.digits(UInt(i + 1))
                out.markup("</span><span class=\"p\">")
                out.text(r.format.integer(earned))
                out.markup("</span>")
                if spent > 0 {
                    out.markup("<span class=\"s\">−")
                    out.text(r.format.integer(spent))
                    out.markup("</span>")
                }
                out.markup("</a></td>")
            }
            out.markup("</tr>\n")
        }
        out.markup("</tbody>\n</table>")
        return out.bytes
    }
}
