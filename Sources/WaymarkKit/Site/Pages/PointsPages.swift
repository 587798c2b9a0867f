/// `points/index.html` (the newest records and a month archive) and `points/YYYY-MM.html`
/// (every record of one month). Rows are written straight into one string: a million records
/// must not go through a template one by one.
enum PointsPages {
    /// How many records the index page lists before pointing to the month pages.
    static let indexLimit = 1000

    struct Month: Sendable {
        var year: Int
        var month: Int
        /// A slice of `SiteContent.pointsNewestFirst`: the month's records are not copied.
        var records: Slice<PointsNewestFirst>
        var earned = 0
        var spent = 0
        var slug: String { "\(pad(year, 4))-\(pad(month, 2))" }
    }

    /// The months that have records, newest first; one page each. `all` is
    /// `SiteContent.pointsNewestFirst`, which the months slice.
    static func months(_ all: PointsNewestFirst, zone: Zone) -> [Month] {
        var months: [Month] = []
        var start = all.startIndex
        var current: (year: Int, month: Int)?
        var earned = 0, spent = 0
        func close(at end: Int) {
            if let current { months.append(Month(year: current.year, month: current.month, records: all[start..<end], earned: earned, spent: spent)) }
        }
        // Day numbers, and a date only when the day changes: records come newest first, and a
        // month holds hundreds of them.
        var lastDay = Int.min, day = LocalDate(dayNumber: 0)
        for (i, record) in all.enumerated() {
            let number = record.date.dayNumber(in: zone)
            if number != lastDay {
                lastDay = number
                day = LocalDate(dayNumber: number)
            }
            if current.map({ $0.year != day.year || $0.month != day.month }) ?? true {
                close(at: i)
                current = (day.year, day.month)
                start = i
                earned = 0
                spent = 0
            }
            if record.point > 0 { earned += record.point } else { spent -= record.point }
        }
        close(at: all.endIndex)
        return months
    }

    /// `points/index.html`: habits, the month archive and the newest records.
    static func renderIndex(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let months = content.points.months
        let archive = TemplateValue.array(months.map { m in
            ["label": .string(r.format.monthYear(year: m.year, month: m.month)), "href": .string(m.slug + ".html"),
             "count": .string(r.format.integer(m.records.count)), "earned": .string(r.format.integer(m.earned)),
             "spent": .string(r.format.integer(m.spent))]
        })
        let shown = content.pointsNewestFirst.prefix(indexLimit)
        let phrases = Phrases(r.options.language)
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
            "table": .htmlBytes(table(shown, content, r)),
            "truncated": .bool(shown.count < content.pointsNewestFirst.count),
            "empty": .bool(shown.isEmpty),
        ])
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

    /// `points/YYYY-MM.html`: every record of one month.
    static func renderMonth(_ m: Month, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let title = r.format.monthYear(year: m.year, month: m.month)
        return try r.page("points/\(m.slug).html", template: "points-month", title: title, section: "points", [
            "month": .string(title),
            "count": .string(r.format.integer(m.records.count)),
            "earned": .string(r.format.integer(m.earned)),
            "spent": .string(r.format.integer(m.spent)),
            "table": .htmlBytes(table(m.records, content, r)),
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

    /// A table of records, escaped value by value. Records arrive sorted by time, so the date
    /// text of a row is usually the previous row's and is reused.
    static func table<Records: Collection<PointRecord>>(_ records: Records, _ content: SiteContent, _ r: PageRenderer) -> [UInt8] {
        guard !records.isEmpty else { return [] }
        var out = HTMLBytes(capacity: records.count * 120 + 400)
        out.markup("<table class=\"records points-table\">\n<thead><tr><th scope=\"col\">")
        out.text(r.text(.date))
        out.markup("</th><th scope=\"col\">")
        out.text(r.text(.time))
        out.markup("</th><th scope=\"col\">")
        out.text(r.text(.points))
        out.markup("</th><th scope=\"col\">")
        out.text(r.text(.type))
        out.markup("</th><th scope=\"col\">")
        out.text(r.text(.name))
        out.markup("</th></tr></thead>\n<tbody>\n")
        var typeLabels: [String: [UInt8]] = [:]
        // A habit check's name links to the habit's page: the link's opening is made once per name.
        var habitLinks: [ExactText: [UInt8]] = [:]
        let root = SitePath.root(from: "points/index.html")
        var lastType: String?? = .none, label: [UInt8] = []
        var lastDay = Int.min
        // The wall-clock seconds of the local day being written: records come newest first, so
        // most share the day of the one before and need no calendar arithmetic.
        var dayStart = Int64.max, dayEnd = Int64.min
        var dateCell: [UInt8] = []
        for record in records {
            var minuteOfDay: Int?
            let dayNumber: Int
            switch record.date {
            case .instant(let s):
                let wall = s + Int64(content.zone.offset(at: s))
                if wall < dayStart || wall >= dayEnd {
                    dayNumber = LocalDateTime.dayNumber(secondsAsUTC: wall)
                    dayStart = Int64(dayNumber) * 86_400
                    dayEnd = dayStart + 86_400
                } else {
                    dayNumber = Int(dayStart / 86_400)
                }
                minuteOfDay = Int((wall - dayStart) / 60)
            case .day(let d):
                dayNumber = d.dayNumber
            }
            if dayNumber != lastDay {
                lastDay = dayNumber
                let day = LocalDate(dayNumber: dayNumber)
                var cell = HTMLBytes(capacity: 64)
                cell.markup("<tr><td><time datetime=\"")
                cell.text(day.description)
                cell.markup("\">")
                cell.text(r.format.longDate(day))
                cell.markup("</time></td><td>")
                dateCell = cell.bytes
            }
            if lastType != .some(record.type) {
                let key = record.type ?? "\u{0}"
                if let known = typeLabels[key] { label = known } else {
                    var escaped = HTMLBytes(capacity: 16)
                    escaped.text(typeLabel(record.type, r))
                    label = escaped.bytes
                    typeLabels[key] = label
                }
                lastType = .some(record.type)
            }
            out.raw(dateCell)
            if let minuteOfDay { out.raw(clock[minuteOfDay]) }
            let p = record.point
            out.markup(p < 0 ? "</td><td class=\"spent\">" : "</td><td>")
            if p > 0 { out.markup("+") }
            if p > -1000 && p < 1000 {
                if p < 0 { out.markup("−") }
                out.digits(p.magnitude)
            } else {
                out.text(r.format.integer(p))
            }
            out.markup("</td><td>")
            out.raw(label)
            out.markup("</td><td>")
            if let name = record.name {
                var link: [UInt8]?
                if record.type == "tag" {
                    if let known = habitLinks[ExactText(name)] { link = known } else if let path = HabitPages.path(name, content) {
                        var a = HTMLBytes(capacity: 48)
                        a.markup("<a href=\"")
                        a.text(root + path)
                        a.markup("\">")
                        habitLinks[ExactText(name)] = a.bytes
                        link = a.bytes
                    }
                }
                if let link { out.raw(link) }
                out.text(name)
                if link != nil { out.markup("</a>") }
            }
            if let describe = record.describe, !describe.isEmpty {
                out.markup("<span class=\"describe\">")
                out.text(describe)
                out.markup("</span>")
            }
            out.markup("</td></tr>\n")
        }
        out.markup("</tbody>\n</table>")
        return out.bytes
    }
}
