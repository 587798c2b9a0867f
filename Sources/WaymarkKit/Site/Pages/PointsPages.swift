/// `points/index.html` (the newest records and a month archive) and `points/YYYY-MM.html`
/// (every record of one month). Rows are written straight into one string: a million records
/// must not go through a template one by one.
enum PointsPages {
    /// How many records the index page lists before pointing to the month pages.
    static let indexLimit = 1000

    struct Month: Sendable {
        var year: Int
        var month: Int
        var records: [PointRecord]
        var earned = 0
        var spent = 0
        var slug: String { "\(pad(year, 4))-\(pad(month, 2))" }
    }

    /// The months that have records, newest first; one page each.
    static func months(_ content: SiteContent) -> [Month] {
        var months: [Month] = []
        for record in content.pointsNewestFirst {
            let day = record.date.localDate(in: content.zone)
            if months.last.map({ $0.year != day.year || $0.month != day.month }) ?? true {
                months.append(Month(year: day.year, month: day.month, records: []))
            }
            months[months.count - 1].records.append(record)
            if record.point > 0 { months[months.count - 1].earned += record.point } else { months[months.count - 1].spent -= record.point }
        }
        return months
    }

    /// `points/index.html`: habits, the month archive and the newest records.
    static func renderIndex(_ months: [Month], _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let archive = TemplateValue.array(months.map { m in
            ["label": .string(r.format.monthYear(year: m.year, month: m.month)), "href": .string(m.slug + ".html"),
             "count": .string(r.format.integer(m.records.count)), "earned": .string(r.format.integer(m.earned)),
             "spent": .string(r.format.integer(m.spent))]
        })
        let shown = Array(content.pointsNewestFirst.prefix(indexLimit))
        let phrases = Phrases(r.options.language)
        let habits: [TemplateValue] = content.export.tags.compactMap { tag in
            guard let name = tag.name, let slug = content.tagSlugs[name] else { return nil }
            var facts: [String] = []
            if tag.durationMinutes > 0 { facts.append(r.text(.perSession, ["d": phrases.duration(minutes: tag.durationMinutes)])) }
            if let p = tag.point { facts.append(r.text(.pointsPerSession, ["n": phrases.points(p)])) }
            let notes = content.notes.filter { $0.tag == name }
            return [
                "id": .string("tag-" + slug), "name": .string(name), "color": .from(tag.color?.description),
                "facts": .string(facts.joined(separator: " · ")),
                "descriptionHTML": tag.describe.map { .html(MarkdownRenderer.render($0, headingOffset: 3).html) } ?? .null,
                "notes": .array(notes.map { ["title": .string($0.title), "href": .string("../notes/" + $0.slug + ".html")] }),
            ]
        }
        return try r.page("points/index.html", template: "points", title: r.text(.pointsTitle), section: "points", [
            "habits": .array(habits),
            "archive": archive,
            "table": .html(table(shown, content, r)),
            "truncated": .bool(shown.count < content.pointsNewestFirst.count),
            "empty": .bool(shown.isEmpty),
        ])
    }

    /// `points/YYYY-MM.html`: every record of one month.
    static func renderMonth(_ m: Month, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let title = r.format.monthYear(year: m.year, month: m.month)
        return try r.page("points/\(m.slug).html", template: "points-month", title: title, section: "points", [
            "month": .string(title),
            "count": .string(r.format.integer(m.records.count)),
            "earned": .string(r.format.integer(m.earned)),
            "spent": .string(r.format.integer(m.spent)),
            "table": .html(table(m.records, content, r)),
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
    static let clock: [String] = (0..<1440).map { pad($0 / 60, 2) + ":" + pad($0 % 60, 2) }

    /// A table of records, escaped value by value. Records arrive sorted by time, so the date
    /// text of a row is usually the previous row's and is reused.
    static func table(_ records: [PointRecord], _ content: SiteContent, _ r: PageRenderer) -> String {
        guard !records.isEmpty else { return "" }
        var out = ""
        out.reserveCapacity(records.count * 110 + 400)
        out += "<table class=\"records points-table\">\n<thead><tr><th scope=\"col\">\(r.text(.date))</th><th scope=\"col\">\(r.text(.time))</th>"
        out += "<th scope=\"col\">\(r.text(.points))</th><th scope=\"col\">\(r.text(.type))</th>"
        out += "<th scope=\"col\">\(r.text(.name))</th></tr></thead>\n<tbody>\n"
        var typeLabels: [String: String] = [:]
        var lastDay = Int.min
        var dateCell = ""
        for record in records {
            let day: LocalDate
            var timeText = ""
            switch record.date {
            case .instant(let s):
                let wall = content.zone.localDateTime(of: s)
                day = wall.date
                timeText = clock[wall.hour * 60 + wall.minute]
            case .day(let d):
                day = d
            }
            if day.dayNumber != lastDay {
                lastDay = day.dayNumber
                dateCell = "<tr><td><time datetime=\"" + day.description + "\">" + r.format.longDate(day) + "</time></td><td>"
            }
            let key = record.type ?? "\u{0}"
            let label: String
            if let known = typeLabels[key] { label = known } else {
                label = HTMLEscape.escape(typeLabel(record.type, r))
                typeLabels[key] = label
            }
            out += dateCell
            out += timeText
            out += record.point < 0 ? "</td><td class=\"spent\">" : "</td><td>"
            if record.point > 0 { out += "+" }
            out += record.point < 1000 && record.point > -1000 ? String(record.point).replacingMinus : r.format.integer(record.point)
            out += "</td><td>"
            out += label
            out += "</td><td>"
            HTMLEscape.append(record.name ?? "", to: &out)
            if let describe = record.describe, !describe.isEmpty {
                out += "<span class=\"describe\">"
                HTMLEscape.append(describe, to: &out)
                out += "</span>"
            }
            out += "</td></tr>\n"
        }
        out += "</tbody>\n</table>"
        return out
    }
}

private extension String {
    /// "-12" with a typographic minus, as `LocaleFormat.integer` writes it.
    var replacingMinus: String { hasPrefix("-") ? "−" + dropFirst() : self }
}
