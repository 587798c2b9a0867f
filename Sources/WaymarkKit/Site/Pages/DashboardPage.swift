/// The dashboard: `index.html` (the past week) and `period/{day,month,year,all}.html`, each with
/// the period's cards, a bar chart, the heatmap, the habits table and recent activity.
enum DashboardPage {
    static let periods: [(Period, UIString)] = [(.day, .periodDay), (.week, .periodWeek), (.month, .periodMonth),
                                                (.year, .periodYear), (.all, .periodAll)]

    static func path(_ p: Period) -> String { p == .week ? "index.html" : "period/\(p.rawValue).html" }

    /// What the five period pages share, computed once.
    struct Plan: Sendable {
        var heatmap: String
        var heatmapTable: TemplateValue
        var recent: TemplateValue
        var weightBlock: TemplateValue
        var greeting: String
        var balance: TemplateValue
        var years: TemplateValue
    }

    static func plan(_ content: SiteContent, _ stats: PointStatistics, weight: WeightStatistics?, _ r: PageRenderer) -> Plan {
        let phrases = r.phrases
        return Plan(heatmap: DashboardCharts.heatmapSVG(stats, phrases, r), heatmapTable: DashboardCharts.heatmapTable(stats, phrases, r),
                    recent: recentActivity(content, stats, phrases, r),
                    weightBlock: sparkline(weight, content, r),
                    greeting: content.export.profile.userName.map { r.text(.welcomeNamed, ["name": $0]) } ?? r.text(.welcomeAnonymous),
                    balance: balance(content.balance, r),
                    years: .array(content.years.reversed().map { y in
                        ["label": .string(y.isPartial ? r.text(.soFarIn, ["year": String(y.year)]) : r.format.year(y.year)),
                         "href": .string(YearPages.path(y.year))]
                    }))
    }

    /// All points earned minus all spent, up to now; nothing without point records.
    static func balance(_ b: PointsBalance, _ r: PageRenderer) -> TemplateValue {
        guard b.earned != 0 || b.spent != 0 else { return .null }
        return ["value": .string(r.format.integer(b.balance)), "spentAnything": .bool(!b.spendings.isEmpty),
                "note": .string(r.text(.balanceNote, ["earned": r.format.integer(b.earned), "spent": r.format.integer(b.spent)]))]
    }

    /// Whether the dashboards are built: they are about points, so they need the overview and
    /// the points. Otherwise `index.html` is a front page and there are no period pages.
    static func builds(_ options: SiteOptions) -> Bool { options.builds(.overview) && options.builds(.points) }

    /// `stats.json`: the figures of the dashboards, the habits and the years, for other programs.
    static let statisticsPath = "stats.json"

    static func statistics(_ content: SiteContent) -> SiteFile {
        SiteFile(path: statisticsPath, text: StatsDocument.make(content.pointStatistics, habits: content.habits, years: content.years,
                                                                balance: content.balance, extra: StatsDocument.extras(content),
                                                                options: content.options).text)
    }

    /// The dashboard page of one period.
    static func render(_ period: Period, _ plan: Plan, _ content: SiteContent, _ stats: PointStatistics,
                       _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let phrases = r.phrases
        let label = periods.first { $0.0 == period }?.1 ?? .periodWeek
        let path = DashboardPage.path(period)
        let root = SitePath.root(from: path)
        let context: TemplateObject = [
            "greeting": .string(plan.greeting),
            "periodLabel": .string(r.text(label)),
            "periods": .array(periods.map { p, l in
                ["label": .string(r.text(l)), "href": .string(root + DashboardPage.path(p)), "current": .bool(p == period)]
            }),
            // Without point records the cards and charts would only show zeros: one line says so.
            "hasPoints": .bool(stats.daily.hasRecords),
            "noPoints": .bool(!stats.daily.hasRecords),
            "cards": stats.daily.hasRecords ? cards(stats.period(period), bestEver: stats.period(.all).bestStreak,
                                                    earlier: stats.period(period).hasEarlierData(stats.daily), phrases, r) : .null,
            "bars": stats.daily.hasRecords ? DashboardCharts.barPanel(stats, period, content, phrases, r) : .null,
            "heatmap": .html(plan.heatmap),
            "heatmapTable": plan.heatmapTable,
            "tags": tagRows(stats.tags(in: period), stats.today, content, phrases, r),
            "recent": plan.recent,
            "hasRecent": .bool(!plan.recent.isFalsey),
            "counts": counts(content, root, r),
            "noSections": .string(r.text(content.options.sectionsLimited ? .noSectionsChosen : .noSections)),
            "weightBlock": plan.weightBlock,
            "targetsBlock": TargetsPages.dashboardBlock(content, r, root: root),
            "balance": plan.balance,
            "years": plan.years,
        ]
        let title = period == .week ? r.text(.overviewTitle) : r.text(label)
        return try r.page(path, template: "dashboard", title: title, section: "overview", context)
    }

    /// index.html when the dashboards are not built (no points): it leads with what the person
    /// tracks, the habits panel (`HabitsLead`) when there are habits; with the overview, the next
    /// targets and weight panels too; without it, weight when there are no habits (a weight log's
    /// front page), the newest notes when there are only notes. The years and the links to the
    /// sections either way.
    static func frontPage(_ plan: Plan, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let overview = content.options.builds(.overview), builds = content.options.builds
        let notesLead = builds(.notes) && !builds(.habits) && !builds(.weight) && !builds(.points)
        // The phone's activity leads when nobody ticked a habit or earned a point: its habits, if
        // any, are the activity's own metrics.
        let activitySource = UIString.activityHabitSource.text(content.options.language)
        let activityLead = builds(.activity) && !builds(.points)
            && content.export.tags.allSatisfy { $0.habit?.source == activitySource }
        let context: TemplateObject = [
            "greeting": .string(plan.greeting),
            "counts": counts(content, "", r),
            "noSections": .string(r.text(content.options.sectionsLimited ? .noSectionsChosen : .noSections)),
            "activityLead": activityLead ? content.activity.map { .array(ActivityPage.cards($0, content, r)) } ?? .null : .null,
            "habitsLead": HabitsLead.block(content, r, root: ""),
            "weightBlock": overview || !builds(.habits) ? plan.weightBlock : .null,
            // Notes alone: the newest notes lead.
            "recent": notesLead ? plan.recent : .null,
            "hasRecent": .bool(notesLead && !plan.recent.isFalsey),
            "targetsBlock": overview ? TargetsPages.dashboardBlock(content, r, root: "") : .null,
            // The years are in the menu too; the front page links each one.
            "years": plan.years,
        ]
        return try r.page("index.html", template: "dashboard", title: r.text(overview ? .overviewTitle : .frontPageTitle),
                          section: "overview", context)
    }

    // MARK: Cards

    /// The six cards of a period. `bestEver` is the longest streak of all time; `earlier` whether
    /// anything was recorded before the period (else there is nothing to compare with).
    static func cards(_ p: PeriodStats, bestEver: Int, earlier: Bool, _ phrases: Phrases, _ r: PageRenderer) -> TemplateValue {
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
        let progress = progressCard(p, earlier: earlier, phrases, r)
        // A window's longest run is cut at the window's start: it is labelled as the window's, and
        // shown only when it differs from the best of all time (never for a day, nor for all time).
        let within = (p.period == .week || p.period == .month || p.period == .year) && p.bestStreak != bestEver
        return [
            "total": .string(f.integer(p.total)),
            "encouragement": .string(r.text(encouragement)),
            "spent": p.spent > 0 ? .string(r.text(.spentAmount, ["n": f.integer(p.spent)])) : .null,
            "progress": .string(progress.value),
            "progressNote": .string(progress.note),
            "trend": .string(progress.trend),
            "arrow": .string(progress.arrow),
            "streak": .string(phrases.days(p.streak)),
            "bestEver": .string(r.text(.streakBestEver, ["n": phrases.days(bestEver)])),
            "bestWithin": within ? .string(r.text(.streakBestWithin, ["days": f.integer(p.days), "n": phrases.days(p.bestStreak)])) : .null,
            "average": .string(f.decimal(p.average)),
            "perDay": .string(r.text(.perDay)),
            "completed": .string(f.integer(p.completedTargets)),
            "rate": .string(p.completionRate.map { f.decimal($0) + "%" } ?? "—"),
            "rateNote": .string(p.completionRate == nil ? r.text(.noTargetsDue)
                : r.text(.doneOfDue, ["done": f.integer(p.targetsDueDone), "due": f.integer(p.targetsDue)])),
        ]
    }

    /// The progress card: a rise (▲, green) or a fall (▼, red) against the window before; "="
    /// without colour for no change; a dash without colour when there is nothing earlier.
    static func progressCard(_ p: PeriodStats, earlier: Bool, _ phrases: Phrases,
                             _ r: PageRenderer) -> (value: String, note: String, trend: String, arrow: String) {
        let f = r.format
        guard let progress = p.progress else { return ("—", r.text(.sinceStart, ["date": f.longDate(p.start)]), "flat", "") }
        guard earlier else { return ("—", r.text(.progressNoEarlier), "flat", "") }
        let day = p.period == .day
        let n = ["n": f.integer(p.days)]
        if progress == 0 { return ("0", day ? r.text(.progressSameYesterday) : r.text(.progressSameBefore, n), "flat", "=") }
        let note: String
        if let percent = p.progressPercent {
            let values = ["n": f.integer(p.days), "percent": phrases.signedPercent(percent)]
            note = day ? r.text(.progressVsYesterday, values) : r.text(.progressVsPrevious, values)
        } else {
            note = day ? r.text(.progressNoneYesterday) : r.text(.progressNoneBefore, n)
        }
        return (phrases.signed(progress), note, progress > 0 ? "up" : "down", progress > 0 ? "▲" : "▼")
    }

    /// The last 30 days of the weight trend, with the latest trend value.
    static func sparkline(_ weight: WeightStatistics?, _ content: SiteContent, _ r: PageRenderer) -> TemplateValue {
        guard let w = weight else { return .null }
        let unit = content.export.profile.weightUnit ?? .kg
        let unitLabel = WeightPage.unitLabel(unit, r.options.language)
        // The trend of the last 31 days: the change across them is the weight page's 30-day
        // change; with fewer days, the change across those there are, labelled with their span.
        let trend = w.series.days.suffix(31).map { unit.fromKilograms($0.trend) }
        guard let first = trend.first, let last = trend.last else { return .null }
        let change = last - first
        let changeText = (change > 0 && r.format.decimal(change) != "0.0" ? "+" : "") + r.format.decimal(change) + " " + unitLabel
        // One weighing spans no days: no change and no span, only the day when it is old.
        var label = trend.count == 31 ? r.text(.range30) : trend.count > 1 ? r.phrases.days(trend.count - 1) : ""
        // Computed to the last weighing, which the site's day may be long after: it says so.
        if w.latestDate < content.today {
            let to = r.text(.figuresTo, ["date": r.format.longDate(w.latestDate)])
            label += label.isEmpty ? to : (r.options.language == .zhHans ? "，" : ", ") + to
        }
        if r.options.privacy.weight == .changes {
            // Weight as changes only (privacy): the change alone (the sparkline's coordinates are pixels).
            return [
                "svg": .html(WeightChart.sparkline(trend, width: 160, height: 44, id: "sparkline",
                                                   title: r.text(.sparklineTitleChanges, ["change": changeText]))),
                "trend": .string(trend.count > 1 ? changeText : "–"), "change": .null, "label": .string(label),
            ]
        }
        let title = r.text(.sparklineTitle, ["first": r.format.decimal(first), "last": r.format.decimal(last), "unit": unitLabel])
        return [
            "svg": .html(WeightChart.sparkline(trend, width: 160, height: 44, id: "sparkline", title: title)),
            "trend": .string(r.format.decimal(last) + " " + unitLabel),
            "change": trend.count > 1 ? .string(changeText) : .null,
            "label": .string(label),
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
                "streak": .string(content.habits.habit(named: t.name).map { HabitPages.currentStreakText($0, phrases) } ?? phrases.days(t.streak)),
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

    /// What the site is built from, each linking to its section: only the sections built.
    static func counts(_ content: SiteContent, _ root: String, _ r: PageRenderer) -> TemplateValue {
        let e = content.export
        let counts: [(UIString, Int, String, SiteSection)] = [
            // The records up to now, as many as the points pages list.
            (.countPoints, content.pointsNewestFirst.count, "points/index.html", .points),
            // "Timed habits" are the points app's; other trackers' are habits.
            (e.tags.contains { $0.habit != nil } ? .countHabits : .countTags, e.tags.count, "habits/index.html", .habits),
            (.countTargets, e.targets.count, "targets/index.html", .targets), (.countWeights, e.weights.count, "weight/index.html", .weight),
            (.countActivityDays, content.activity?.activeDays(in: content.zone) ?? 0, "activity/index.html", .activity),
            (.countTodos, e.todos.count, "todos/index.html", .todos), (.countNotes, e.notes.count, "notes/index.html", .notes),
        ].filter { content.options.builds($0.3) && ($0.3 != .activity || content.activity != nil) }
        return .array(counts.map { key, n, href, _ in
            ["label": .string(r.text(key)), "count": .string(r.format.integer(n)), "href": .string(root + href)]
        })
    }
}
