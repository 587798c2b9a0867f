/// `habits/index.html` (every habit together, by strength, with the overall strength) and
/// `habits/<slug>.html` (one habit as Loop Habit Tracker shows it: strength, streaks, history).
enum HabitPages {
    /// The habit page's path of the habit `name`, from the site's root; nil for unknown names.
    static func path(_ name: String, _ content: SiteContent) -> String? {
        content.tagSlugs[name].map { "habits/" + $0 + ".html" }
    }

    /// A habit's current and best streak as its page and the index show them: of days, or for a
    /// habit whose goal is per week or month, of those periods (`HabitGoal.ownUnit`).
    static func streaks(_ h: HabitFigures) -> (current: HabitStreak?, best: HabitStreak?) {
        guard h.goal.ownUnit != nil else { return (h.currentStreak, h.bestStreak) }
        return (h.currentPeriodStreak, HabitStreaks.best(h.periodStreaks, limit: 1, measure: { h.goal.periodsIn($0) }).first)
    }

    /// The current streak in the habit's unit ("2 weeks"), as every page writes it.
    static func currentStreakText(_ h: HabitFigures, _ phrases: Phrases) -> String {
        phrases.length(streaks(h).current.map { h.goal.periodsIn($0) } ?? 0, in: h.goal.ownUnit)
    }

    /// `habits/index.html`.
    static func renderIndex(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let board = content.habits
        let f = r.format
        let phrases = r.phrases
        let rows: [TemplateValue] = board.byStrength.compactMap { h in
            guard let slug = content.tagSlugs[h.name] else { return nil }
            // In the habit's own unit, as its page counts them: weeks for a weekly habit.
            let (current, best) = streaks(h)
            let unit = h.goal.ownUnit
            return [
                "name": .string(h.name), "href": .string(slug + ".html"), "color": .from(h.tag.color?.description),
                "archived": .bool(h.tag.habit?.archived ?? false),
                "doneToday": .bool(h.doneToday),
                "week": .string(window(h.week, f)), "weekShare": .string(percent(h.week.share, f)),
                "month": .string(window(h.month, f)), "monthShare": .string(percent(h.month.share, f)),
                "strength": .string(percent(h.score, f)), "strengthWidth": .string(SVG.number((h.score * 100).rounded())),
                "streak": .string(phrases.length(current.map { h.goal.periodsIn($0) } ?? 0, in: unit)),
                "best": .string(best.map { phrases.length(h.goal.periodsIn($0), in: unit) } ?? "—"),
                "bestDates": .string(best.map { span($0, phrases, board.today) } ?? ""),
                "amounts": .from(amountSummary(h.amounts, unit: h.tag.habit?.unitLabel, r)),
            ]
        }
        let overall = board.overall
        let overallNow = overall.last ?? 0
        var chart: [UInt8] = []
        if board.overallCount > 0 {
            let description = r.phrases.counted(board.overallCount, one: .overallStrengthDescriptionOne,
                other: .overallStrengthDescription, ["now": percent(overallNow, f), "start": f.longDate(board.first)])
            chart = HabitCharts.strength(first: board.first, values: overall, id: "overall", title: r.text(.overallStrength),
                                         description: description, r)
        }
        return try r.page("habits/index.html", template: "habits", title: r.text(.habitsIndexTitle), section: "habits", [
            "rows": .array(rows),
            "empty": .bool(rows.isEmpty),
            // Without a habit that counts there is no overall figure, only the heading.
            "overall": .string(board.overallCount > 0 ? r.text(.overallStrengthNow, ["n": percent(overallNow, f)]) : r.text(.overallStrengthNone)),
            "overallLeftOut": board.overallLeftOut > 0
                ? .string(r.phrases.counted(board.overallLeftOut, one: .overallLeftOutOne, other: .overallLeftOut, ["n": f.integer(board.overallLeftOut)]))
                : .null,
            "overallChart": .chart(chart),
            // No habit that counts, no figures: not a table of one "0%".
            "overallTable": board.overallCount > 0 ? HabitCharts.monthlyTable(first: board.first, values: overall, r) : .array([]),
        ])
    }

    /// How many of a habit's linked notes its page lists, newest first.
    static let notesShown = 50

    static func renderHabit(_ h: HabitFigures, slug: String, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let f = r.format
        let phrases = r.phrases
        let today = content.today
        let linked = (content.arranged.tagNotes[h.name] ?? []).map { content.notes[$0] }
        // The newest 50: a habit with a thousand notes keeps its page small; the rest are a
        // click away in the notes index.
        let notes = linked.prefix(HabitPages.notesShown)
        var context: TemplateObject = [
            "name": .string(h.name), "color": .from(h.tag.color?.description),
            "descriptionHTML": content.arranged.tagDescriptions[h.name].map { .html($0) } ?? .null,
            "question": .from(h.tag.habit?.question.flatMap { $0.isEmpty ? nil : $0 }),
            "facts": .array(facts(h, phrases, r).map { .string($0) }),
            "archived": .bool(h.tag.habit?.archived ?? false),
            "cards": .array(cards(h, phrases, r)),
            "years": HabitYearPages.switcher(h, slug: slug, current: today.year, fromYearPage: false),
            "notes": .array(notes.map { n in
                ["title": .string(n.title), "href": .string("../notes/" + n.slug + ".html"),
                 "date": .from(n.note.date.map { f.longDate($0.localDate(in: content.zone)) }),
                 "machine": .from(n.note.date.map { $0.localDate(in: content.zone).description })]
            }),
            "notesMore": linked.count > notes.count
                ? .string(phrases.counted(linked.count - notes.count, one: .olderNotesOne, other: .olderNotesMany)) : .null,
        ]
        for (key, value) in HabitCharts.all(h, today: today, phrases, r) { context[key] = value }
        return try r.page("habits/\(slug).html", template: "habit", title: h.name, section: "habits", description: summary(h, content, r), context)
    }

    /// The habit in a line for link previews: its description, else its question, else its facts
    /// (frequency, points, session length).
    static func summary(_ h: HabitFigures, _ content: SiteContent, _ r: PageRenderer) -> String {
        if let html = content.arranged.tagDescriptions[h.name] {
            let text = NoteExcerpt.make(html: Array(html.utf8), title: h.name)
            if !text.isEmpty { return text }
        }
        if let question = h.tag.habit?.question, !question.isEmpty { return question }
        return facts(h, r.phrases, r).joined(separator: " · ")
    }

    /// Frequency, points, session length, target, source: the header's facts.
    static func facts(_ h: HabitFigures, _ phrases: Phrases, _ r: PageRenderer) -> [String] {
        var facts = [phrases.frequency(h.rule.frequency)]
        // Other trackers have no points: their importers give each check 1, which says nothing.
        if let p = h.tag.point, h.tag.habit == nil { facts.append(r.text(.pointsPerSession, ["n": phrases.points(p)])) }
        if h.tag.durationMinutes > 0 { facts.append(r.text(.perSession, ["d": phrases.duration(minutes: h.tag.durationMinutes)])) }
        if let details = h.tag.habit, details.isNumerical {
            if let target = details.target {
                let per = phrases.per(h.rule.frequency.denominator)
                facts.append(r.text(details.targetKind == .atMost ? .targetAtMost : .targetAtLeast,
                                    ["value": amount(target, details.unitLabel, r.format), "per": per]))
            } else if let unit = details.unitLabel {
                facts.append(r.text(.amountsIn, ["unit": unit]))
            }
            // Said, not guessed: the app recorded amounts and no unit for them.
            if details.unitLabel == nil { facts.append(r.text(.amountsNoUnit)) }
        }
        if let source = h.tag.habit?.source { facts.append(r.text(.habitSource, ["app": source])) }
        return facts
    }

    static func cards(_ h: HabitFigures, _ phrases: Phrases, _ r: PageRenderer) -> [TemplateValue] {
        let f = r.format
        let today = h.today
        let change = (h.score - h.scoreMonthAgo) * 100
        let changeText = abs(change) < 0.5 ? r.text(.strengthSteady)
            : phrases.counted(Int(abs(change).rounded()), one: change > 0 ? .strengthChangeOne : .strengthDropOne,
                              other: change > 0 ? .strengthChange : .strengthDrop)
        func card(_ label: UIString, _ value: String, _ note: String? = nil) -> TemplateValue {
            ["label": .string(r.text(label)), "value": .string(value), "note": .from(note)]
        }
        let times = HabitHistory.totals(h.days, numerical: false)
        let unit = h.goal.ownUnit
        let (current, best) = streaks(h)
        var cards = [
            card(.habitStrength, percent(h.score, f), changeText),
            goalCard(h, .week, r) ?? card(.timesThisWeek, f.integer(Int(times.week))),
            goalCard(h, .month, r) ?? card(.timesThisMonth, f.integer(Int(times.month))),
            card(.timesThisYear, f.integer(Int(times.year))),
            card(.timesAllTime, f.integer(h.completions)),
            card(.currentStreak, phrases.length(current.map { h.goal.periodsIn($0) } ?? 0, in: unit),
                 current.map { r.text(.since, ["date": phrases.date($0.start, today: today)]) }),
            card(.bestStreak, best.map { phrases.length(h.goal.periodsIn($0), in: unit) } ?? "—", best.map { span($0, phrases, today) }),
        ]
        if let a = h.amounts, let perDay = a.perDay, let perWeek = a.perWeek, let bestDay = a.bestDay {
            let unit = h.tag.habit?.unitLabel
            cards += [
                card(.amountTotal, amount(a.total, unit, f), phrases.counted(a.daysEntered, one: .onDaysOne, other: .onDaysMany)),
                card(.amountPerDayEntered, average(perDay, unit, f)),
                card(.amountPerWeekEntered, average(perWeek, unit, f), phrases.counted(a.weeksEntered, one: .inWeeksOne, other: .inWeeksMany)),
                card(.amountBestDay, amount(a.best, unit, f), phrases.date(bestDay, today: today)),
            ]
        }
        if h.minutes > 0 { cards.append(card(.totalTime, phrases.durationFigure(minutes: h.minutes))) }
        if h.points != 0 && h.tag.habit == nil { cards.append(card(.points, f.integer(h.points))) }
        return cards.map(sizedByLength)
    }

    /// `card` with its value's length class: a figure that cannot wrap ("173,066/310,000", the
    /// longest run between spaces) of 9 to 12 columns is `long`, 13 to 16 `longer`, more
    /// `longest`, so the stylesheet shrinks it with its card instead of letting it run past
    /// the card's edge on a phone.
    static func sizedByLength(_ card: TemplateValue) -> TemplateValue {
        // A wide character (CJK, kana, Hangul, full-width forms) takes two columns: "64小时30分钟"
        // is as wide as twelve digits.
        func columns(_ run: Substring) -> Int {
            run.reduce(0) { width, character in
                guard let v = character.unicodeScalars.first?.value else { return width }
                let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                    || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
                    || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
                return width + (wide ? 2 : 1)
            }
        }
        guard case .object(var members) = card, case .string(let value)? = members["value"] else { return card }
        let run = value.split { $0 == " " || $0 == "\u{200B}" }.map(columns).max() ?? 0
        guard run >= 9 else { return card }
        members["size"] = .string(run <= 12 ? "long" : run <= 16 ? "longer" : "longest")
        return .object(members)
    }

    /// This week's or month's goal as done/asked ("2/3", "12/70 km") with how far from it; nil
    /// when the period asks nothing (a week of a monthly habit, a numerical habit without a target).
    static func goalCard(_ h: HabitFigures, _ unit: HabitHistory.Unit, _ r: PageRenderer) -> TemplateValue? {
        guard !h.countsAmounts || h.rule.isNumerical, let period = h.goal.periods(h.days, by: unit).last else { return nil }
        let f = r.format
        let label = r.text(unit == .week ? .goalThisWeek : .goalThisMonth)
        guard h.rule.isNumerical else {
            let w = unit == .week ? h.week : h.month
            let left = w.asked - w.done
            return ["label": .string(label), "value": .string(window(w, f)),
                    "note": .string(left <= 0 ? r.text(.goalMetNote) : r.text(.goalLeftNote, ["n": f.integer(left)]))]
        }
        let unitLabel = h.tag.habit?.unitLabel
        let number = { (v: Double) in f.amount(v) }
        let value = number(period.done) + "/" + number(period.asked) + (unitLabel.map { " " + $0 } ?? "")
        let gap = period.asked - period.done
        let note: String
        if h.rule.targetKind == .atMost {
            note = gap >= 0 ? r.text(.calendarWithin) : r.text(.goalOverNote, ["n": amount(-gap, unitLabel, f)])
        } else {
            note = gap <= 0 ? r.text(.goalMetNote) : r.text(.goalLeftNote, ["n": amount(gap, unitLabel, f)])
        }
        return ["label": .string(label), "value": .string(value), "note": .string(note)]
    }

    /// "Mar 3 – Mar 21" (with years when not this year's).
    static func span(_ s: HabitStreak, _ phrases: Phrases, _ today: LocalDate) -> String {
        s.length == 1 ? phrases.date(s.start, today: today)
            : phrases.date(s.start, today: today) + " – " + phrases.date(s.end, today: today)
    }

    /// An amount as pages write it, to two decimals without trailing zeros, with its unit when
    /// the habit has one: "5.2 km", "630".
    static func amount(_ value: Double, _ unit: String?, _ f: LocaleFormat) -> String {
        f.amount(value) + (unit.map { " " + $0 } ?? "")
    }

    /// An average of amounts with the unit, to one decimal as every average is written
    /// ("9,770.3 steps", "90 km": a trailing ".0" is left off, as amounts leave it).
    static func average(_ value: Double, _ unit: String?, _ f: LocaleFormat) -> String {
        f.amount(value, places: 1) + (unit.map { " " + $0 } ?? "")
    }

    /// "630 in all · 90 per day entered", for the tables that list habits; nil without entries.
    static func amountSummary(_ a: HabitAmounts?, unit: String?, _ r: PageRenderer) -> String? {
        guard let a, let perDay = a.perDay else { return nil }
        return r.text(.amountSummary, ["total": amount(a.total, unit, r.format), "perDay": average(perDay, unit, r.format)])
    }

    static func window(_ w: HabitFigures.Window, _ f: LocaleFormat) -> String { f.integer(w.done) + "/" + f.integer(w.asked) }

    /// A share in 0…1 as a whole percentage, "85%".
    static func percent(_ x: Double, _ f: LocaleFormat) -> String { f.integer(Int((x * 100).rounded())) + "%" }
}
