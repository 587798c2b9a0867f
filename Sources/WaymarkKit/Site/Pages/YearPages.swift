/// `years/index.html` (every year with data) and `years/<YYYY>.html` (one year in review: its
/// figures beside the year before's, its best month, week and streak, its habits ranked).
enum YearPages {
    static func path(_ year: Int) -> String { "years/\(pad(year, 4)).html" }

    /// `years/index.html`: the years newest first.
    static func renderIndex(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let f = r.format
        let phrases = r.phrases
        let rows: [TemplateValue] = content.years.reversed().map { y in
            [
                "year": .string(r.format.year(y.year)), "href": .string("\(pad(y.year, 4)).html"), "partial": .bool(y.isPartial),
                "earned": .string(f.integer(y.figures.earned)), "spent": .string(f.integer(y.figures.spent)),
                "completions": .string(f.integer(y.figures.completions)),
                "streak": .string(phrases.days(y.figures.longestStreak)),
                "targets": .string(f.integer(y.figures.targetsCompleted)),
                "notes": .string(f.integer(y.figures.notesWritten)),
            ]
        }
        return try r.page("years/index.html", template: "years", title: r.text(.yearsTitle), section: "years", [
            "rows": .array(rows), "empty": .bool(rows.isEmpty),
        ])
    }

    static func renderYear(_ i: Int, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let y = content.years[i]
        let f = r.format
        let phrases = r.phrases
        // Dates inside the year need no year: they are written as if the year's end were today.
        let today = y.end
        let year = String(y.year)
        let title = r.text(y.isPartial ? .yearTitleSoFar : .yearTitle, ["year": year])
        // The current year is compared with the same days of the year before, a whole year with
        // the whole year before.
        let before = y.isPartial ? y.previousToDate : y.previous
        let beforeLabel = y.isPartial ? r.text(.sameDaysLastYear, ["year": String(y.year - 1)]) : String(y.year - 1)
        let unit = content.export.profile.weightUnit ?? .kg
        let unitLabel = WeightPage.unitLabel(unit, r.options.language)
        func weight(_ kg: Double?) -> String {
            guard let kg else { return "—" }
            return f.decimal(unit.fromKilograms(kg)) + " " + unitLabel
        }
        func signedWeight(_ kg: Double?) -> String {
            guard let kg else { return "—" }
            let v = unit.fromKilograms(kg)
            let text = f.decimal(abs(v)) + " " + unitLabel
            return abs(v) < 0.05 ? f.decimal(0) + " " + unitLabel : (v > 0 ? "+" : "−") + text
        }
        let signed = phrases.signed
        func row(_ label: UIString, _ now: String, _ then: String?, _ change: String?) -> TemplateValue {
            ["label": .string(r.text(label)), "now": .string(now), "then": .string(then ?? "—"), "change": .string(change ?? "—")]
        }
        let fig = y.figures
        // Figures of sections not built are left out, not shown as zeros
        // (active days and streaks are days that scored points).
        let builds = r.options.builds
        var comparison: [TemplateValue] = []
        if builds(.points) {
            comparison += [
                row(.earned, f.integer(fig.earned), before.map { f.integer($0.earned) }, before.map { signed(fig.earned - $0.earned) }),
                row(.spent, f.integer(fig.spent), before.map { f.integer($0.spent) }, before.map { signed(fig.spent - $0.spent) }),
            ]
        }
        if builds(.habits) {
            comparison.append(row(.habitChecks, f.integer(fig.completions), before.map { f.integer($0.completions) },
                                  before.map { signed(fig.completions - $0.completions) }))
        }
        if builds(.points) {
            comparison += [
                row(.activeDays, f.integer(fig.scoringDays), before.map { f.integer($0.scoringDays) },
                    before.map { signed(fig.scoringDays - $0.scoringDays) }),
                row(.longestStreak, phrases.days(fig.longestStreak), before.map { phrases.days($0.longestStreak) },
                    before.map { signed(fig.longestStreak - $0.longestStreak) }),
            ]
        }
        if builds(.targets) {
            comparison.append(row(.targetsCompletedLabel, f.integer(fig.targetsCompleted), before.map { f.integer($0.targetsCompleted) },
                                  before.map { signed(fig.targetsCompleted - $0.targetsCompleted) }))
        }
        if builds(.notes) {
            comparison.append(row(.notesWritten, f.integer(fig.notesWritten), before.map { f.integer($0.notesWritten) },
                                  before.map { signed(fig.notesWritten - $0.notesWritten) }))
        }
        if fig.weightChange != nil || before?.weightChange != nil {
            let difference = fig.weightChange.flatMap { now in before?.weightChange.map { now - $0 } }
            comparison.append(row(.weightChangeLabel, signedWeight(fig.weightChange), before.map { signedWeight($0.weightChange) },
                                  difference.map(signedWeight)))
        }
        var highlights: [TemplateValue] = []
        func highlight(_ label: UIString, _ value: String, _ note: String?) {
            highlights.append(["label": .string(r.text(label)), "value": .string(value), "note": .from(note)])
        }
        if builds(.points) { highlight(.earned, f.integer(fig.earned), r.text(.spentAmount, ["n": f.integer(fig.spent)])) }
        if builds(.habits) { highlight(.habitChecks, f.integer(fig.completions), nil) }
        if builds(.points) {
            if let m = y.bestMonth {
                highlight(.bestMonth, f.monthYear(year: y.year, month: m.month), phrases.points(m.earned))
            }
            if let w = y.bestWeek {
                highlight(.bestWeek, phrases.date(w.start, today: today) + " – " + phrases.date(w.end, today: today), phrases.points(w.earned))
            }
            if let s = y.longestStreak {
                highlight(.longestStreak, phrases.days(s.length), HabitPages.span(s, phrases, today))
            }
        }
        // A site without points ranks its habit completions instead.
        let measure = YearCharts.measure(y, content, r)
        if !builds(.points), let measure {
            for (label, value, note) in YearCharts.checkHighlights(measure, today: today, r) { highlight(label, value, note) }
        }
        if builds(.targets) {
            highlight(.targetsCompletedLabel, f.integer(fig.targetsCompleted),
                      r.text(.onTimeLate, ["onTime": f.integer(fig.targetsOnTime), "late": f.integer(fig.targetsLate)]))
        }
        if let w = y.weight {
            // With `privacy.weight: changes`, the change without the weights it went between.
            highlight(.weightChangeLabel, signedWeight(w.change),
                      r.options.privacy.weight == .changes ? nil : weight(w.start) + " → " + weight(w.end))
        }
        if builds(.notes) { highlight(.notesWritten, f.integer(fig.notesWritten), nil) }

        func habitRow(_ h: YearHabit) -> TemplateValue {
            [
                "name": .string(h.name), "href": .from(HabitPages.path(h.name, content).map { "../" + $0 }),
                "color": .from(content.habits.habits[safe: h.index]?.tag.color?.description),
                "completions": .string(f.integer(h.completions)),
                "amounts": .from(HabitPages.amountSummary(h.amounts, unit: content.habits.habits[safe: h.index]?.tag.habit?.unitLabel, r)),
                "streak": .string(h.longestStreak.map { phrases.days($0.length) } ?? "—"),
                "streakDates": .string(h.longestStreak.map { HabitPages.span($0, phrases, today) } ?? ""),
                "strength": .string(h.strength.map { HabitPages.percent($0, f) } ?? "—"),
            ]
        }
        let older = i > 0 ? content.years[i - 1].year : nil
        let newer = i + 1 < content.years.count ? content.years[i + 1].year : nil
        return try r.page(path(y.year), template: "year", title: title, section: "years", [
            "title": .string(title),
            "calendar": measure.map { YearCharts.calendar($0, YearCharts.monthPages(y.year, content, r), r) } ?? .null,
            "months": measure.map { YearCharts.months($0, YearCharts.monthPages(y.year, content, r), r) } ?? .null,
            "activity": YearCharts.activity(y, content, r),
            "range": .string(f.longDate(y.start) + " – " + f.longDate(y.end)),
            "partial": .bool(y.isPartial),
            "highlights": .array(highlights),
            "comparison": .array(comparison),
            "hasBefore": .bool(before != nil),
            "beforeLabel": .string(beforeLabel),
            "yearLabel": .string(y.isPartial ? r.text(.soFarIn, ["year": year]) : year),
            "byCompletions": .array(y.habitsByCompletions.map(habitRow)),
            "byStrength": .array(y.habitsByStrength.map(habitRow)),
            // A year not over yet has no end to rank its habits at: they are ranked as they are now.
            "byStrengthTitle": .string(r.text(y.isPartial ? .byStrengthTitleSoFar : .byStrengthTitle)),
            "strengthOn": .string(r.text(.strengthOn, ["date": f.longDate(y.end)])),
            "older": older.map { ["label": .string(String($0)), "href": .string("\(pad($0, 4)).html")] } ?? .null,
            "newer": newer.map { ["label": .string(String($0)), "href": .string("\(pad($0, 4)).html")] } ?? .null,
        ])
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { i >= 0 && i < count ? self[i] : nil }
}
