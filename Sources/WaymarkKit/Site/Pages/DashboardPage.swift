/// The dashboard: `index.html` (the past week) and `period/{day,month,year,all}.html`, each with
/// the period's cards, a bar chart, the heatmap, the habits table and recent activity.
enum DashboardPage {
    static let periods: [(Period, UIString)] = [(.day, .periodDay), (.week, .periodWeek), (.month, .periodMonth),
                                                (.year, .periodYear), (.all, .periodAll)]

    static func path(_ p: Period) -> String { p == .week ? "index.html" : "period/\(p.rawValue).html" }

    /// What the five period pages share, computed once.
    struct Plan: Sendable {
        var heatmap: String
        var recent: TemplateValue
        var weightBlock: TemplateValue
        var greeting: String
        var balance: TemplateValue
        var years: TemplateValue
    }

    static func plan(_ content: SiteContent, _ stats: PointStatistics, weight: WeightStatistics?, _ r: PageRenderer) -> Plan {
        let phrases = Phrases(r.options.language)
        return Plan(heatmap: heatmapSVG(stats, phrases, r), recent: recentActivity(content, stats, phrases, r),
                    weightBlock: sparkline(weight, content, r),
                    greeting: content.export.profile.userName.map { r.text(.welcomeNamed, ["name": $0]) } ?? r.text(.welcomeAnonymous),
                    balance: balance(content.balance, r),
                    years: .array(content.years.reversed().map { y in
                        ["label": .string(y.isPartial ? r.text(.soFarIn, ["year": String(y.year)]) : String(y.year)),
                         "href": .string(YearPages.path(y.year))]
                    }))
    }

    /// All points earned minus all spent, up to now; nothing without point records.
    static func balance(_ b: PointsBalance, _ r: PageRenderer) -> TemplateValue {
        guard b.earned != 0 || b.spent != 0 else { return .null }
        return ["value": .string(r.format.integer(b.balance)), "spentAnything": .bool(!b.spendings.isEmpty),
                "note": .string(r.text(.balanceNote, ["earned": r.format.integer(b.earned), "spent": r.format.integer(b.spent)]))]
    }

    /// The dashboards of every period and `stats.json`, with the point statistics they show
    /// (computed here, in the first render job, while the other pages render).
    static func renderAll(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> [SiteFile] {
        let points = PointStatistics(export: content.export, now: content.options.now, zone: content.zone)
        let dashboard = plan(content, points, weight: content.weight, r)
        var files: [SiteFile] = []
        for period in Period.allCases { files.append(try render(period, dashboard, content, points, r)) }
        files.append(SiteFile(path: "stats.json", text: StatsDocument.make(points, habits: content.habits, years: content.years, balance: content.balance,
                                                                          extra: StatsDocument.extras(content)).text))
        return files
    }

    /// The dashboard page of one period.
    static func render(_ period: Period, _ plan: Plan, _ content: SiteContent, _ stats: PointStatistics,
                       _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let phrases = Phrases(r.options.language)
        let label = periods.first { $0.0 == period }?.1 ?? .periodWeek
        let path = DashboardPage.path(period)
        let root = SitePath.root(from: path)
        let context: [String: TemplateValue] = [
            "greeting": .string(plan.greeting),
            "periodLabel": .string(r.text(label)),
            "periods": .array(periods.map { p, l in
                ["label": .string(r.text(l)), "href": .string(root + DashboardPage.path(p)), "current": .bool(p == period)]
            }),
            "cards": cards(stats.period(period), phrases, r),
            "chartWide": .html(chart(stats, period, content, phrases, r, wide: true)),
            "chartNarrow": .html(chart(stats, period, content, phrases, r, wide: false)),
            "heatmap": .html(plan.heatmap),
            "tags": tagRows(stats.tags(in: period), stats.today, content, phrases, r),
            "recent": plan.recent,
            "counts": counts(content, root, r),
            "weightBlock": plan.weightBlock,
            "targetsBlock": TargetsPages.dashboardBlock(content, r, root: root),
            "balance": plan.balance,
            "years": plan.years,
        ]
        let title = period == .week ? r.text(.overviewTitle) : r.text(label)
        return try r.page(path, template: "dashboard", title: title, section: "overview", context)
    }

    // MARK: Cards

    static func cards(_ p: PeriodStats, _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        let f = r.format
        let encouragement: UIString
        if p.total == 0 {
            encouragement = .encourageEmpty
        } else if (p.progress ?? 1) > 0 {
            let byPeriod: [Period: UIString] = [.day: .encourageDay, .week: .encourageWeek, .month: .encourageMonth,
                                                .year: .encourageYear, .all: .encourageAll]
            encouragement = byPeriod[p.period] ?? .encourageSteady
        } else {
            encouragement = .encourageSteady
        }
        var progressValue = "—", progressNote = "", trend = "flat", arrow = ""
        if let progress = p.progress {
            progressValue = phrases.signed(progress)
            trend = progress > 0 ? "up" : progress < 0 ? "down" : "flat"
            arrow = progress > 0 ? "▲" : progress < 0 ? "▼" : "■"
            progressNote = p.period == .day ? r.text(.versusYesterday) : r.text(.versusPrevious, ["n": f.integer(p.days)])
            if let percent = p.progressPercent { progressNote = phrases.signedPercent(percent) + " " + progressNote }
            if p.progressPercent == nil && p.total == progress { progressNote = r.text(.versusNothing) }
        } else {
            progressNote = r.text(.sinceStart, ["date": f.longDate(p.start)])
        }
        return [
            "total": .string(f.integer(p.total)),
            "encouragement": .string(r.text(encouragement)),
            "spent": p.spent > 0 ? .string(r.text(.spentAmount, ["n": f.integer(p.spent)])) : .null,
            "progress": .string(progressValue),
            "progressNote": .string(progressNote),
            "trend": .string(trend),
            "arrow": .string(arrow),
            "streak": .string(phrases.days(p.streak)),
            "bestStreak": .string(r.text(.bestStreakIn, ["n": phrases.days(p.bestStreak)])),
            "average": .string(f.decimal(p.average)),
            "perDay": .string(r.text(.perDay)),
            "completed": .string(f.integer(p.completedTargets)),
            "rate": .string(p.completionRate.map { f.decimal($0) + "%" } ?? "—"),
            "rateNote": .string(p.completionRate == nil ? r.text(.noTargetsDue)
                : r.text(.doneOfDue, ["done": f.integer(p.targetsDueDone), "due": f.integer(p.targetsDue)])),
        ]
    }

    // MARK: Charts

    static func heatmapSVG(_ stats: PointStatistics, _ phrases: Phrases, _ r: PageRenderer) -> String {
        let first = Heatmap.firstDay(today: stats.today)
        let days = (0...first.days(to: stats.today)).map { first.adding(days: $0) }
        let values = days.map { stats.daily.earned(on: $0) }
        let active = values.filter { $0 > 0 }.count
        var description = r.text(.heatmapEmpty)
        if let best = values.indices.max(by: { values[$0] < values[$1] || (values[$0] == values[$1] && $0 > $1) }), values[best] > 0 {
            description = r.text(.heatmapDescription, ["active": r.format.integer(active), "days": r.format.integer(days.count),
                                                       "best": phrases.points(values[best]), "date": r.format.longDate(days[best])])
        }
        let labels = Heatmap.Labels(
            weekday: phrases.weekday, month: r.format.monthShort,
            cell: { day, n in r.format.longDate(day) + phrases.colon + phrases.points(n) },
            less: r.text(.less), more: r.text(.more), title: r.text(.heatmapTitle), description: description)
        return Heatmap.svg(today: stats.today, value: { stats.daily.earned(on: $0) }, labels: labels, id: "heatmap")
    }

    /// Hourly bars for the day, daily bars for a week or month, weekly bars for a year or all time.
    static func chart(_ stats: PointStatistics, _ period: Period, _ content: SiteContent, _ phrases: Phrases,
                      _ r: PageRenderer, wide: Bool) -> String {
        let p = stats.period(period)
        let f = r.format
        var bars: [BarChart.Bar] = []
        var whens: [String] = []  // what each bar covers, for the description
        let title: String
        switch period {
        case .day:
            title = r.text(.chartHours)
            let hours = hourly(content, stats)
            whens = (0..<24).map { r.text(.hourOf, ["hour": pad($0, 2)]) }
            bars = hours.enumerated().map { h, n in
                BarChart.Bar(title: whens[h] + " · " + phrases.points(n), label: h % (wide ? 3 : 6) == 0 ? pad(h, 2) : nil, value: n)
            }
        case .week, .month:
            title = r.text(.chartDays)
            let step = period == .week ? 1 : (wide ? 5 : 10)
            bars = (0..<p.days).map { i in
                let day = p.start.adding(days: i)
                let label = period == .week ? phrases.weekday(day.weekday) : (i % step == 0 ? f.shortDate(day) : nil)
                whens.append(f.longDate(day))
                return BarChart.Bar(title: f.longDate(day) + " · " + phrases.points(stats.daily.earned(on: day)),
                                    label: label, value: stats.daily.earned(on: day), highlight: day == stats.today)
            }
        case .year, .all:
            title = r.text(.chartWeeks)
            var mondays: [LocalDate] = []
            var monday = p.start.startOfWeek
            while monday <= p.end {
                mondays.append(monday)
                monday = monday.adding(days: 7)
            }
            // Label the week where a month (a year, over long spans) begins, at least ~34 px apart.
            let band = (wide ? 680.0 : 300.0) / Double(max(1, mondays.count))
            let yearly = p.start.days(to: p.end) > (wide ? 1100 : 500)
            var lastLabelled = -1_000
            for (i, monday) in mondays.enumerated() {
                let from = max(monday, p.start), to = min(monday.adding(days: 6), p.end)
                let value = stats.daily.earned(from: from, to: to)
                let begins = (0..<7).map { monday.adding(days: $0) }.first { $0 >= p.start && $0.day == 1 && (!yearly || $0.month == 1) }
                let mark = begins ?? (i == 0 && from.day <= 10 && !yearly ? from : nil)
                var label: String?
                if let mark, Double(i - lastLabelled) * band >= 34 {
                    label = yearly ? String(mark.year) : f.monthShort(mark.month)
                    lastLabelled = i
                }
                whens.append(r.text(.weekOf, ["date": f.longDate(from)]))
                bars.append(BarChart.Bar(title: whens[whens.count - 1] + " · " + phrases.points(value),
                                         label: label, value: value, highlight: to == stats.today))
            }
        }
        let description: String
        if let best = bars.indices.max(by: { bars[$0].value < bars[$1].value || (bars[$0].value == bars[$1].value && $0 > $1) }),
           bars[best].value > 0 {
            description = r.text(.chartDescription, ["total": phrases.points(p.total), "start": f.longDate(p.start), "end": f.longDate(p.end),
                                                     "best": phrases.points(bars[best].value),
                                                     "when": whens[best]])
        } else {
            description = r.text(.chartEmpty, ["start": f.longDate(p.start), "end": f.longDate(p.end)])
        }
        return BarChart.svg(bars, width: wide ? 720 : 340, height: wide ? 220 : 200, id: "chart-" + (wide ? "wide" : "narrow"),
                            title: title, description: description, className: wide ? "wide" : "narrow")
    }

    /// Points earned in each wall-clock hour of today (whole-day records have no hour).
    static func hourly(_ content: SiteContent, _ stats: PointStatistics) -> [Int] {
        var hours = [Int](repeating: 0, count: 24)
        for record in content.pointsNewestFirst where record.point > 0 {
            guard case .instant(let s) = record.date, s <= stats.now else { continue }
            let wall = stats.zone.localDateTime(of: s)
            if wall.date < stats.today { break }
            if wall.date == stats.today { hours[wall.hour] += record.point }
        }
        return hours
    }

    /// The last 30 days of the weight trend, with the latest trend value.
    static func sparkline(_ weight: WeightStatistics?, _ content: SiteContent, _ r: PageRenderer) -> TemplateValue {
        guard let w = weight else { return .null }
        let unit = content.export.profile.weightUnit ?? .kg
        let unitLabel = WeightPage.unitLabel(unit, r.options.language)
        let trend = w.series.days.suffix(30).map { unit.fromKilograms($0.trend) }
        guard let first = trend.first, let last = trend.last else { return .null }
        let title = r.text(.sparklineTitle, ["first": r.format.decimal(first), "last": r.format.decimal(last), "unit": unitLabel])
        let change = last - first
        return [
            "svg": .html(WeightChart.sparkline(trend, width: 160, height: 44, id: "sparkline", title: title)),
            "trend": .string(r.format.decimal(last) + " " + unitLabel),
            "change": .string((change > 0 && r.format.decimal(change) != "0.0" ? "+" : "") + r.format.decimal(change) + " " + unitLabel),
            "label": .string(r.text(.range30)),
        ]
    }

    // MARK: Tables and lists

    /// The habits table. A habit's streak is its habit page's (Loop's rule, `HabitStreaks`), so
    /// the two pages never disagree; the name links to the habit page (the template adds {{root}}).
    static func tagRows(_ tags: [TagStats], _ today: LocalDate, _ content: SiteContent, _ phrases: Phrases,
                        _ r: PageRenderer) -> TemplateValue {
        .array(tags.map { t in
            [
                "name": .string(t.name),
                "href": .from(HabitPages.path(t.name, content)),
                "color": .from(t.color?.description),
                "completions": .string(r.format.integer(t.completions)),
                "points": .string(r.format.integer(t.points)),
                "time": .string(phrases.duration(minutes: t.minutes)),
                "lastDone": .string(t.lastDone.map { phrases.day($0, today: today) } ?? r.text(.never)),
                "lastDoneMachine": .from(t.lastDone?.description),
                "streak": .string(phrases.days(content.habits.habit(named: t.name).map { $0.currentStreak?.length ?? 0 } ?? t.streak)),
            ]
        })
    }

    /// The last ten point records and dated notes up to now, newest first.
    static func recentActivity(_ content: SiteContent, _ stats: PointStatistics, _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
        struct Item {
            var key: Int64
            var value: TemplateValue
        }
        func when(_ m: Moment) -> (String, String) {
            let day = m.localDate(in: stats.zone)
            var text = phrases.day(day, today: stats.today)
            if case .instant(let s) = m { text += " " + r.format.time(stats.zone.localDateTime(of: s)) }
            return (text, LocaleFormat.machine(m, in: stats.zone))
        }
        var items: [Item] = []
        for record in content.pointsNewestFirst where !record.date.isAfter(stats.now, in: stats.zone) {
            let (text, machine) = when(record.date)
            items.append(Item(key: record.date.sortKey(in: stats.zone), value: [
                "when": .string(text), "machine": .string(machine), "name": .string(record.name ?? PointsPages.typeLabel(record.type, r)),
                "kind": .string(PointsPages.typeLabel(record.type, r)), "points": .string(phrases.signed(record.point)),
                "spent": .bool(record.point < 0),
                "href": record.type == "tag" ? .from(record.name.flatMap { HabitPages.path($0, content) }) : .null,
            ]))
            if items.count == 10 { break }
        }
        for note in content.notes {
            guard let date = note.note.date, !date.isAfter(stats.now, in: stats.zone) else { continue }
            let (text, machine) = when(date)
            items.append(Item(key: date.sortKey(in: stats.zone), value: [
                "when": .string(text), "machine": .string(machine), "name": .string(note.title), "kind": .string(r.text(.noteLabel)),
                "href": .string("notes/" + note.slug + ".html"), "note": .bool(true),  // the template adds {{root}}
            ]))
        }
        let sorted = items.enumerated().sorted { a, b in a.element.key != b.element.key ? a.element.key > b.element.key : a.offset < b.offset }
        return .array(sorted.prefix(10).map(\.element.value))
    }

    static func counts(_ content: SiteContent, _ root: String, _ r: PageRenderer) -> TemplateValue {
        let e = content.export
        let counts: [(UIString, Int, String)] = [
            (.countPoints, e.points.count, "points/index.html"), (.countTags, e.tags.count, "index.html"),
            (.countTargets, e.targets.count, "targets/index.html"), (.countWeights, e.weights.count, "weight/index.html"),
            (.countTodos, e.todos.count, "todos/index.html"), (.countNotes, e.notes.count, "notes/index.html"),
        ]
        return .array(counts.map { key, n, href in
            ["label": .string(r.text(key)), "count": .string(r.format.integer(n)), "href": .string(root + href)]
        })
    }
}
