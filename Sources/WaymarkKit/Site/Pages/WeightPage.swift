/// `weight/index.html` (cards, charts for several ranges, data tables) and `weight.csv`.
enum WeightPage {
    /// A range of the chart switcher; `days` nil means the whole series.
    struct Range {
        var id: String
        var days: Int?
        var label: UIString
    }

    /// The weighings as CSV, beside the page when the site shows absolute weights.
    static let csvPath = "weight.csv"

    static func render(_ content: SiteContent, _ weight: WeightStatistics?, _ r: PageRenderer) throws(TemplateError) -> [SiteFile] {
        let unit = content.export.profile.weightUnit ?? .kg
        let unitLabel = WeightPage.unitLabel(unit, r.options.language)
        let bodyFat: TemplateValue = BodyFatFigures.make(content.export.bodyFat, now: r.options.now, zone: content.zone)
            .map { BodyFatSection.make($0, content, r) } ?? .null
        guard let w = weight else {
            return [try r.page("weight/index.html", template: "weight", title: r.text(.weightTitle), section: "weight", ["bodyFat": bodyFat])]
        }
        let f = r.format
        let v: (Double) -> String = { f.decimal(unit.fromKilograms($0)) }
        let signed: (Double) -> String = { kg in
            let text = f.decimal(unit.fromKilograms(kg))
            return kg > 0 && text != "0.0" ? "+" + text : text
        }
        let phrases = r.phrases
        let days = w.series.days
        // Ranges end today, the day the site shows: old weighings are not passed off as the last
        // 30 days, and figures of the last weighing's day say that day.
        let today = Swift.max(content.today, w.latestDate)
        let span = days[0].date.days(to: today) + 1
        let dated: String? = w.latestDate < today ? r.text(.figuresTo, ["date": f.longDate(w.latestDate)]) : nil
        let all = [Range(id: "30", days: 30, label: .range30), Range(id: "90", days: 90, label: .range90),
                   Range(id: "365", days: 365, label: .range365), Range(id: "all", days: nil, label: .rangeAll)]
        let ranges = all.filter { ($0.days ?? Int.max) < span || $0.days == nil }
        func start(_ range: Range) -> LocalDate { range.days.map { today.adding(days: 1 - $0) } ?? days[0].date }
        // The 90 days open first, unless they hold no weighing.
        let ninety = ranges.first { $0.id == "90" }
        let chosen = ninety.map { n in days.contains { !$0.interpolated && $0.date >= start(n) } } == true ? "90" : "all"

        // With `privacy.weight: changes` the page shows changes only: no card,
        // table, label or file holds a weight (docs/privacy.md).
        let changesOnly = r.options.privacy.weight == .changes
        var cards: [TemplateValue] = changesOnly ? [] : [
            card(r.text(.weightLatest), v(w.latest) + " " + unitLabel, r.text(.latestOn, ["date": phrases.date(w.latestDate, today: content.today)])),
            card(r.text(.weightTrend), v(w.trend) + " " + unitLabel, dated),
        ]
        for (key, change) in [(UIString.change7d, w.change7d), (.change30d, w.change30d), (.change365d, w.change365d)] {
            if let change { cards.append(card(r.text(key), signed(change) + " " + unitLabel, dated)) }
        }
        if let rate = w.weeklyRate {
            cards.append(card(r.text(.weeklyRate), signed(rate) + " " + unitLabel, r.text(.perWeek) + (dated.map { (r.options.language == .zhHans ? "，" : ", ") + $0 } ?? "")))
        }
        if let toGoal = w.toGoal, let goal = w.goal, !changesOnly {
            let (value, note) = goalCard(toGoal: toGoal, goal: goal, direction: w.goalDirection, projected: w.projectedGoalDate,
                                         noForecast: w.projectionIsPast || w.weeklyRate == nil, amount: { v($0) + " " + unitLabel }, r)
            cards.append(card(r.text(.toGoal), value, note, phrase: true))
        }
        if !changesOnly {
            if let bmi = w.bmi { cards.append(card(r.text(.bmi), f.decimal(bmi), r.text(.bmiOfTrend))) }
            cards.append(card(r.text(.lowest), v(w.min.kg) + " " + unitLabel, phrases.date(w.min.date, today: content.today)))
            cards.append(card(r.text(.highest), v(w.max.kg) + " " + unitLabel, phrases.date(w.max.date, today: content.today)))
        }

        let panels: [TemplateValue] = ranges.map { range in
            let first = start(range)
            let shown = days.filter { $0.date >= first }
            // A range without a weighing says so: a line through interpolated days would invent a curve.
            guard shown.contains(where: { !$0.interpolated }) else {
                let text = r.text(.noWeighingsInRange, ["start": f.longDate(first), "end": f.longDate(today), "latest": f.longDate(w.latestDate)])
                let message = "<p class=\"empty\">" + HTMLEscape.escape(text) + "</p>"
                return ["id": .string(range.id), "label": .string(r.text(range.label)), "checked": .bool(range.id == chosen),
                        "chartWide": .html(message), "chartNarrow": .html(message), "table": .null, "summary": .string("")]
            }
            return [
                "id": .string(range.id),
                "label": .string(r.text(range.label)),
                "checked": .bool(range.id == chosen),
                "chartWide": .html(chart(shown, range, w, unit, r, wide: true, relative: changesOnly)),
                "chartNarrow": .html(chart(shown, range, w, unit, r, wide: false, relative: changesOnly)),
                "table": changesOnly ? .null : table(range, shown, content, unit, r),
                // "The numbers: Weekly means, 90 days" / "查看数据：每周平均，90 天"
                "summary": .string(r.text(.showNumbers) + phrases.colon + r.text(range.days == 30 ? .everyEntry : .weeklyMeans)
                                   + (r.options.language == .zhHans ? "，" : ", ") + r.text(range.label)),
            ]
        }
        let page = try r.page("weight/index.html", template: "weight", title: r.text(.weightTitle), section: "weight", [
            "hasData": .bool(true),
            "cards": .array(cards),
            "ranges": .array(panels),
            "manyRanges": .bool(ranges.count > 1),
            "unit": .string(unitLabel),
            "hasGoal": .bool(w.goal != nil),
            "changesOnly": .bool(changesOnly),
            "bodyFat": bodyFat,
        ])
        return changesOnly ? [page] : [page, SiteFile(path: csvPath, text: csv(w.series))]
    }

    /// A stat card. Changes are not coloured: whether falling is good depends on the goal.
    /// `phrase` sets a value written in words in a smaller type.
    static func card(_ label: String, _ value: String, _ note: String?, phrase: Bool = false) -> TemplateValue {
        ["label": .string(label), "value": .string(value), "note": .from(note), "phrase": .bool(phrase)]
    }

    /// The "To goal" card in words, in the goal's direction (`GoalDirection`, from where the goal
    /// was set). Past a goal to lose, the trend is "below your goal — reached"; past one to gain,
    /// "above". Within 0.05 kg either way the goal is reached. Without a direction the distance is
    /// said plainly ("above your goal") and nothing is called reached. `amount` writes a distance
    /// in kilograms (never negative) in the display unit.
    /// `noForecast` (no rate yet, or a rate that reached the goal on a day already past) gives no
    /// note: neither a date to come nor "not reached".
    static func goalCard(toGoal: Double, goal: Double, direction: GoalDirection?, projected: LocalDate?, noForecast: Bool = false,
                         amount: (Double) -> String, _ r: PageRenderer) -> (value: String, note: String?) {
        guard abs(toGoal) >= 0.05 else { return (amount(0), r.text(.goalReached)) }
        let v = ["v": amount(abs(toGoal))]
        let note = projected.map { r.text(.projectedOn, ["date": r.format.longDate($0)]) } ?? (noForecast ? nil : r.text(.noProjection))
        guard let direction else {
            return (r.text(toGoal > 0 ? .goalAbove : .goalBelow, v), r.text(.goalDirectionUnknown))
        }
        if direction.isReached(trend: goal + toGoal, goal: goal) {
            return (r.text(toGoal < 0 ? .goalBelowReached : .goalAboveReached, v), nil)
        }
        return (r.text(direction == .lose ? .goalToLose : .goalToGain, v), note)
    }

    /// A chart of the range's weighings and trend. `relative` plots and labels everything as the
    /// change from the range's first trend value, so no number in the chart is a weight.
    static func chart(_ shown: [WeightSeries.Day], _ range: Range, _ w: WeightStatistics, _ unit: WeightUnit,
                      _ r: PageRenderer, wide: Bool, relative: Bool = false) -> String {
        let f = r.format
        let base = relative ? shown.first?.trend ?? 0 : 0
        let points = shown.map {
            WeightChart.Point(day: $0.date.dayNumber, weight: unit.fromKilograms($0.weight - base), interpolated: $0.interpolated,
                              trend: unit.fromKilograms($0.trend - base))
        }
        let unitLabel = WeightPage.unitLabel(unit, r.options.language)
        let signed: (Double) -> String = { (($0 > 0 && f.decimal($0) != "0.0") ? "+" : "") + f.decimal($0) }
        var description = ""
        if let first = shown.first, let last = shown.last {
            let change = unit.fromKilograms(last.trend - first.trend)
            let changeText = signed(change) + " " + unitLabel
            description = relative
                ? r.text(.weightChartDescriptionChanges, ["start": f.longDate(first.date), "end": f.longDate(last.date), "change": changeText])
                : r.text(.weightChartDescription, [
                    "start": f.longDate(first.date), "end": f.longDate(last.date), "first": f.decimal(unit.fromKilograms(first.trend)),
                    "last": f.decimal(unit.fromKilograms(last.trend)), "unit": unitLabel, "change": changeText])
        }
        let goal = w.goal.map(unit.fromKilograms)
        let options = WeightChart.Options(
            width: wide ? 720 : 340, height: wide ? 300 : 240, maxPoints: wide ? 600 : 300, xTicks: wide ? 7 : 4, yTicks: wide ? 5 : 4,
            goal: goal, goalLabel: goal.map { r.text(.goalLabel, ["v": f.decimal($0)]) } ?? "",
            title: r.text(.weightChartTitle, ["range": r.text(range.label)]), description: description,
            tickLabel: { d in
                switch TimeTicks.boundary(d) {
                case .year: return String(d.year)
                case .month: return f.monthShort(d.month)
                case .day: return f.shortDate(d)
                }
            },
            value: relative ? signed : { f.decimal($0) }, id: "weight-\(range.id)-\(wide ? "wide" : "narrow")", className: wide ? "wide" : "narrow")
        return WeightChart.svg(points, options)
    }

    /// Every weighing for 30 days; weekly means (Monday to Sunday) for longer ranges. Newest first.
    static func table(_ range: Range, _ shown: [WeightSeries.Day], _ content: SiteContent, _ unit: WeightUnit,
                      _ r: PageRenderer) -> TemplateValue {
        let f = r.format
        guard let first = shown.first?.date else { return .null }
        if range.days == 30 {
            let entries = content.export.weights.filter { !$0.date.isAfter(r.options.now, in: content.zone) && $0.date.localDate(in: content.zone) >= first }
                .map { (key: $0.date.sortKey(in: content.zone), entry: $0) }
                .sorted { $0.key > $1.key }
            return ["everyEntry": .bool(true), "rows": .array(entries.map { e in
                ["when": .string(f.moment(e.entry.date, in: content.zone)), "machine": .string(LocaleFormat.machine(e.entry.date, in: content.zone)),
                 "value": .string(f.decimal(unit.fromKilograms(e.entry.kg)))]
            })]
        }
        var weeks: [(start: LocalDate, days: [WeightSeries.Day])] = []
        for day in shown {
            let monday = day.date.startOfWeek
            if weeks.last?.start != monday { weeks.append((monday, [])) }
            weeks[weeks.count - 1].days.append(day)
        }
        return ["everyEntry": .bool(false), "rows": .array(weeks.reversed().map { week in
            let real = week.days.filter { !$0.interpolated }
            let mean = real.isEmpty ? nil : real.reduce(0) { $0 + $1.weight } / Double(real.count)
            return [
                "when": .string(f.longDate(max(week.start, first))), "machine": .string(max(week.start, first).description),
                "value": .string(mean.map { f.decimal(unit.fromKilograms($0)) } ?? "—"),
                "trend": .string(f.decimal(unit.fromKilograms(week.days[week.days.count - 1].trend))),
                "count": .string(f.integer(real.reduce(0) { $0 + $1.entries })),
            ]
        })]
    }

    /// The daily series in kilograms for spreadsheets.
    static func csv(_ series: WeightSeries) -> String {
        var out = "date,weight_kg,trend_kg,interpolated,entries\n"
        out.reserveCapacity(series.days.count * 40)
        for d in series.days {
            out += d.date.description + "," + LocaleFormat.fixed(d.weight, places: 3) + "," + LocaleFormat.fixed(d.trend, places: 3)
            out += (d.interpolated ? ",true," : ",false,") + String(d.entries) + "\n"
        }
        return out
    }

    static func unitLabel(_ unit: WeightUnit, _ language: Language) -> String {
        switch (unit, language) {
        case (.kg, .en): return "kg"
        case (.kg, .zhHans): return "公斤"
        case (.lb, .en): return "lb"
        case (.lb, .zhHans): return "磅"
        case (.jin, .en): return "jin"
        case (.jin, .zhHans): return "斤"
        }
    }
}
