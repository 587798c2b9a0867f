/// `targets/index.html` (groups, timeline, done by year) and `targets/<slug>.html` (one per target).
enum TargetsPages {
    /// The label the habit app shows for a target: the deadline's date when overdue ("Nov 20" /
    /// "11月20日", with the year when it is not this year's: the card's one date style), `HH:mm`
    /// when due today, "in N days" / "还剩N天" ahead, the completion date when done.
    static func label(_ target: Target, _ state: TargetSchedule.State, _ content: SiteContent, _ r: PageRenderer) -> String {
        switch state {
        case .overdue:
            guard let day = target.deadline?.localDate(in: content.zone) else { return r.text(.stateOverdue) }
            return r.phrases.date(day, today: content.today)
        case .dueToday:
            if case .instant(let s)? = target.deadline { return r.format.time(content.zone.localDateTime(of: s)) }
            return r.text(.todayLower)
        case .upcoming(let days):
            return days == 1 ? r.text(.tomorrow) : r.text(.inDays, ["n": r.format.integer(days)])
        case .done:
            guard let day = target.completionMoment?.localDate(in: content.zone) else { return r.text(.statusDone) }
            return r.text(.completedOn, ["date": r.phrases.date(day, today: content.today)])
        case .noDeadline:
            return r.text(.noDeadline)
        }
    }

    /// The deadline as a card writes it, in the card's date style ("Nov 20 18:00", "2025年11月20日"):
    /// only its time when the card's label already is the deadline's date (overdue), nothing for
    /// an overdue bare date, so no date is written twice in two styles.
    static func cardDeadline(_ target: Target, _ state: TargetSchedule.State, _ content: SiteContent, _ r: PageRenderer) -> String? {
        guard let deadline = target.deadline else { return nil }
        let overdue: Bool
        if case .overdue = state { overdue = true } else { overdue = false }
        switch deadline {
        case .instant(let s):
            let wall = content.zone.localDateTime(of: s)
            let time = r.format.time(wall)
            return overdue ? time : r.phrases.date(wall.date, today: content.today) + " " + time
        case .day(let d):
            return overdue ? nil : r.phrases.date(d, today: content.today)
        }
    }

    /// "9 days overdue" for an overdue target, else nil.
    static func overdueBy(_ state: TargetSchedule.State, _ r: PageRenderer) -> String? {
        guard case .overdue(let days) = state else { return nil }
        let n = Int(clamping: days.magnitude)
        return r.phrases.counted(n, one: .overdueDaysOne, other: .overdueDaysMany)
    }

    static func kind(_ state: TargetSchedule.State) -> String {
        switch state {
        case .overdue: return "overdue"
        case .dueToday: return "today"
        case .upcoming: return "upcoming"
        case .done: return "done"
        case .noDeadline: return "none"
        }
    }

    static func stateText(_ state: TargetSchedule.State, _ r: PageRenderer) -> String {
        switch state {
        case .overdue: return r.text(.stateOverdue)
        case .dueToday: return r.text(.stateDueToday)
        case .upcoming: return r.text(.stateUpcoming)
        case .done: return r.text(.statusDone)
        case .noDeadline: return r.text(.noDeadline)
        }
    }

    /// Template data for one target; `root` leads from the page to the site root.
    /// `onItsPage`: the description for the target's own page, else the card's.
    /// `inFolder`: the page is in `targets/`, so the link is just `slug.html`.
    static func item(_ item: TargetSchedule.Item, _ content: SiteContent, _ r: PageRenderer, root: String, onItsPage: Bool = false,
                     inFolder: Bool = false) -> TemplateValue {
        let entry = content.targets[item.index]
        let t = entry.target
        let notes = entry.notes.map { content.notes[$0] }
        let href = (inFolder ? "" : root + "targets/") + entry.slug + ".html"
        return [
            "name": .string(t.name),
            "href": .string(href),
            "color": .from(t.color?.description),
            "points": t.point.map { .string(r.phrases.points($0)) } ?? .null,
            "kind": .string(kind(item.state)),
            "state": .string(stateText(item.state, r)),
            "label": .string(label(t, item.state, content, r)),
            "overdueBy": .from(overdueBy(item.state, r)),
            "deadline": t.deadline.map { .string(r.format.moment($0, in: content.zone)) } ?? .null,
            "cardDeadline": .from(cardDeadline(t, item.state, content, r)),
            "deadlineMachine": t.deadline.map { .string(LocaleFormat.machine($0, in: content.zone)) } ?? .null,
            // A completion after now is not shown: there the target is still open.
            "completed": item.state == .done ? t.completed.map { .string(r.format.moment($0, in: content.zone)) } ?? .null : .null,
            "descriptionHTML": (onItsPage ? entry.pageHTML : entry.cardHTML).map { .html($0) } ?? .null,
            "notes": .array(notes.map { ["title": .string($0.title), "href": .string(root + "notes/" + $0.slug + ".html")] }),
        ]
    }

    /// Open targets overdue longer than this fold into a collapsed list.
    static let oldOverdueDays = 90

    /// `targets/index.html`: the open groups (overdue, due today, upcoming, no deadline), the
    /// timeline of the days around today, then the done targets by year with the on-time rate.
    /// Recent open targets get cards; old overdue and done ones get one-line rows (each has its
    /// own page), so ten years of targets make a light page.
    static func renderIndex(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let schedule = content.arranged.schedule
        var open: [TemplateValue] = []
        for (group, name) in [(0, UIString.stateOverdue), (1, .stateDueToday), (2, .stateUpcoming), (4, .noDeadline)] {
            let members = schedule.filter { $0.state.group == group }
            guard let first = members.first else { continue }
            var recent: [TemplateValue] = [], old: [TemplateValue] = []
            for item in members {
                if case .overdue(let days) = item.state, days < -oldOverdueDays {
                    old.append(row(item, content, r, date: label(content.targets[item.index].target, item.state, content, r),
                                   machine: item.deadlineDay?.description, note: overdueBy(item.state, r)))
                } else {
                    recent.append(self.item(item, content, r, root: "../", inFolder: true))
                }
            }
            open.append([
                "title": .string(r.text(name)), "count": .string(r.format.integer(members.count)), "kind": .string(kind(first.state)),
                "targets": .array(recent),
                "old": old.isEmpty ? .null : ["summary": .string(r.text(.oldOverdueSummary, ["n": r.format.integer(old.count)])), "rows": .array(old)],
            ])
        }
        return try r.page("targets/index.html", template: "targets", title: r.text(.targetsTitle), section: "targets", [
            "groups": .array(open),
            "empty": .bool(schedule.isEmpty),
            "timeline": timeline(schedule, content, r),
            "done": doneSection(schedule, content, r),
        ])
    }

    /// A one-line row: the name linked to its page, a date, and a note ("3 days late").
    static func row(_ item: TargetSchedule.Item, _ content: SiteContent, _ r: PageRenderer, date: String?, machine: String?,
                    note: String?) -> TemplateValue {
        let entry = content.targets[item.index]
        return ["name": .string(entry.target.name), "href": .string(entry.slug + ".html"), "date": .from(date),
                "machine": .from(machine), "note": .from(note)]
    }

    /// The done targets grouped by the year of their completion, newest first (the newest year
    /// open, the others collapsed), with the on-time rate.
    static func doneSection(_ schedule: [TargetSchedule.Item], _ content: SiteContent, _ r: PageRenderer) -> TemplateValue {
        let done = schedule.filter { $0.state == .done }  // latest completion first
        guard !done.isEmpty else { return .null }
        let f = r.format
        var years: [(year: Int?, rows: [TemplateValue], onTime: Int, late: Int)] = []
        for item in done {
            let t = content.targets[item.index].target
            var note: String?
            var onTime = 0, late = 0
            if let deadline = t.deadline, let completion = t.completionMoment {
                let days = TargetSchedule.lateDays(completion: completion, deadline: deadline, zone: content.zone)
                if days > 0 {
                    late = 1
                    note = r.phrases.counted(days, one: .lateDaysOne, other: .lateDaysMany)
                } else {
                    onTime = 1
                }
            }
            let day = item.completionDay
            if years.isEmpty || years[years.count - 1].year != day?.year { years.append((day?.year, [], 0, 0)) }
            years[years.count - 1].rows.append(row(item, content, r, date: day.map(f.shortDate), machine: day?.description, note: note))
            years[years.count - 1].onTime += onTime
            years[years.count - 1].late += late
        }
        let punctuality = TargetSchedule.punctuality(content.export.targets, now: content.options.now, zone: content.zone)
        return [
            "title": .string(r.text(.statusDone)), "count": .string(f.integer(done.count)),
            "onTime": punctuality.rate.map { .string(r.text(.onTimeRate, ["rate": f.decimal($0) + "%"])) } ?? .null,
            "onTimeDetail": .string(r.phrases.counted(punctuality.due, one: .onTimeDetailOne, other: .onTimeDetail, [
                "onTime": f.integer(punctuality.onTime), "total": f.integer(punctuality.due), "late": f.integer(punctuality.late),
                "overdue": f.integer(punctuality.overdue)])),
            "years": .array(years.enumerated().map { i, y in
                ["year": .string(y.year.map(String.init) ?? r.text(.undated)), "open": .bool(i == 0),
                 "count": .string(f.integer(y.rows.count)),
                 "split": y.onTime + y.late == 0 ? .null
                    : .string(r.text(.onTimeLate, ["onTime": f.integer(y.onTime), "late": f.integer(y.late)])),
                 "rows": .array(y.rows)]
            }),
        ]
    }

    /// The page of the target at `index` of the schedule.
    static func renderTarget(_ index: Int, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let scheduled = content.arranged.schedule[index]
        let entry = content.targets[scheduled.index]
        let records = content.points.earned[entry.target.name] ?? []
        var data = item(scheduled, content, r, root: "../", onItsPage: true).objectValue
        data["records"] = .finishedHTML(PointsPages.table(records[...], content, r))
        data["hasRecords"] = .bool(!records.isEmpty)
        return try r.page(path(entry), template: "target", title: entry.target.name, section: "targets",
                          description: entry.pageHTML.map { NoteExcerpt.make(html: Array($0.utf8), title: entry.target.name) }, data)
    }

    /// A target's page, from the site's root.
    static func path(_ entry: SiteContent.TargetEntry) -> String { "targets/\(entry.slug).html" }

    /// The timeline of the days around today and its caption; nil when no deadline falls there.
    static func timeline(_ schedule: [TargetSchedule.Item], _ content: SiteContent, _ r: PageRenderer) -> TemplateValue {
        var markers: [TimelineChart.Marker] = []
        for item in schedule {
            guard let day = item.deadlineDay else { continue }
            let t = content.targets[item.index].target
            let k: TimelineChart.Kind
            switch item.state {
            case .overdue: k = .overdue
            case .dueToday: k = .today
            case .upcoming: k = .upcoming
            case .done, .noDeadline: k = .done
            }
            let deadline = t.deadline.map { r.format.moment($0, in: content.zone) } ?? ""
            markers.append(TimelineChart.Marker(day: day.dayNumber, kind: k, label: t.name,
                                                title: BidiIsolation.isolated(t.name) + " · " + stateText(item.state, r) + " · " + deadline))
        }
        let f = r.format
        let listed = 8
        var options = TimelineChart.Options(
            today: content.today.dayNumber, todayLabel: r.text(.today),
            tickLabel: { d in TimeTicks.boundary(d) == .year ? String(d.year) : (TimeTicks.boundary(d) == .month ? f.monthShort(d.month) : f.shortDate(d)) },
            clusterTitle: { members in
                let separator = r.phrases.listSeparator
                let names = members.prefix(listed).map(\.title).joined(separator: separator)
                let more = members.count > listed ? separator + r.text(.clusterMore, ["n": f.integer(members.count - listed)]) : ""
                return r.text(.clusterTitle, ["n": f.integer(members.count),
                                              "start": f.shortDate(LocalDate(dayNumber: members.first?.day ?? 0)),
                                              "end": f.shortDate(LocalDate(dayNumber: members.last?.day ?? 0)), "names": names + more])
            },
            clusterLabel: { members in
                let first = LocalDate(dayNumber: members.first?.day ?? 0), last = LocalDate(dayNumber: members.last?.day ?? 0)
                return first == last ? f.shortDate(first) : f.shortDate(first) + "–" + f.shortDate(last)
            },
            title: r.text(.timelineTitle), description: "", id: "timeline")
        let visible = TimelineChart.visible(markers, options).map { markers[$0] }
        guard !visible.isEmpty else { return .null }
        let window = options.window
        let start = f.longDate(LocalDate(dayNumber: window.lowerBound)), end = f.longDate(LocalDate(dayNumber: window.upperBound))
        func count(_ k: TimelineChart.Kind) -> String { f.integer(visible.filter { $0.kind == k }.count) }
        options.description = r.text(.timelineDescription, [
            "start": start, "end": end, "overdue": count(.overdue), "today": count(.today), "upcoming": count(.upcoming), "done": count(.done)])
        let caption = r.phrases.counted(schedule.count, one: .timelineCaptionOne, other: .timelineCaption, [
            "start": start, "end": end, "past": f.integer(options.past), "ahead": f.integer(options.ahead),
            "shown": f.integer(visible.count), "total": f.integer(schedule.count)])
        return ["svg": .html(TimelineChart.svg(markers, options)), "caption": .string(caption)]
    }

    /// The dashboard's block: the next three targets due (today first) and how many are overdue.
    static func dashboardBlock(_ content: SiteContent, _ r: PageRenderer, root: String) -> TemplateValue {
        let schedule = content.arranged.schedule
        guard !schedule.isEmpty else { return .null }
        let next = schedule.filter { $0.state.group == 1 || $0.state.group == 2 }.prefix(3)
        let overdue = schedule.filter { $0.state.group == 0 }.count
        return [
            "next": .array(next.map { item($0, content, r, root: root) }),
            "overdue": overdue > 0 ? .string(r.text(.overdueCount, ["n": r.format.integer(overdue)])) : .null,
            "href": .string(root + "targets/index.html"),
        ]
    }
}

extension TemplateValue {
    /// The members of an object (empty for anything else), to add keys to.
    var objectValue: TemplateObject {
        if case .object(let o) = self { return o }
        return [:]
    }
}
