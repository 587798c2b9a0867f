/// `points/index.html` (the newest records and a month archive) and `points/YYYY-MM.html`
/// (every record of one month). Rows are written straight into one string: a million records
/// must not go through a template one by one.
enum PointsPages {
    /// At most how many records the index page lists before pointing to the month pages: about
    /// two weeks of a busy history, and a page well under 150 KB.
    static let indexLimit = 300

    /// The newest records for the index: up to `limit`, ending with a whole day unless the
    /// newest day alone holds more than `limit`.
    static func newest(_ all: PointsNewestFirst, limit: Int, zone: Zone) -> Slice<PointsNewestFirst> {
        guard all.count > limit, limit > 0 else { return all[...] }
        let cutDay = all[all.startIndex + limit].date.dayNumber(in: zone)
        var end = all.startIndex + limit
        while end > all.startIndex && all[end - 1].date.dayNumber(in: zone) == cutDay { end -= 1 }
        return all[all.startIndex..<(end > all.startIndex ? end : all.startIndex + limit)]
    }

    /// `points/index.html`: habits, the month archive and the newest records.
    static func renderIndex(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let archive = archiveGrid(content, r)
        let shown = newest(content.pointsNewestFirst, limit: indexLimit, zone: content.zone)
        let phrases = r.phrases
        let habits: [TemplateValue] = content.export.tags.compactMap { tag in
            guard let name = tag.name, let slug = content.tagSlugs[name] else { return nil }
            var facts: [String] = []
            if tag.durationMinutes > 0 { facts.append(r.text(.perSession, ["d": phrases.duration(minutes: tag.durationMinutes)])) }
            if let p = tag.point { facts.append(r.text(.pointsPerSession, ["n": phrases.points(p)])) }
            return [
                "id": .string("tag-" + slug), "name": .string(name), "color": .from(tag.color?.description),
                "href": .string("../habits/" + slug + ".html"),
                "facts": .string(facts.joined(separator: " · ")),
                "descriptionHTML": content.arranged.tagDescriptions[name].map { .html($0) } ?? .null,
            ]
        }
        return try r.page("points/index.html", template: "points", title: r.text(.pointsTitle), section: "points", [
            "habits": .array(habits),
            "spending": spending(content, phrases, r),
            "archive": archive,
            "table": .finishedHTML(table(shown, content, r, page: "points/index.html", longDates: true)),
            "truncated": .bool(shown.count < content.pointsNewestFirst.count),
            "empty": .bool(shown.isEmpty),
        ])
    }

    /// The month archive as a grid: a row per year (newest first, its heading linking to the
    /// year's page), a column per month, each month with records showing the points it earned
    /// and linking to its page. Eleven rows for a decade instead of 120.
    static func archiveGrid(_ content: SiteContent, _ r: PageRenderer) -> TemplateValue {
        let months = content.points.months
        guard !months.isEmpty else { return .null }
        let reviewed = Set(content.years.map(\.year))
        var rows: [TemplateValue] = []
        var i = 0
        while i < months.count {
            let year = months[i].year
            // An explicit null: a cell without the key would find the row's `href` (the year page).
            var cells = [TemplateValue](repeating: ["href": .null], count: 12)
            while i < months.count && months[i].year == year {
                let m = months[i]
                if (1...12).contains(m.month) {
                    cells[m.month - 1] = ["href": .string(m.slug + ".html"), "earned": .string(r.format.integer(m.earned))]
                }
                i += 1
            }
            rows.append(["year": .string(String(year)), "href": reviewed.contains(year) ? .string("../" + YearPages.path(year)) : .null,
                         "cells": .array(cells)])
        }
        return ["months": .array((1...12).map { ["label": .string(r.format.monthShort($0))] }), "years": .array(rows)]
    }

    /// How many spending records the points page lists (the month pages hold all of them).
    static let spendingLimit = 30

    /// The balance and what points were spent on: items by points spent, then the latest records.
    static func spending(_ content: SiteContent, _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        let b = content.balance
        guard !b.spendings.isEmpty else { return .null }
        let f = r.format
        return [
            "balanceLine": .string(r.text(.balanceLine, ["n": f.integer(b.balance),
                                                         "note": r.text(.balanceNote, ["earned": f.integer(b.earned), "spent": f.integer(b.spent)])])),
            "items": .array(b.items.map { item in
                ["name": .string(item.name ?? typeLabel(item.type, r)), "kind": .string(typeLabel(item.type, r)),
                 "times": .string(f.integer(item.times)), "spent": .string(f.integer(item.spent)),
                 "last": .string(f.longDate(item.last)), "machine": .string(item.last.description)]
            }),
            "recent": .array(b.spendings.prefix(spendingLimit).map { s in
                ["name": .string(s.name ?? typeLabel(s.type, r)), "points": .string("−" + f.integer(s.points)),
                 "date": .string(f.longDate(s.day)), "machine": .string(s.day.description)]
            }),
        ]
    }

    /// `points/YYYY-MM.html`: every record of month `index` (of `content.points.months`, newest
    /// first): links to the months before and after, a calendar with the points of each day, the
    /// habits' totals and the records day by day.
    static func renderMonth(_ index: Int, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let months = content.points.months
        let m = months[index]
        let title = r.format.monthYear(year: m.year, month: m.month)
        let first = LocalDate(year: m.year, month: m.month, day: 1) ?? LocalDate(dayNumber: 0)
        let figures = MonthFigures(first: first, records: m.records, zone: content.zone)
        let phrases = r.phrases
        func link(_ other: PointsMonth?) -> TemplateValue {
            other.map { ["href": .string($0.slug + ".html"), "label": .string(r.format.monthYear(year: $0.year, month: $0.month))] } ?? .null
        }
        let habits: [TemplateValue] = figures.habits.map { h in
            let color = content.arranged.tagColors[h.name]?.description
            return ["name": .string(h.name), "href": HabitPages.path(h.name, content).map { .string("../" + $0) } ?? .null,
                    "color": .from(color), "times": .string(r.format.integer(h.times)), "points": .string(phrases.signed(h.points))]
        }
        return try r.page("points/\(m.slug).html", template: "points-month", title: title, section: "points", [
            "month": .string(title),
            "count": .string(r.phrases.records(m.records.count)),
            "earned": .string(r.format.integer(m.earned)),
            "spent": .string(r.format.integer(m.spent)),
            // Newest first: the previous month is the next one in the list.
            "previous": link(index + 1 < months.count ? months[index + 1] : nil),
            "next": link(index > 0 ? months[index - 1] : nil),
            "neighbours": .bool(months.count > 1),
            "calendar": .htmlBytes(MonthCalendar.html(figures, r)),
            "habits": .array(habits),
            "table": .finishedHTML(table(m.records, content, r, page: "points/\(m.slug).html", longDates: false)),
        ])
    }

    /// The label of a record's type in the page's language.
    static func typeLabel(_ type: String?, _ r: PageRenderer) -> String {
        switch type?.lowercased() {
        case "tag"?: return r.text(.typeTag)
        case "target"?: return r.text(.typeTarget)
        case "game"?: return r.text(.typeGame)
        case "shop"?: return r.text(.typeShop)
        case let other?: return other.isEmpty ? r.text(.typeOther) : other
        case nil: return r.text(.typeOther)
        }
    }

    /// "00:00" … "23:59", made once: a million rows must not format a million times.
    static let clock: [[UInt8]] = (0..<1440).map { Array((pad($0 / 60, 2) + ":" + pad($0 % 60, 2)).utf8) }

    /// A table of records, escaped value by value, one group (`<tbody>`) per day: the day's
    /// heading with its points and an anchor the month calendar links to, then a row per record
    /// with its time. Records arrive newest first, so a day's rows are contiguous; they are
    /// gathered before the heading, which shows their sum. `page` is the table's page (for links);
    /// `longDates` adds the year to the day headings. (Target pages show their records with it too.)
    /// The table is finished markup (`TemplateValue.finishedHTML`): its text has its dates wrapped
    /// as `DateNoBreak` wraps a page's, so the page's pass need not read its rows again. Numbers
    /// and clock times cannot be dates; every other piece of text goes through `DateNoBreak.wrapText`
    /// (the day's heading is in a `<time>`, which the pass leaves alone).
    static func table<Records: Collection<PointRecord>>(_ records: Records, _ content: SiteContent, _ r: PageRenderer,
                                                        page: String = "points/index.html", longDates: Bool = true) -> [UInt8] {
        guard !records.isEmpty else { return [] }
        let phrases = r.phrases
        var out = ByteBuffer(capacity: records.count * 100 + 400)
        out.markup("<table class=\"records points-table\">\n<caption class=\"visually-hidden\">")
        out.raw(dated(r.text(.pointRecords)))
        out.markup("</caption>\n<thead><tr><th scope=\"col\">")
        out.raw(dated(r.text(.time)))
        out.markup("</th><th scope=\"col\">")
        out.raw(dated(r.text(.points)))
        out.markup("</th><th scope=\"col\">")
        out.raw(dated(r.text(.type)))
        out.markup("</th><th scope=\"col\">")
        out.raw(dated(r.text(.name)))
        out.markup("</th></tr></thead>\n")
        // A habit check's name links to the habit's page: the cell (link and name) is made once
        // per name, and so is every other name's, description's and type's text.
        var habitNames = ExactNames(), habitCells: [[UInt8]] = []  // numbered as `habitNames`
        var texts = ExactNames(), textPieces: [[UInt8]] = []  // numbered as `texts`
        func piece(_ text: String) -> [UInt8] {
            let (number, new) = texts.insert(text)
            if new { textPieces.append(dated(text)) }
            return textPieces[number]
        }
        let root = SitePath.root(from: page)
        var lastType: String?? = .none, label: [UInt8] = []
        // The day being gathered: its rows and sums, written out when the next day begins.
        var day = ByteBuffer(capacity: 4_096)
        var dayNumber = Int.min, earned = 0, spent = 0
        // A day's total as written: days repeat totals, and a sentence costs a thousand rows.
        var totals: [Int: [UInt8]] = [:]
        func closeDay() {
            guard dayNumber != Int.min else { return }
            let date = LocalDate(dayNumber: dayNumber)
            out.markup("<tbody id=\"")
            out.text(MonthCalendar.anchor(date))
            out.markup("\"><tr class=\"day\"><th scope=\"rowgroup\" colspan=\"4\"><time datetime=\"")
            out.text(date.description)
            out.markup("\">")
            out.text(r.text(.recordsDayHeading, ["weekday": r.format.weekday(date),
                                                 "date": longDates ? r.format.longDate(date) : r.format.shortDate(date)]))
            out.markup("</time> <span class=\"day-total\">")
            if totals[earned] == nil {
                totals[earned] = dated(phrases.counted(earned, one: .pointsOne, other: .pointsMany, ["n": "+" + r.format.integer(earned)]))
            }
            out.raw(totals[earned] ?? [])
            out.markup("</span>")
            if spent > 0 {
                out.markup(" <span class=\"spent\">−")
                out.text(r.format.integer(spent))
                out.markup("</span>")
            }
            out.markup("</th></tr>\n")
            out.append(day)
            out.markup("</tbody>\n")
            day.removeAll()
            earned = 0
            spent = 0
        }
        // The wall-clock seconds of the local day being written: records come newest first, so
        // most share the day of the one before and need no calendar arithmetic.
        var dayStart = Int64.max, dayEnd = Int64.min
        let clock = PointsPages.clock  // once, not a lazy global's check per row
        for record in records {
            var minuteOfDay: Int?
            let number: Int
            switch record.date {
            case .instant(let s):
                let wall = s + Int64(content.zone.offset(at: s))
                if wall < dayStart || wall >= dayEnd {
                    number = LocalDateTime.dayNumber(secondsAsUTC: wall)
                    dayStart = Int64(number) * 86_400
                    dayEnd = dayStart + 86_400
                } else {
                    number = Int(dayStart / 86_400)
                }
                minuteOfDay = Int((wall - dayStart) / 60)
            case .day(let d):
                number = d.dayNumber
            }
            if number != dayNumber {
                closeDay()
                dayNumber = number
            }
            if lastType != .some(record.type) {
                label = piece(typeLabel(record.type, r))
                lastType = .some(record.type)
            }
            day.markup("<tr><td>")
            if let minuteOfDay { day.raw(clock[minuteOfDay]) }
            let p = record.point
            if p > 0 { earned = earned.saturatingAdd(p) } else { spent = spent.saturatingSubtract(p) }
            day.markup(p < 0 ? "</td><td class=\"spent\">" : "</td><td>")
            if p > 0 { day.markup("+") }
            if p > -1000 && p < 1000 {
                if p < 0 { day.markup("−") }
                day.digits(p.magnitude)
            } else {
                day.text(r.format.integer(p))
            }
            day.markup("</td><td>")
            day.raw(label)
            day.markup("</td><td>")
            if let name = record.name {
                if record.type == "tag" {
                    let (number, new) = habitNames.insert(name)
                    if new {
                        var cell = ByteBuffer(capacity: 64)
                        let path = HabitPages.path(name, content)
                        if let path {
                            cell.markup("<a href=\"")
                            cell.text(root + path)
                            cell.markup("\">")
                        }
                        cell.raw(dated(name))
                        if path != nil { cell.markup("</a>") }
                        habitCells.append(cell.bytes)
                    }
                    day.raw(habitCells[number])
                } else {
                    day.raw(piece(name))
                }
            }
            if let describe = record.describe, !describe.isEmpty {
                day.markup("<span class=\"describe\">")
                day.raw(piece(describe))
                day.markup("</span>")
            }
            day.markup("</td></tr>\n")
        }
        closeDay()
        out.markup("</table>")
        return out.bytes
    }

    /// `text` escaped, with its dates wrapped as the page's pass would wrap them.
    static func dated(_ text: String) -> [UInt8] {
        var escaped = ByteBuffer(capacity: text.utf8.count + 8)
        escaped.text(text)
        return DateNoBreak.wrapText(escaped.bytes)
    }
}
