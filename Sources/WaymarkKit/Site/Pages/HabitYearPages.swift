/// `habits/<slug>/<year>.html`: a habit's calendar and history of one earlier calendar year, so
/// every year of its data is a link away without JavaScript (the habit's own page shows the
/// current year). Each page has the year switch of the habit's years.
enum HabitYearPages {
    /// The earlier years of `h` that get a page: from its first day's year to the year before
    /// today's, oldest first, and none after the year of its last check or skip (a site shown
    /// years after the data ends has no pages of empty years); none for a habit begun this year.
    static func years(_ h: HabitFigures) -> [Int] {
        guard let last = h.days.checks.indices.last(where: { h.days.checks[$0] > 0 || h.days.skipped[$0] }) else { return [] }
        let end = min(h.today.year - 1, h.days.first.adding(days: last).year)
        return h.days.first.year <= end ? Array(h.days.first.year...end) : []
    }

    /// The path of `h`'s page for `year`, from the site's root.
    static func path(slug: String, year: Int) -> String { "habits/\(slug)/\(pad(year, 4)).html" }

    /// The year switch: every earlier year with its page, and this year (the habit's page),
    /// `current` marked; `fromYearPage` says the links start in `habits/<slug>/`.
    static func switcher(_ h: HabitFigures, slug: String, current: Int, fromYearPage: Bool) -> TemplateValue {
        let years = self.years(h)
        guard !years.isEmpty else { return .null }
        let here = fromYearPage ? "" : slug + "/"
        var items: [TemplateValue] = years.map { y in
            ["label": .string(String(y)), "href": .string(here + pad(y, 4) + ".html"), "current": .bool(y == current)]
        }
        items.append(["label": .string(String(h.today.year)), "href": .string(fromYearPage ? "../" + slug + ".html" : slug + ".html"),
                      "current": .bool(h.today.year == current)])
        return .array(items)
    }

    static func render(_ h: HabitFigures, slug: String, year: Int, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let phrases = r.phrases
        let last = LocalDate(year: year, month: 12, day: 31).map { min($0, h.today) } ?? h.today
        let first = LocalDate(year: year, month: 1, day: 1).map { max($0, h.days.first) } ?? h.days.first
        let calendar = HabitCharts.yearCalendar(h, year: year, today: last, phrases, r)
        let views: [(HabitHistory.Unit, String)] = [(.week, "week"), (.month, "month")]
        let context: TemplateObject = [
            "name": .string(h.name), "color": .from(h.tag.color?.description), "slug": .string(slug),
            "year": .string(r.format.year(year)),
            "years": switcher(h, slug: slug, current: year, fromYearPage: true),
            "done": .string(r.text(.habitYearDone, ["n": r.format.integer(h.daysDone(from: first, to: last)),
                                                     "total": r.format.integer(first.days(to: last) + 1)])),
            "calendar": .chart(calendar.wide), "calendarNarrow": .chart(calendar.narrow),
            "history": .array(views.enumerated().map { i, view in
                HabitCharts.history(h, view.0, id: view.1, limit: 60, checked: i == 0, year: year, phrases, r)
            }),
            "amountHeader": .string(r.text(h.countsAmounts ? .amount : .completions)),
            "frequency": HabitCharts.frequency(h, months: HabitFrequency.months(h.days, from: first, to: last, numerical: h.countsAmounts), phrases, r),
        ]
        return try r.page(path(slug: slug, year: year), template: "habit-year", title: r.text(.habitYearHeading, ["name": h.name, "year": String(year)]),
                          section: "habits", context)
    }
}
