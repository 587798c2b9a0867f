/// `targets/index.html` (groups, timeline) and `targets/<slug>.html` (one per target).
enum TargetsPages {
    /// The label the habit app shows for a target: `MM.dd` when overdue, `HH:mm` when due today,
    /// "in N days" / "还剩N天" ahead, the completion date when done.
    static func label(_ target: Target, _ state: TargetSchedule.State, _ content: SiteContent, _ r: PageRenderer) -> String {
        switch state {
        case .overdue:
            guard let day = target.deadline?.localDate(in: content.zone) else { return r.text(.stateOverdue) }
            return pad(day.month, 2) + "." + pad(day.day, 2)
        case .dueToday:
            if case .instant(let s)? = target.deadline { return r.format.time(content.zone.localDateTime(of: s)) }
            return r.text(.todayLower)
        case .upcoming(let days):
            return days == 1 ? r.text(.tomorrow) : r.text(.inDays, ["n": r.format.integer(days)])
        case .done:
            guard let day = target.completionMoment?.localDate(in: content.zone) else { return r.text(.statusDone) }
            return r.text(.completedOn, ["date": Phrases(r.options.language).date(day, today: content.today)])
        case .noDeadline:
            return r.text(.noDeadline)
        }
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
    static func item(_ item: TargetSchedule.Item, _ content: SiteContent, _ r: PageRenderer, root: String, onItsPage: Bool = false) -> TemplateValue {
        let entry = content.targets[item.index]
        let t = entry.target
        let notes = entry.notes.map { content.notes[$0] }
        return [
            "name": .string(t.name),
            "href": .string(root + "targets/" + entry.slug + ".html"),
            "color": .from(t.color?.description),
            "points": t.point.map { .string(Phrases(r.options.language).points($0)) } ?? .null,
            "kind": .string(kind(item.state)),
            "state": .string(stateText(item.state, r)),
            "label": .string(label(t, item.state, content, r)),
            "deadline": t.deadline.map { .string(r.format.moment($0, in: content.zone)) } ?? .null,
            "deadlineMachine": t.deadline.map { .string(LocaleFormat.machine($0, in: content.zone)) } ?? .null,
            "completed": t.completed.map { .string(r.format.moment($0, in: content.zone)) } ?? .null,
            "descriptionHTML": (onItsPage ? entry.pageHTML : entry.cardHTML).map { .html($0) } ?? .null,
            "notes": .array(notes.map { ["title": .string($0.title), "href": .string(root + "notes/" + $0.slug + ".html")] }),
        ]
    }

    /// The records of type "target", newest first, by name.
    static func earned(_ points: PointsNewestFirst) -> [String: [PointRecord]] {
        var earned: [String: [PointRecord]] = [:]
        for record in points where record.type == "target" {
            if let name = record.name { earned[name, default: []].append(record) }
        }
        return earned
    }

    /// `targets/index.html`: the groups and the timeline.
    static func renderIndex(_ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> SiteFile {
        let schedule = content.arranged.schedule
        let groupNames: [(Int, UIString)] = [(0, .stateOverdue), (1, .stateDueToday), (2, .stateUpcoming), (3, .statusDone), (4, .noDeadline)]
        let groups: [TemplateValue] = groupNames.compactMap { group, name in
            let members = schedule.filter { $0.state.group == group }
            guard !members.isEmpty else { return nil }
            return ["title": .string(r.text(name)), "count": .string(r.format.integer(members.count)),
                    "kind": .string(kind(members[0].state)),
                    "targets": .array(members.map { item($0, content, r, root: "../") })]
        }
        return try r.page("targets/index.html", template: "targets", title: r.text(.targetsTitle), section: "targets", [
            "groups": .array(groups),
            "timelineWide": timeline(schedule, content, r, wide: true),
            "timelineNarrow": timeline(schedule, content, r, wide: false),
        ])
    }

    /// The pages of the targets at `range` of the schedule.
    static func renderTargets(_ range: Range<Int>, _ content: SiteContent, _ r: PageRenderer) throws(TemplateError) -> [SiteFile] {
        let schedule = content.arranged.schedule
        var files: [SiteFile] = []
        for scheduled in schedule[range] {
            let entry = content.targets[scheduled.index]
            let records = content.points.earned[entry.target.name] ?? []
            var data = item(scheduled, content, r, root: "../", onItsPage: true).objectValue
            data["records"] = .htmlBytes(PointsPages.table(records[...], content, r))
            data["hasRecords"] = .bool(!records.isEmpty)
            files.append(try r.page("targets/\(entry.slug).html", template: "target", title: entry.target.name, section: "targets", data))
        }
        return files
    }

    static func timeline(_ schedule: [TargetSchedule.Item], _ content: SiteContent, _ r: PageRenderer, wide: Bool) -> TemplateValue {
        var markers: [TimelineChart.Marker] = []
        var counts = [0, 0, 0, 0]
        for item in schedule {
            guard let day = item.deadlineDay else { continue }
            let t = content.targets[item.index].target
            let k: TimelineChart.Kind
            switch item.state {
            case .overdue: k = .overdue; counts[0] += 1
            case .dueToday: k = .today; counts[1] += 1
            case .upcoming: k = .upcoming; counts[2] += 1
            case .done, .noDeadline: k = .done; counts[3] += 1
            }
            let deadline = t.deadline.map { r.format.moment($0, in: content.zone) } ?? ""
            markers.append(TimelineChart.Marker(day: day.dayNumber, kind: k, label: t.name,
                                                title: t.name + " · " + stateText(item.state, r) + " · " + deadline))
        }
        guard !markers.isEmpty else { return .null }
        let today = content.today.dayNumber
        let (d0, d1) = TimelineChart.domain(markers, today: today)
        let f = r.format
        let description = r.text(.timelineDescription, [
            "start": f.longDate(LocalDate(dayNumber: d0)), "end": f.longDate(LocalDate(dayNumber: d1)),
            "overdue": f.integer(counts[0]), "today": f.integer(counts[1]), "upcoming": f.integer(counts[2]), "done": f.integer(counts[3])])
        let options = TimelineChart.Options(
            width: wide ? 720 : 340, today: today, todayLabel: r.text(.today), xTicks: wide ? 8 : 4, maxLabel: wide ? 22 : 14,
            tickLabel: { d in TimeTicks.boundary(d) == .year ? String(d.year) : (TimeTicks.boundary(d) == .month ? f.monthShort(d.month) : f.shortDate(d)) },
            title: r.text(.timelineTitle), description: description, id: "timeline-" + (wide ? "wide" : "narrow"), className: wide ? "wide" : "narrow")
        return .html(TimelineChart.svg(markers, options))
    }

    /// The dashboard's block: the next three targets due (today first) and how many are overdue.
    static func dashboardBlock(_ content: SiteContent, _ r: PageRenderer, root: String) -> TemplateValue {
        let schedule = TargetSchedule.ordered(content.export.targets, today: content.today, zone: content.zone)
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
    var objectValue: [String: TemplateValue] {
        if case .object(let o) = self { return o }
        return [:]
    }
}
